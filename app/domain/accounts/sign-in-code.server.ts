import { db } from "../../db/client.server.ts";
import { failed, type Refusal, rateLimited, refuse } from "../refusal.ts";
import { RATE_LIMIT_MESSAGE } from "../security/rate-limit.server.ts";
import { recordSignInOutcome, throttleSignIn } from "../security/sign-in-throttle.server.ts";
import {
  CODE_LOCK_SECONDS,
  checkTwoFactorCode,
  isCodeStepLocked,
  isWrongCode,
  typedCode,
} from "./two-factor-code.server.ts";
import { TWO_FACTOR_TEXT } from "./two-factor-text.ts";

/** A refusal with this code means the pending sign-in is over: the page asks for the password again. */
export const CHALLENGE_EXPIRED_CODE = "challenge_expired";

/**
 * The second step of a sign-in (product rules 15.12): a code from the authenticator or one unused backup code
 * (used up by this). Throttled like the password (product rules 15.17): a wrong code counts as a failed sign-in
 * of the address and the account; better-auth also ends the challenge after 5 wrong codes.
 */
export async function verifySignInCode(
  request: Request,
  input: { email: string; code: string },
): Promise<{ ok: true; userId: string; cookies: Headers } | Refusal> {
  const throttled = await throttleSignIn(db(), request, input.email);
  if (throttled) return rateLimited(RATE_LIMIT_MESSAGE, throttled.retryAfterSeconds);
  const outcome = await checkTwoFactorCode(request, typedCode(input.code));
  if (outcome.succeeded) {
    await recordSignInOutcome(db(), request, input.email, "succeeded");
    const user = outcome.body?.user as { id?: string } | undefined;
    return { ok: true, userId: String(user?.id ?? ""), cookies: outcome.cookies };
  }
  if (isWrongCode(outcome)) {
    await recordSignInOutcome(db(), request, input.email, "failed");
    return refuse("invalid", TWO_FACTOR_TEXT.invalidCode, { field: "code" });
  }
  if (isCodeStepLocked(outcome)) return rateLimited(RATE_LIMIT_MESSAGE, CODE_LOCK_SECONDS);
  if (outcome.status === 401 || outcome.status === 400)
    return refuse("invalid", TWO_FACTOR_TEXT.challengeExpired, { code: CHALLENGE_EXPIRED_CODE });
  console.error("sign-in code failed", outcome.status, outcome.code, outcome.message);
  return failed("We could not sign you in. Please try again.");
}
