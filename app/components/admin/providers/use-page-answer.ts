import { useEffect } from "react";
import { useToast } from "../../ui/toaster.tsx";

type Answer = { ok: boolean; notice: { title: string; message: string } } | undefined;

/** Shows a provider page action's answer as a toast (refusals in red). */
export function usePageAnswer(answer: Answer): void {
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
