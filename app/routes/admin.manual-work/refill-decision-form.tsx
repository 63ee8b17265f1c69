import { useId } from "react";
import { useFetcher } from "react-router";
import { type ToastAnswer, useAnswerToast } from "../../components/admin/use-answer-toast.ts";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";

/**
 * Ends a manual refill (intent=refill-decision): "Completed" once a person topped the order up, or "Reject" with
 * an optional note the customer sees. Posts to the page's own action; the answer is a toast and the list reloads.
 */
export function RefillDecisionForm({ refillId, label }: { refillId: number; label: string }) {
  const fetcher = useFetcher<ToastAnswer>();
  const id = useId();
  const busy = fetcher.state !== "idle";
  useAnswerToast(fetcher.data);
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-center gap-2" data-testid="refill-decision">
      <input type="hidden" name="intent" value="refill-decision" />
      <input type="hidden" name="refillId" value={refillId} />
      <Input
        label={`Why refill ${label} is rejected`}
        hideLabel
        size="sm"
        id={`${id}-note`}
        name="note"
        maxLength={300}
        placeholder="Note if rejected"
        className="w-40"
      />
      <Button
        type="submit"
        name="decision"
        value="completed"
        variant="secondary"
        className="px-3 py-1.5"
        disabled={busy}
      >
        Completed
      </Button>
      <Button
        type="submit"
        name="decision"
        value="rejected"
        variant="secondary"
        className="px-3 py-1.5"
        disabled={busy}
      >
        Reject
      </Button>
    </fetcher.Form>
  );
}
