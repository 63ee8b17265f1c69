import type { Notice } from "../notice.ts";
import { type Refusal, type RefusalKind, refuse } from "../refusal.ts";
import type { FieldErrors } from "./provider-form.ts";

/**
 * A refused change on the providers pages (docs/decisions/017): the notice's title and message, and for the
 * provider form the message of each field at fault.
 */
export type ProviderRefusal = Refusal & { fieldErrors?: FieldErrors };

export function refuseProviderChange(
  kind: RefusalKind,
  notice: Notice,
  fieldErrors?: FieldErrors,
): ProviderRefusal {
  const refusal = refuse(kind, notice.message, { title: notice.title });
  return fieldErrors ? { ...refusal, fieldErrors } : refusal;
}
