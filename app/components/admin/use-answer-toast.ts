import { useEffect } from "react";
import { useToast } from "../ui/toaster.tsx";

/** What an admin action answers: whether it went through, and the notice to show. */
export type ToastAnswer = { ok: boolean; notice: { title: string; message: string } };

/**
 * Shows an admin action's answer (action data or a fetcher's) as a toast: red for a refusal (the admin spec's
 * 'Failed to ...' toasts). A refusal's field errors are shown beside their fields by the form; the first of
 * them takes the focus (product rules 12.3). The one toast hook of the admin pages.
 */
export function useAnswerToast(answer: ToastAnswer | undefined | null): void {
  const toast = useToast();
  useEffect(() => {
    if (!answer?.notice) return;
    toast({
      title: answer.notice.title,
      description: answer.notice.message || undefined,
      variant: answer.ok ? "default" : "destructive",
    });
    if (!answer.ok) document.querySelector<HTMLElement>('main [aria-invalid="true"]')?.focus();
  }, [answer, toast]);
}
