import { z } from "zod";
import type { Notice } from "../../orders/messages.ts";

/** What an admin content form gets back: a toast, and on refusal the message of each field at fault. */
export type ContentAnswer =
  | { ok: true; notice: Notice; id?: string; outcome?: "deleted" | "disabled" }
  | { ok: false; notice: Notice; fieldErrors: Record<string, string> };

/** The first message per field of a failed parse (the schemas carry the shop's own messages). */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The message of the first field at fault, for the refusal's toast ("" when the refusal names no field). */
export function firstFieldError(fieldErrors: Record<string, string>): string {
  return Object.values(fieldErrors)[0] ?? "";
}

/** A refused form: each field at fault shows its message, and the toast titled `title` repeats the first. */
export function formRefusal(
  title: string,
  fieldErrors: Record<string, string> = {},
): Extract<ContentAnswer, { ok: false }> {
  return { ok: false, notice: { title, message: firstFieldError(fieldErrors) }, fieldErrors };
}

/** An HTML checkbox: present ("on") when ticked, absent otherwise. */
export const checkbox = z
  .string()
  .max(10)
  .optional()
  .transform((value) => value === "on" || value === "true");
