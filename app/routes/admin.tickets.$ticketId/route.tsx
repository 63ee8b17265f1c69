import { data, Link } from "react-router";
import { z } from "zod";
import { AdminTicketHeading } from "../../components/tickets/admin-ticket-heading.tsx";
import { TicketAnswerForm } from "../../components/tickets/ticket-answer-form.tsx";
import { TicketThread } from "../../components/tickets/ticket-thread.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { requireStaff } from "../../domain/accounts/session.server.ts";
import { TICKET_ADMIN_TEXT } from "../../domain/tickets/messages.ts";
import { readAdminTicket } from "../../domain/tickets/read-ticket-for-admin.server.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta({
    title: `${loaderData?.ticket ? loaderData.ticket.ticketNumber : TICKET_ADMIN_TEXT.ticketNotFound} | Admin`,
    description: "One support ticket: its whole thread and the reply form.",
    path: "/admin/tickets",
    noindex: true,
    matches,
  });

/** One ticket with its whole thread (the list shows only its summary, product rules 17.20). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff(request, "support.answer");
  const id = z.uuid().safeParse(params.ticketId);
  const ticket = id.success ? await readAdminTicket(shopDatabase(context), id.data) : null;
  if (!ticket) return data({ ticket: null }, { status: 404 });
  return { ticket: { ...ticket, createdAt: ticket.createdAt.toISOString() } };
}

export default function AdminTicketPage({ loaderData }: Route.ComponentProps) {
  const { ticket } = loaderData;
  const back = (
    <Link to="/admin/tickets" className="text-sm text-brand-700 underline">
      ← {TICKET_ADMIN_TEXT.backToTickets}
    </Link>
  );
  if (!ticket) {
    return (
      <main className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900">{TICKET_ADMIN_TEXT.ticketNotFound}</h1>
        <Link to="/admin/tickets" className={buttonClass("primary", "mt-6")}>
          {TICKET_ADMIN_TEXT.backToTickets}
        </Link>
      </main>
    );
  }
  return (
    <main className="mx-auto max-w-5xl px-4 py-8">
      {back}
      <Card data-testid="admin-ticket" aria-labelledby={`ticket-${ticket.id}`} className="mt-4 min-w-0">
        <AdminTicketHeading ticket={ticket} as="h1" />
        <TicketThread entries={ticket.thread} viewer="admin" />
        <TicketAnswerForm ticket={ticket} />
      </Card>
    </main>
  );
}
