import type { FormEvent } from "react";
import { type PasswordForm, passwordProblem } from "../../domain/accounts/password-check.ts";
import { useToast } from "../ui/toaster.tsx";

/**
 * A password form's submit handler: a password the browser can already tell is wrong is never sent; the reason
 * shows as a toast. `passwordField` names the new password's input; its confirmation is `confirmPassword`.
 */
export function usePasswordCheck(form: PasswordForm, passwordField: string) {
  const toast = useToast();
  return function checkPasswords(event: FormEvent<HTMLFormElement>) {
    const fields = new FormData(event.currentTarget);
    const problem = passwordProblem(
      form,
      String(fields.get(passwordField) ?? ""),
      String(fields.get("confirmPassword") ?? ""),
    );
    if (!problem) return;
    event.preventDefault();
    toast({ title: problem.title, description: problem.message, variant: "destructive" });
  };
}
