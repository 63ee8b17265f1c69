import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { TICKET_REPLY_MAX, TICKET_THREAD_TEXT } from "../../domain/tickets/messages.ts";
import type { TicketReplyData } from "./ticket-reply.server.ts";

/**
 * The customer's answer in one of their tickets (product rules 7.8). What is wrong with a reply is said beside the
 * field; a sent reply empties the field and the thread shows it once the page's data reloads.
 */
export function TicketReplyForm({
  ticketId,
  ticketNumber,
  reopens,
}: {
  ticketId: string;
  ticketNumber: string;
  reopens: boolean;
}) {
  const fetcher = useFetcher<TicketReplyData>();
  const toast = useToast();
  const form = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data;
  const error = answer && !answer.ok ? answer.message : undefined;

  useEffect(() => {
    if (!answer?.ok) return;
    toast({ title: TICKET_THREAD_TEXT.replySent, description: answer.ticketNumber });
    form.current?.reset();
  }, [answer, toast]);

  return (
    <fetcher.Form
      ref={form}
      method="post"
      action="/dashboard?tab=support"
      className="mt-3 space-y-2 border-t border-slate-100 pt-3"
      aria-label={`Reply to ${ticketNumber}`}
    >
      <input type="hidden" name="intent" value="reply-ticket" />
      <input type="hidden" name="ticketId" value={ticketId} />
      <Textarea
        id={`reply-${ticketId}`}
        label={TICKET_THREAD_TEXT.replyLabel}
        name="body"
        rows={3}
        maxLength={TICKET_REPLY_MAX}
        required
        error={error}
        hint={reopens ? TICKET_THREAD_TEXT.reopenedHint : undefined}
      />
      <Button type="submit" variant="secondary" disabled={busy}>
        {busy ? TICKET_THREAD_TEXT.sending : TICKET_THREAD_TEXT.send}
      </Button>
    </fetcher.Form>
  );
}
