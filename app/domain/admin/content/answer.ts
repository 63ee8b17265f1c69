import { z } from "zod";
import type { Notice } from "../../orders/messages.ts";
import { type Refusal, type RefusalKind, refuse } from "../../refusal.ts";

/** A content change that was made, with its toast. */
export type ContentDone = { ok: true; notice: Notice; id?: string; outcome?: "deleted" | "disabled" };

/**
 * A refused content change (docs/decisions/017): the toast's title and message, and the message of each field at
 * fault (`field` names the first).
 */
export type ContentRefusal = Refusal & { fieldErrors: Record<string, string> };

/** What an admin content form gets back. */
export type ContentAnswer = ContentDone | ContentRefusal;

/** The first message per field of a failed parse (the schemas carry the shop's own messages). */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * A refused form: each field at fault shows its message, and the toast titled `title` repeats the first ("" when
 * the refusal names no field), or says `message` when given.
 */
export function formRefusal(
  title: string,
  fieldErrors: Record<string, string> = {},
  details: { kind?: RefusalKind; message?: string } = {},
): ContentRefusal {
  const [field, first = ""] = Object.entries(fieldErrors)[0] ?? [];
  const refusal = refuse(details.kind ?? "invalid", details.message ?? first, { title });
  return { ...refusal, ...(field ? { field } : {}), fieldErrors };
}

/** An HTML checkbox: present ("on") when ticked, absent otherwise. */
export const checkbox = z
  .string()
  .max(10)
  .optional()
  .transform((value) => value === "on" || value === "true");
