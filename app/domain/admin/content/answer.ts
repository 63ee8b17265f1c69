import { z } from "zod";
import type { Notice } from "../../orders/messages.ts";
import { type Refusal, type RefusalKind, refuse } from "../../refusal.ts";

/** A content change that was made, with its toast. */
export type ContentDone = { ok: true; notice: Notice; id?: string; outcome?: "deleted" | "disabled" };

/**
 * What an admin content form gets back: the change made, or its refusal (docs/decisions/017, 033) with the
 * toast's title and message and the message of each field at fault (`fieldErrors`, `field` naming the first).
 */
export type ContentAnswer = ContentDone | Refusal;

/**
 * A refused form: each field at fault shows its message, and the toast titled `title` repeats the first ("" when
 * the refusal names no field), or says `message` when given.
 */
export function formRefusal(
  title: string,
  fieldErrors: Record<string, string> = {},
  details: { kind?: RefusalKind; message?: string } = {},
): Refusal {
  const [field, first = ""] = Object.entries(fieldErrors)[0] ?? [];
  const text = { title, message: details.message ?? first };
  return refuse(details.kind ?? "invalid", text, { ...(field ? { field } : {}), fieldErrors });
}

/** An HTML checkbox: present ("on") when ticked, absent otherwise. */
export const checkbox = z
  .string()
  .max(10)
  .optional()
  .transform((value) => value === "on" || value === "true");
