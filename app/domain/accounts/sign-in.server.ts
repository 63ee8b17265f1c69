import { db } from "../../db/client.server.ts";
import { failed, type Refusal, rateLimited, refuse } from "../refusal.ts";
import { RATE_LIMIT_MESSAGE } from "../security/rate-limit.server.ts";
import { recordSignInOutcome, throttleSignIn } from "../security/sign-in-throttle.server.ts";
import { auth } from "./auth.server.ts";
import { type AuthOutcome, runAuthCall } from "./auth-response.server.ts";
import { ACCOUNT_TEXT } from "./messages.ts";
import { SUSPENDED_CODE } from "./suspended-sign-in.server.ts";
import { SUSPENSION_TEXT } from "./user-controls-text.ts";

/** An unconfirmed account's refusal carries this code, so the page offers the link again (product rules 5.1). */
export const UNVERIFIED_CODE = "unverified";

/**
 * A right password: signed in, or (`secondFactor`) asked for a code first; then `cookies` hold only the pending
 * challenge, and `userId` is empty until verifySignInCode (product rules 15.12).
 */
export type SignInResult = { ok: true; userId: string; cookies: Headers; secondFactor?: boolean } | Refusal;

/**
 * Signs in with e-mail and password (a new session each time, so the session id changes at sign-in).
 * The failure message never tells whether the address has an account.
 */
export async function signInWithPassword(
  request: Request,
  input: { email: string; password: string; callbackPath?: string },
): Promise<SignInResult> {
  const throttled = await throttleSignIn(db(), request, input.email);
  if (throttled) {
    return rateLimited(RATE_LIMIT_MESSAGE, throttled.retryAfterSeconds);
  }
  const outcome = await runAuthCall(() =>
    auth().api.signInEmail({
      body: { email: input.email, password: input.password, callbackURL: input.callbackPath },
      headers: request.headers,
      asResponse: true,
    }),
  );
  if (outcome.succeeded && outcome.body?.twoFactorRedirect === true)
    return { ok: true, userId: "", cookies: outcome.cookies, secondFactor: true };
  if (outcome.succeeded) {
    await recordSignInOutcome(db(), request, input.email, "succeeded");
    const user = outcome.body?.user as { id?: string } | undefined;
    return { ok: true, userId: String(user?.id ?? ""), cookies: outcome.cookies };
  }
  const failure = signInFailure(outcome);
  if (!failure.ok && failure.kind === "invalid")
    await recordSignInOutcome(db(), request, input.email, "failed");
  return failure;
}

function signInFailure(outcome: AuthOutcome): SignInResult {
  if (outcome.code === SUSPENDED_CODE)
    return refuse("forbidden", SUSPENSION_TEXT.signInRefused, { code: SUSPENDED_CODE });
  if (outcome.code === "EMAIL_NOT_VERIFIED") {
    return refuse("forbidden", ACCOUNT_TEXT.unverified, { code: UNVERIFIED_CODE });
  }
  if (outcome.status === 401 || outcome.status === 400 || outcome.code === "INVALID_EMAIL_OR_PASSWORD") {
    return refuse("invalid", ACCOUNT_TEXT.invalidCredentials);
  }
  console.error("sign-in failed", outcome.status, outcome.code, outcome.message);
  return failed("We could not sign you in. Please try again.");
}
