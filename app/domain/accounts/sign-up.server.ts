import { db } from "../../db/client.server.ts";
import { failed, type Refusal, refuse } from "../refusal.ts";
import { checkRateLimits, rateLimitKeys, rateLimitRefusal } from "../security/rate-limit.server.ts";
import { auth } from "./auth.server.ts";
import { runAuthCall } from "./auth-response.server.ts";

export type SignUpResult = { ok: true } | Refusal;

const SIGN_UP_FAILED = "Could not create your account. Please try again.";

/**
 * Creates an unconfirmed account and mails its confirmation link; `next` (a local path) comes back
 * in that link. An address that already has an account gets the very same answer (better-auth's
 * enumeration protection, as requireEmailVerification is on), so sign-up never reveals accounts.
 */
export async function registerAccount(
  request: Request,
  input: { email: string; password: string; next?: string },
): Promise<SignUpResult> {
  const limited = await checkRateLimits(db(), rateLimitKeys.signUp(request));
  if (!limited.allowed) return rateLimitRefusal(limited);
  const outcome = await runAuthCall(() =>
    auth().api.signUpEmail({
      body: { email: input.email, password: input.password, name: "", callbackURL: input.next },
      headers: request.headers,
      asResponse: true,
    }),
  );
  if (outcome.succeeded) return { ok: true };
  if (outcome.status >= 500) {
    console.error("sign-up failed", outcome.status, outcome.code, outcome.message);
    return failed(SIGN_UP_FAILED);
  }
  return refuse("invalid", outcome.message || SIGN_UP_FAILED);
}

/**
 * Mails a fresh confirmation link to an unconfirmed account. The answer is the same for unknown
 * or already confirmed addresses (better-auth sends nothing then).
 */
export async function resendConfirmation(
  request: Request,
  input: { email: string; next?: string },
): Promise<SignUpResult> {
  const limited = await checkRateLimits(db(), rateLimitKeys.verificationMail(request));
  if (!limited.allowed) return rateLimitRefusal(limited);
  // Without the browser's cookies: a signed-in visitor resending for another address must not hit EMAIL_MISMATCH.
  const headers = new Headers(request.headers);
  headers.delete("cookie");
  const outcome = await runAuthCall(() =>
    auth().api.sendVerificationEmail({
      body: { email: input.email, callbackURL: input.next },
      headers,
      asResponse: true,
    }),
  );
  if (outcome.succeeded) return { ok: true };
  console.error("confirmation resend failed", outcome.status, outcome.code, outcome.message);
  return failed("We could not send a new confirmation link. Please try again.");
}
