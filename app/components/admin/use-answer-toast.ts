import { useEffect } from "react";
import { useToast } from "../../ui/toaster.tsx";

type Answer = { ok: boolean; notice: { title: string; message: string } } | undefined | null;

/** Shows a form answer (the domain's notice) as a toast: red for a refusal. */
export function useAnswerToast(answer: Answer): void {
  const toast = useToast();
  useEffect(() => {
    if (!answer?.notice) return;
    toast({
      title: answer.notice.title,
      description: answer.notice.message || undefined,
      variant: answer.ok ? "default" : "destructive",
    });
  }, [answer, toast]);
}
