import { ACCOUNT_TEXT } from "./messages.ts";
import { CUSTOMER_MIN_PASSWORD_LENGTH } from "./password-rules.ts";

/** The forms where a customer chooses a password: sign-up, and the profile's update or a reset link's page. */
export type PasswordForm = "sign-up" | "new-password";

/**
 * Why the browser keeps a chosen password from being sent: the toast's title and text (sign-up), and the field
 * it is about, where the form says it beside that field (product rules 12.3).
 */
export type PasswordProblem = { title: string; message: string; field: "password" | "confirmation" };

/**
 * What is wrong with a chosen password and its confirmation, checked in the browser before any request (the
 * actions' schemas repeat it), or null. Sign-up (customer spec section 5): a mismatch, then a password too short,
 * each with its own title. A new password: both fields typed, the same, long enough, titled "Error".
 */
export function passwordProblem(
  form: PasswordForm,
  password: string,
  confirmation: string,
): PasswordProblem | null {
  if (form === "sign-up") {
    if (password !== confirmation)
      return {
        title: ACCOUNT_TEXT.passwordMismatchTitle,
        message: ACCOUNT_TEXT.passwordMismatch,
        field: "confirmation",
      };
    if (password.length < CUSTOMER_MIN_PASSWORD_LENGTH)
      return {
        title: ACCOUNT_TEXT.passwordTooShortTitle,
        message: ACCOUNT_TEXT.passwordTooShort,
        field: "password",
      };
    return null;
  }
  if (!password || !confirmation)
    return {
      title: "Error",
      message: ACCOUNT_TEXT.passwordFieldsRequired,
      field: password ? "confirmation" : "password",
    };
  if (password !== confirmation)
    return { title: "Error", message: ACCOUNT_TEXT.passwordsDoNotMatch, field: "confirmation" };
  if (password.length < CUSTOMER_MIN_PASSWORD_LENGTH)
    return { title: "Error", message: ACCOUNT_TEXT.passwordTooShortProfile, field: "password" };
  return null;
}
