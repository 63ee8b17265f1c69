import { FilteredListPage, statusFilters } from "../../components/admin/filtered-list-page.tsx";
import { requireStaff } from "../../domain/accounts/session.server.ts";
import { readListQuery } from "../../domain/lists/read-list.server.ts";
import { ticketAnswerForm } from "../../domain/tickets/answer-ticket.server.ts";
import { readAdminTicketsPage } from "../../domain/tickets/list-tickets-for-admin.server.ts";
import { TICKET_ADMIN_TEXT, TICKET_STATUSES, ticketStatusLabel } from "../../domain/tickets/messages.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { readForm } from "../../lib/form-body.server.ts";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/route";
import { answerTicketFromForm } from "./answer-ticket-from-form.server.ts";
import { TicketsList } from "./tickets-list.tsx";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Support Tickets",
    description: "Customers' support tickets, their status and our responses.",
    path: "/admin/tickets",
    noindex: true,
    matches,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, "support.answer");
  const query = readListQuery(request, TICKET_STATUSES);
  const result = await readAdminTicketsPage(shopDatabase(context), query);
  return {
    ...result,
    status: query.status ?? null,
    q: query.q ?? "",
    tickets: result.tickets.map((ticket) => ({ ...ticket, createdAt: ticket.createdAt.toISOString() })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireStaff(request, "support.answer");
  const form = await readForm(request, ticketAnswerForm);
  return answerTicketFromForm(shopDatabase(context), { adminId: admin.id, form });
}

export default function AdminTicketsPage({ loaderData }: Route.ComponentProps) {
  const filters = statusFilters(TICKET_STATUSES, loaderData.counts, ticketStatusLabel);
  return (
    <FilteredListPage
      title="Support Tickets"
      path="/admin/tickets"
      noun="tickets"
      width="max-w-5xl"
      filters={filters}
      search={{
        label: "Search by ticket number, customer e-mail or subject",
        placeholder: "Ticket, e-mail or subject",
      }}
      list={loaderData}
    >
      <div className="mt-6">
        <TicketsList tickets={loaderData.tickets} empty={TICKET_ADMIN_TEXT.noTickets} />
      </div>
    </FilteredListPage>
  );
}
