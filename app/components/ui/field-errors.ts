import { type RefObject, useEffect } from "react";

/** The messages a form shows beside its fields, by the field's name (product rules 12.3). */
export type FieldErrors = Readonly<Partial<Record<string, string>>>;

/**
 * The form fields' edge of a refusal (docs/decisions/033), the one place a refusal's answer becomes the messages
 * beside a form's fields: the message of each of the form's fields at fault (`Refusal.fieldErrors`, a form
 * refused field by field), else its message beside the field it names (`Refusal.field`) when that is one of the
 * form's; null when it is about the whole request (a toast says those).
 */
export function fieldErrorsOf(
  answer:
    | { field?: string | null; message: string; fieldErrors?: Readonly<Record<string, string>> }
    | null
    | undefined,
  fields: readonly string[],
): FieldErrors | null {
  if (!answer) return null;
  const named = Object.entries(answer.fieldErrors ?? {}).filter(([field]) => fields.includes(field));
  if (named.length > 0) return Object.fromEntries(named);
  if (!answer.field || !fields.includes(answer.field)) return null;
  return { [answer.field]: answer.message };
}

/**
 * Moves focus to the first invalid control of `form` each time a new set of field errors is shown: the
 * controls mark themselves (Field's aria-invalid, with the message as their description), so the customer
 * lands on the message and hears it.
 */
export function useFocusFirstInvalid(
  form: RefObject<HTMLFormElement | null>,
  errors: FieldErrors | null | undefined,
): void {
  useEffect(() => {
    if (!errors || Object.keys(errors).length === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors, form]);
}
