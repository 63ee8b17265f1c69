/** The texts of an admin's controls on a user's page and what the customer sees of them (product rules 15.20-15.29). */
export const SUSPENSION_TEXT = {
  /** What a suspended account reads at sign-in (storefront and /admin-login), after a correct password only. */
  signInRefused: "This account is suspended. Please contact support if you think this is a mistake.",
  suspendedTitle: "User suspended",
  suspended: "The user is signed out everywhere; sign-in and API keys are refused until you unsuspend them.",
  unsuspendedTitle: "User unsuspended",
  unsuspended: "The user can sign in and use their API keys again.",
  refusedTitle: "Not changed",
  reason: "Give a reason (1 to 500 characters).",
  alreadySuspended: "This user is already suspended.",
  notSuspended: "This user is not suspended.",
  noUser: "User not found",
  notYourself: "You cannot suspend your own account.",
} as const;

/** A suspension's reason: required, at most this long once trimmed. */
export const SUSPENSION_REASON_MAX = 500;

export function isSuspensionReason(reason: string): boolean {
  const trimmed = reason.trim();
  return trimmed.length > 0 && trimmed.length <= SUSPENSION_REASON_MAX;
}

/** The user page's "Send password reset" (product rules 15.23). */
export const RESET_MAIL_TEXT = {
  sentTitle: "Password reset sent",
  sent: (email: string) => `A link to set a new password was sent to ${email}; it works for one hour.`,
  refusedTitle: "Not sent",
  noUser: "User not found",
  failed: "The reset mail could not be queued. Please try again.",
} as const;

/** The admins' notes on a user's page (product rules 15.26). */
export const ADMIN_NOTES_MAX = 5_000;
export const NOTES_TEXT = {
  savedTitle: "Notes saved",
  saved: "The notes are saved; the customer never sees them.",
  refusedTitle: "Notes not saved",
  tooLong: `Notes can be at most ${ADMIN_NOTES_MAX.toLocaleString("en-US")} characters.`,
  noUser: "User not found",
} as const;

/** A customer's discount: the admin's field on the user page and what the customer reads (product rules 15.27-15.29). */
export const DISCOUNT_TEXT = {
  savedTitle: "Discount saved",
  saved: (percent: string) =>
    `The customer's orders are now charged ${percent} less, on the storefront and the API.`,
  cleared: "The customer's orders are charged list prices again.",
  refusedTitle: "Discount not saved",
  invalid: "Enter a discount between 0 and 90%, with at most one decimal (empty or 0 for none).",
  noUser: "User not found",
  /** Beside every order form's total, and on /wallet, for a customer with a discount. */
  applied: (percent: string) => `Your ${percent} discount is applied`,
  /** On /wallet, below the balance. */
  onWallet: (percent: string) =>
    `Your ${percent} discount is taken off every order, here and through the API.`,
} as const;
