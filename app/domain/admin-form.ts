import { z } from "zod";
import type { Notice } from "./notice.ts";
import { type Refusal, type RefusalKind, refuse } from "./refusal.ts";

/**
 * What the admin's editor forms share (services, blog posts, the banner, the settings), below every area that owns
 * one: a ticked box, a form refused field by field and the answer of a change made.
 */

/** A change an admin made, with its toast. */
export type ChangeMade = { ok: true; notice: Notice; id?: string; outcome?: "deleted" | "disabled" };

/**
 * What an admin editor form gets back: the change made, or its refusal (docs/decisions/017, 033) with the toast's
 * title and message and the message of each field at fault (`fieldErrors`, `field` naming the first).
 */
export type ChangeAnswer = ChangeMade | Refusal;

/** The editor forms' schemas are strict: a field the form does not have is refused, never dropped (product rules 10.6). */
export const UNKNOWN_FIELD_TEXT = "This form sent a field it does not have; reload the page and try again.";

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
