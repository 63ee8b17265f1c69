import { type Refusal, refuse } from "../refusal.ts";
import { auth } from "./auth.server.ts";
import { runAuthCall } from "./auth-response.server.ts";
import { ACCOUNT_TEXT } from "./messages.ts";

export type ConfirmResult = { ok: true; signedIn: boolean; cookies: Headers } | Refusal;

/**
 * Confirms an address from the link's token. A first confirmation credits the new-user bonus once (the
 * beforeEmailVerification hook in auth.server.ts, whichever way the token reaches better-auth), signs the
 * account in (a new session) and, for addresses in ADMIN_EMAILS, grants the admin role (afterEmailVerification).
 * A link for an address that is already confirmed counts as used.
 */
export async function confirmEmail(request: Request, token: string): Promise<ConfirmResult> {
  const outcome = await runAuthCall(() =>
    auth().api.verifyEmail({ query: { token }, headers: request.headers, asResponse: true }),
  );
  // better-auth answers {status: true} for an address that was confirmed before, without a session;
  // a first confirmation always sets the new session's cookie (autoSignInAfterVerification).
  const firstConfirmation = outcome.succeeded && outcome.cookies.getSetCookie().length > 0;
  if (!firstConfirmation) return refuse("invalid", ACCOUNT_TEXT.confirmFailed);
  return { ok: true, signedIn: true, cookies: outcome.cookies };
}
