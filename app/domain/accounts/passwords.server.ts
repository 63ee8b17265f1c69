import { db } from "../../db/client.server.ts";
import { failed, type Refusal, refuse } from "../refusal.ts";
import { checkRateLimits, rateLimitKeys, rateLimitRefusal } from "../security/rate-limit.server.ts";
import { auth } from "./auth.server.ts";
import { type AuthOutcome, runAuthCall } from "./auth-response.server.ts";
import { ACCOUNT_TEXT } from "./messages.ts";

type Result = { ok: true } | Refusal;

/**
 * A password call whose store fails underneath (better-auth rethrows database errors) is answered like any
 * server fault (status 500), so the page shows the spec's failure text instead of its error boundary.
 */
async function runPasswordCall(label: string, call: () => Promise<Response>): Promise<AuthOutcome> {
  try {
    return await runAuthCall(call);
  } catch (error) {
    console.error(`${label}: unexpected failure`, error);
    return { succeeded: false, status: 500, code: null, message: null, body: null, cookies: new Headers() };
  }
}

/**
 * Queues a reset link when the address has an account; the answer is identical either way, and takes as long
 * (the mail is only written to the outbox here, see docs/decisions/012).
 */
export async function requestPasswordReset(request: Request, email: string): Promise<Result> {
  const limited = await checkRateLimits(db(), rateLimitKeys.passwordReset(request));
  if (!limited.allowed) return rateLimitRefusal(limited);
  const outcome = await runPasswordCall("password reset request", () =>
    auth().api.requestPasswordReset({
      body: { email, redirectTo: "/reset-password" },
      headers: request.headers,
      asResponse: true,
    }),
  );
  if (outcome.succeeded) return { ok: true };
  console.error("password reset request failed", outcome.status, outcome.code, outcome.message);
  return failed(ACCOUNT_TEXT.resetFailed);
}

/** Sets a new password from a reset link's token; every session of the account is revoked. */
export async function resetPassword(
  request: Request,
  input: { token: string; newPassword: string },
): Promise<Result> {
  const outcome = await runPasswordCall("password reset", () =>
    auth().api.resetPassword({
      body: { token: input.token, newPassword: input.newPassword },
      headers: request.headers,
      asResponse: true,
    }),
  );
  if (outcome.succeeded) return { ok: true };
  if (outcome.status >= 500) {
    console.error("password reset failed", outcome.status, outcome.code, outcome.message);
    return failed(ACCOUNT_TEXT.passwordUpdateFailed);
  }
  if (outcome.code === "INVALID_TOKEN" || outcome.code === "TOKEN_EXPIRED") {
    return refuse("invalid", ACCOUNT_TEXT.resetLinkInvalid, { field: "token" });
  }
  return refuse("invalid", outcome.message ?? ACCOUNT_TEXT.passwordUpdateFailed);
}

/**
 * Changes the signed-in user's password after checking the current one. Other sessions are revoked and
 * this browser gets a new session (new id), whose cookies are returned.
 */
export async function changePassword(
  request: Request,
  input: { currentPassword: string; newPassword: string },
): Promise<{ ok: true; cookies: Headers } | Refusal> {
  const outcome = await runPasswordCall("password change", () =>
    auth().api.changePassword({
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
        revokeOtherSessions: true,
      },
      headers: request.headers,
      asResponse: true,
    }),
  );
  if (outcome.succeeded) return { ok: true, cookies: outcome.cookies };
  if (outcome.status >= 500) {
    console.error("password change failed", outcome.status, outcome.code, outcome.message);
    return failed(ACCOUNT_TEXT.passwordUpdateFailed);
  }
  if (outcome.code === "INVALID_PASSWORD") {
    return refuse("invalid", "Your current password is incorrect", { field: "currentPassword" });
  }
  // A signed-out or expired session, or a new password better-auth refuses (its own rate limit is off).
  const kind = outcome.status === 401 || outcome.status === 403 ? "forbidden" : "invalid";
  return refuse(kind, outcome.message ?? ACCOUNT_TEXT.passwordUpdateFailed);
}
