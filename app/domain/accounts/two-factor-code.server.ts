import { auth } from "./auth.server.ts";
import { type AuthOutcome, runAuthCall } from "./auth-response.server.ts";

/** An authenticator's code: six digits; anything else is tried as a backup code. */
const TOTP_CODE = /^\d{6}$/;

/** How long better-auth locks an account's code step after 10 wrong codes in a row (product rules 15.17). */
export const CODE_LOCK_SECONDS = 15 * 60;

/** A code as typed, without the spaces an authenticator app shows or a paste adds. */
export function typedCode(code: string | undefined): string {
  return (code ?? "").replace(/\s+/g, "");
}

/**
 * A code checked by better-auth for this request (a sign-in's pending second step, or a signed-in session): an
 * authenticator's code, else a backup code, used up by this. The one check of the sign-in and of a sensitive
 * change's confirmation (product rules 15.12, 15.35).
 */
export function checkTwoFactorCode(request: Request, code: string): Promise<AuthOutcome> {
  return runAuthCall(() =>
    TOTP_CODE.test(code)
      ? auth().api.verifyTOTP({ body: { code }, headers: request.headers, asResponse: true })
      : auth().api.verifyBackupCode({ body: { code }, headers: request.headers, asResponse: true }),
  );
}

/** Whether better-auth refused the code itself (a wrong code or backup code), the failure that counts. */
export function isWrongCode(outcome: AuthOutcome): boolean {
  return outcome.code === "INVALID_CODE" || outcome.code === "INVALID_BACKUP_CODE";
}

/** Whether better-auth has locked the account's code step. */
export function isCodeStepLocked(outcome: AuthOutcome): boolean {
  return outcome.code === "ACCOUNT_TEMPORARILY_LOCKED";
}
