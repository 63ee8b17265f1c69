import { useEffect, useMemo, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { formatDate, formatDateTime } from "../../components/dashboard/format.ts";
import { EmptyState, LoadError } from "../../components/dashboard/section-state.tsx";
import { TicketThread } from "../../components/tickets/ticket-thread.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardHeader } from "../../components/ui/card.tsx";
import { type FieldErrors, fieldErrorsOf, useFocusFirstInvalid } from "../../components/ui/field-errors.ts";
import { Input } from "../../components/ui/input.tsx";
import { Select } from "../../components/ui/select.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import type { OrderChoice } from "../../domain/dashboard/list-recent-orders.server.ts";
import type { Section } from "../../domain/dashboard/read-dashboard.server.ts";
import type { CustomerTicket } from "../../domain/tickets/list-tickets.server.ts";
import {
  TICKET_CATEGORIES,
  TICKET_MESSAGE_MAX,
  TICKET_SUBJECT_MAX,
  TICKET_TEXT,
  ticketStatusLabel,
} from "../../domain/tickets/messages.ts";
import { TicketReplyForm } from "./ticket-reply-form.tsx";

/** What the dashboard action answers to intent=create-ticket. */
export type TicketActionData =
  | { ok: true; ticketNumber: string }
  | { ok: false; message: string; field?: string };

/** The ticket form's fields, in the form's order. */
const TICKET_FIELDS = ["category", "orderId", "subject", "message"] as const;

function TicketForm({ orderChoices }: { orderChoices: Section<OrderChoice[]> }) {
  const fetcher = useFetcher<TicketActionData>();
  const toast = useToast();
  const form = useRef<HTMLFormElement>(null);
  const [category, setCategory] = useState("");
  const [typedErrors, setTypedErrors] = useState<FieldErrors | null>(null);
  const busy = fetcher.state !== "idle";
  const choices = orderChoices.loaded ? orderChoices.data : [];
  // A refusal about one field is said beside it (product rules 12.3); a failure of the whole request is the
  // spec's toast ('Error' / 'Failed to submit ticket').
  const refused = fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  const answeredErrors = useMemo(() => fieldErrorsOf(refused, TICKET_FIELDS), [refused]);
  const errors = typedErrors ?? (busy ? null : answeredErrors);
  useFocusFirstInvalid(form, errors);

  useEffect(() => {
    const result = fetcher.data;
    if (!result) return;
    if (result.ok) {
      toast({ title: TICKET_TEXT.submitted, description: result.ticketNumber });
      form.current?.reset();
      setCategory("");
    } else if (!answeredErrors) {
      toast({ title: "Error", description: result.message || TICKET_TEXT.failed, variant: "destructive" });
    }
  }, [fetcher.data, answeredErrors, toast]);

  // The spec's checks run before sending (the server repeats every one of them): the first field at fault says why.
  function checkBeforeSending(event: React.FormEvent<HTMLFormElement>) {
    const data = new FormData(event.currentTarget);
    const filled = (name: string) => String(data.get(name) ?? "").trim() !== "";
    const missing = ["category", "subject", "message"].find((name) => !filled(name));
    const problem = missing
      ? { [missing]: TICKET_TEXT.missingFields }
      : category === "order" && !filled("orderId")
        ? { orderId: TICKET_TEXT.selectOrder }
        : null;
    setTypedErrors(problem);
    if (problem) event.preventDefault();
  }

  return (
    <Card>
      <CardHeader title="New ticket" description="Tell us what happened; we answer here." />
      <fetcher.Form
        ref={form}
        method="post"
        action="/dashboard?tab=support"
        onSubmit={checkBeforeSending}
        className="space-y-4"
      >
        <input type="hidden" name="intent" value="create-ticket" />
        <Select
          label="Category"
          id="ticket-category"
          name="category"
          value={category}
          onChange={(event) => setCategory(event.target.value)}
          options={TICKET_CATEGORIES}
          error={errors?.category}
        >
          <option value="">Select a category</option>
        </Select>
        {category === "order" ? (
          <Select label="Order" id="ticket-order" name="orderId" defaultValue="" error={errors?.orderId}>
            <option value="">{choices.length ? "Select an order" : "You have no orders yet"}</option>
            {choices.map((order) => (
              <option key={order.id} value={order.id}>
                {order.orderNumber} ({formatDate(order.createdAt)})
              </option>
            ))}
          </Select>
        ) : null}
        <Input
          label="Subject"
          name="subject"
          maxLength={TICKET_SUBJECT_MAX}
          autoComplete="off"
          error={errors?.subject}
        />
        <Textarea
          label="Message"
          id="ticket-message"
          name="message"
          rows={5}
          maxLength={TICKET_MESSAGE_MAX}
          error={errors?.message}
        />
        <Button type="submit" disabled={busy}>
          {busy ? "Submitting..." : "Submit Ticket"}
        </Button>
      </fetcher.Form>
    </Card>
  );
}

function TicketList({ tickets }: { tickets: Section<CustomerTicket[]> }) {
  if (!tickets.loaded) return <LoadError message={tickets.error} />;
  if (tickets.data.length === 0) return <EmptyState testId="tickets-empty">{TICKET_TEXT.empty}</EmptyState>;
  return (
    <ul className="space-y-3">
      {tickets.data.map((ticket) => (
        <li
          key={ticket.id}
          data-testid="ticket"
          className="min-w-0 rounded-xl border border-slate-200 bg-white p-4"
        >
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="text-xs font-semibold text-slate-500">
                <span data-testid="ticket-number">{ticket.ticketNumber}</span> ·{" "}
                {ticket.category.toUpperCase()}
              </p>
              <h3 className="wrap-anywhere font-semibold text-slate-900">{ticket.subject}</h3>
            </div>
            <span
              data-testid="ticket-status"
              className="shrink-0 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800"
            >
              {ticketStatusLabel(ticket.status)}
            </span>
          </div>
          {ticket.orderNumber ? (
            <p className="mt-2 text-sm text-slate-600">
              Order: <span className="font-medium text-slate-900">{ticket.orderNumber}</span>
            </p>
          ) : null}
          <p className="mt-1 text-xs text-slate-500">
            Opened <time dateTime={ticket.createdAt}>{formatDateTime(ticket.createdAt)}</time>
          </p>
          <TicketThread entries={ticket.thread} viewer="customer" />
          <TicketReplyForm
            ticketId={ticket.id}
            ticketNumber={ticket.ticketNumber}
            reopens={ticket.status !== "open"}
          />
        </li>
      ))}
    </ul>
  );
}

/** Support: the new-ticket form and the customer's tickets. */
export function SupportPanel({
  tickets,
  orderChoices,
}: {
  tickets: Section<CustomerTicket[]>;
  orderChoices: Section<OrderChoice[]>;
}) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <TicketForm orderChoices={orderChoices} />
      <section aria-labelledby="tickets-heading" className="min-w-0">
        <h2 id="tickets-heading" className="mb-3 text-lg font-semibold text-slate-900">
          Your tickets
        </h2>
        <TicketList tickets={tickets} />
      </section>
    </div>
  );
}
