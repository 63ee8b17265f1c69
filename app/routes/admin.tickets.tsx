import { Link, useLocation } from "react-router";
import { z } from "zod";
import { ListFilters, ListPagination } from "../components/admin/list-controls.tsx";
import { TicketsList } from "../components/admin/tickets-list.tsx";
import { buttonClass } from "../components/ui/button.tsx";
import { db } from "../db/client.server.ts";
import { answerTicketFromForm } from "../domain/admin/answer-ticket-from-form.server.ts";
import { readAdminTicketsPage } from "../domain/admin/list-tickets.server.ts";
import { TICKET_ADMIN_TEXT, TICKET_STATUSES, ticketStatusLabel } from "../domain/tickets/messages.ts";
import { pageMeta } from "../lib/seo.ts";
import { requireAdmin } from "../lib/session.server.ts";
import type { Route } from "./+types/admin.tickets";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Support Tickets",
    description: "Customers' support tickets, their status and our responses.",
    path: "/admin/tickets",
    noindex: true,
    matches,
  });

const listQuery = z.object({
  status: z.enum(TICKET_STATUSES).optional().catch(undefined),
  q: z.string().trim().max(200).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = listQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  const result = await readAdminTicketsPage(db(), query);
  return {
    ...result,
    status: query.status ?? null,
    q: query.q ?? "",
    tickets: result.tickets.map((ticket) => ({ ...ticket, createdAt: ticket.createdAt.toISOString() })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = Object.fromEntries(await request.formData());
  return answerTicketFromForm(db(), { adminId: admin.id, form });
}

export default function AdminTicketsPage({ loaderData }: Route.ComponentProps) {
  const { status, q, counts } = loaderData;
  const location = useLocation();
  const filters = [
    { value: null, label: "All", count: counts.all },
    ...TICKET_STATUSES.map((value) => ({ value, label: ticketStatusLabel(value), count: counts[value] })),
  ];
  return (
    <main className="mx-auto max-w-5xl px-4 py-8">
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-3xl font-bold text-slate-900">Support Tickets</h1>
        <Link to={`${location.pathname}${location.search}`} className={buttonClass("secondary")}>
          Refresh
        </Link>
      </div>
      <ListFilters
        path="/admin/tickets"
        noun="tickets"
        filters={filters}
        status={status}
        q={q}
        searchLabel="Search by ticket number, customer e-mail or subject"
        searchPlaceholder="Ticket, e-mail or subject"
      />
      <div className="mt-6">
        <TicketsList tickets={loaderData.tickets} empty={TICKET_ADMIN_TEXT.noTickets} />
      </div>
      <ListPagination
        path="/admin/tickets"
        noun="tickets"
        page={loaderData.page}
        pageCount={loaderData.pageCount}
        total={loaderData.total}
        status={status}
        q={q}
      />
    </main>
  );
}
