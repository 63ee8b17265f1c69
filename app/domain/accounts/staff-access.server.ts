import { data } from "react-router";
import { env } from "../../lib/env.server.ts";
import { redirectWithToast } from "../../lib/toast.server.ts";
import { TWO_FACTOR_TEXT } from "./two-factor-text.ts";

/** Where an admin without two-factor is sent: the profile's Security section, which sets it up. */
export const TWO_FACTOR_SETUP_PATH = "/profile#two-factor";

/** What keeps a staff session out of /admin: no second factor yet, or a session past its staff length. */
export type StaffAccessProblem = "second_factor_required" | "session_expired";

/**
 * Why this staff session may not open /admin, or null when it may: the account must sign in with two-factor
 * (its sessions then all passed a code, product rules 15.14) and the session be younger than STAFF_SESSION_HOURS
 * (product rules 15.16).
 */
export function staffAccessProblem(account: {
  twoFactorEnabled: boolean;
  sessionCreatedAt: Date;
}): StaffAccessProblem | null {
  if (!account.twoFactorEnabled) return "second_factor_required";
  const ageMs = Date.now() - account.sessionCreatedAt.getTime();
  if (ageMs > env().staffSessionHours * 60 * 60 * 1000) return "session_expired";
  return null;
}

/**
 * The admin guard's second-factor check: a page sends the admin to set up two-factor (or to sign in again when
 * the staff session is over); an action or data request answers 403, so no admin change runs.
 */
export async function requireSecondFactor(
  request: Request,
  account: { twoFactorEnabled: boolean; sessionCreatedAt: Date },
): Promise<void> {
  const problem = staffAccessProblem(account);
  if (!problem) return;
  const reading = request.method === "GET" || request.method === "HEAD";
  if (problem === "second_factor_required") {
    if (reading)
      throw await redirectWithToast(TWO_FACTOR_SETUP_PATH, {
        title: TWO_FACTOR_TEXT.requiredTitle,
        description: TWO_FACTOR_TEXT.required,
        variant: "destructive",
      });
    throw data({ error: TWO_FACTOR_TEXT.required }, { status: 403 });
  }
  if (reading)
    throw await redirectWithToast("/admin-login", {
      title: TWO_FACTOR_TEXT.staffSessionEndedTitle,
      description: TWO_FACTOR_TEXT.staffSessionEnded,
      variant: "destructive",
    });
  throw data({ error: TWO_FACTOR_TEXT.staffSessionEnded }, { status: 403 });
}
