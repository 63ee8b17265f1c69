import { type FormEvent, useState } from "react";
import { type PasswordForm, passwordProblem } from "../../domain/accounts/password-check.ts";
import type { FieldErrors } from "../ui/field-errors.ts";
import { useToast } from "../ui/toaster.tsx";

/**
 * A password form's submit handler: a password the browser can already tell is wrong is never sent. Sign-up
 * says why in the spec's toasts (customer spec section 5); a new password's form says it beside the field at
 * fault (`errors`, product rules 12.3). `passwordField` names the new password's input; its confirmation is
 * `confirmPassword`.
 */
export function usePasswordCheck(form: PasswordForm, passwordField: string) {
  const toast = useToast();
  const [errors, setErrors] = useState<FieldErrors | null>(null);
  function checkPasswords(event: FormEvent<HTMLFormElement>) {
    const fields = new FormData(event.currentTarget);
    const problem = passwordProblem(
      form,
      String(fields.get(passwordField) ?? ""),
      String(fields.get("confirmPassword") ?? ""),
    );
    setErrors(
      problem && form === "new-password"
        ? { [problem.field === "password" ? passwordField : "confirmPassword"]: problem.message }
        : null,
    );
    if (!problem) return;
    event.preventDefault();
    if (form === "sign-up")
      toast({ title: problem.title, description: problem.message, variant: "destructive" });
  }
  return { checkPasswords, errors };
}
