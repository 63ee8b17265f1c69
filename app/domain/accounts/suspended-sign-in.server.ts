import { APIError } from "better-auth/api";
import type { Executor } from "../../db/client.server.ts";
import { readSuspension } from "./suspend-account.server.ts";
import { SUSPENSION_TEXT } from "./user-controls-text.ts";

/** A suspended account's sign-in refusal carries this code, from better-auth's answer to our refusal. */
export const SUSPENDED_CODE = "ACCOUNT_SUSPENDED";

/**
 * better-auth's hook before it writes any session: a suspended account gets none (product rules 15.20), whichever
 * way it signs in (the sign-in forms, better-auth's own endpoint, the sign-in after confirming an address). It
 * runs after the password matched, so the text tells nothing to someone who does not know the password.
 */
export async function refuseSessionIfSuspended(db: Executor, userId: string): Promise<void> {
  if (!(await readSuspension(db, userId))) return;
  throw new APIError("FORBIDDEN", { message: SUSPENSION_TEXT.signInRefused, code: SUSPENDED_CODE });
}
