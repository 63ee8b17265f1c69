import { type RefObject, useEffect } from "react";

/** The messages a form shows beside its fields, by the field's name (product rules 12.3). */
export type FieldErrors = Readonly<Partial<Record<string, string>>>;

/**
 * A refusal's message as the form's field errors when it names one of the form's fields (`Refusal.field`), or
 * null when it is about the whole request (a toast says those).
 */
export function fieldErrorsOf(
  answer: { field?: string | null; message: string } | null | undefined,
  fields: readonly string[],
): FieldErrors | null {
  if (!answer?.field || !fields.includes(answer.field)) return null;
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
