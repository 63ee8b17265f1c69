/** How long a code (the sign-in's or a confirmation's) covers sensitive admin changes (product rules 15.35). */
export const FRESH_CODE_MINUTES = 15;

/** The form field every sensitive admin change posts its code as. */
export const SECOND_FACTOR_CODE_FIELD = "secondFactorCode";

/** The two-factor sign-in's texts (product rules 15.10-15.19), shared by the pages, the guard and the tests. */
export const TWO_FACTOR_TEXT = {
  requiredTitle: "Two-factor required",
  required: "Admin pages open only with two-factor sign-in. Set it up below to continue.",
  staffSessionEndedTitle: "Session ended",
  staffSessionEnded: "Your admin session has ended. Please sign in again.",
  codeRequired: "Enter the 6-digit code from your authenticator app, or a backup code",
  invalidCode: "That code is not valid. Please try again.",
  challengeExpired: "Your sign-in has expired. Please enter your e-mail and password again.",
  wrongPassword: "Your password is incorrect",
  enabledTitle: "Two-factor enabled",
  enabled: "Two-factor sign-in is on. Keep your backup codes somewhere safe.",
  disabled: "Two-factor sign-in is off.",
  setupStarted: "Add the key to your authenticator app, then enter the code it shows.",
  confirmTitle: "Confirm with your code",
  confirmNeeded: "Enter the code from your authenticator app (or a backup code) to confirm this change.",
  confirmLabel: "Authenticator code",
  confirmHint: `This change moves money or gives access: confirm it with a code. No code is asked again for ${FRESH_CODE_MINUTES} minutes.`,
} as const;
