import { z } from "zod";
import { ACCOUNT_TEXT } from "./messages.ts";
import { ADMIN_MIN_PASSWORD_LENGTH, CUSTOMER_MIN_PASSWORD_LENGTH } from "./password-rules.ts";

const email = z
  .string({ error: "Email is required" })
  .trim()
  .toLowerCase()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .pipe(z.email("Please enter a valid email address"));
const password = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .max(128, "Password is too long");
const next = z.string().max(2000).optional();

/**
 * What a form's first failed check was about, so a page picks its title from a kind and never compares
 * message texts. The checks that carry a kind say so in their `params`.
 */
export type AccountIssueKind = "password_mismatch" | "password_too_short" | "invalid";

function issueKind(kind: Exclude<AccountIssueKind, "invalid">) {
  return { params: { kind } };
}

/**
 * The password confirmation: a missing or over-long one is answered like a different one, as it can never
 * match an accepted password.
 */
function confirmation(mismatch: string) {
  return z
    .string({ error: mismatch })
    .refine((value) => value.length <= 128, { message: mismatch, ...issueKind("password_mismatch") })
    .default("");
}

/** /login and the admin sign-in tab. */
export const signInSchema = z.object({ intent: z.literal("sign-in").optional(), email, password, next });

/** /register: the server repeats the browser's checks. */
export const registerSchema = z
  .object({
    email,
    password: password.refine((value) => value.length >= CUSTOMER_MIN_PASSWORD_LENGTH, {
      message: ACCOUNT_TEXT.passwordTooShort,
      ...issueKind("password_too_short"),
    }),
    confirmPassword: confirmation(ACCOUNT_TEXT.passwordMismatch),
    next,
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: ACCOUNT_TEXT.passwordMismatch,
    path: ["confirmPassword"],
    ...issueKind("password_mismatch"),
  });

/** The admin "Create Admin" tab: admin passwords are at least 8 characters. */
export const adminSignUpSchema = z
  .object({
    intent: z.literal("create-admin"),
    email,
    password: password.min(ADMIN_MIN_PASSWORD_LENGTH, ACCOUNT_TEXT.adminPasswordTooShort),
    confirmPassword: confirmation(ACCOUNT_TEXT.adminMismatch),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: ACCOUNT_TEXT.adminMismatch,
    path: ["confirmPassword"],
    ...issueKind("password_mismatch"),
  });

/** Resend a confirmation link. */
export const resendSchema = z.object({ intent: z.literal("resend"), email, next });

/** /forgot-password. */
export const forgotPasswordSchema = z.object({ email });

/** /reset-password. */
export const resetPasswordSchema = z
  .object({
    token: z.string().min(1, ACCOUNT_TEXT.resetLinkInvalid).max(500),
    password: z
      .string({ error: ACCOUNT_TEXT.passwordFieldsRequired })
      .min(1, ACCOUNT_TEXT.passwordFieldsRequired)
      .min(CUSTOMER_MIN_PASSWORD_LENGTH, ACCOUNT_TEXT.passwordTooShortProfile)
      .max(128, "Password is too long"),
    confirmPassword: z
      .string({ error: ACCOUNT_TEXT.passwordFieldsRequired })
      .min(1, ACCOUNT_TEXT.passwordFieldsRequired)
      .max(128),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: ACCOUNT_TEXT.passwordsDoNotMatch,
    path: ["confirmPassword"],
  });

/** The profile's direct password update. */
export const changePasswordSchema = z
  .object({
    intent: z.literal("change-password"),
    currentPassword: z
      .string({ error: ACCOUNT_TEXT.currentPasswordRequired })
      .min(1, ACCOUNT_TEXT.currentPasswordRequired)
      .max(128),
    newPassword: z.string({ error: ACCOUNT_TEXT.passwordFieldsRequired }).max(128, "Password is too long"),
    confirmPassword: z.string({ error: ACCOUNT_TEXT.passwordFieldsRequired }).max(128),
  })
  .superRefine((value, ctx) => {
    if (!value.newPassword || !value.confirmPassword) {
      ctx.addIssue({ code: "custom", message: ACCOUNT_TEXT.passwordFieldsRequired, path: ["newPassword"] });
    } else if (value.newPassword !== value.confirmPassword) {
      ctx.addIssue({ code: "custom", message: ACCOUNT_TEXT.passwordsDoNotMatch, path: ["confirmPassword"] });
    } else if (value.newPassword.length < CUSTOMER_MIN_PASSWORD_LENGTH) {
      ctx.addIssue({ code: "custom", message: ACCOUNT_TEXT.passwordTooShortProfile, path: ["newPassword"] });
    }
  });

/** The kind of a failed parse's first issue (see AccountIssueKind). */
export function firstIssueKind(error: z.ZodError): AccountIssueKind {
  const issue = error.issues[0];
  const kind = issue?.code === "custom" ? issue.params?.kind : undefined;
  return kind === "password_mismatch" || kind === "password_too_short" ? kind : "invalid";
}

/** The first message of a failed parse, for the page's toast. */
export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Please check the form and try again.";
}
