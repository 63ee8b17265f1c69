import { data, Form, Link, type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import { z } from "zod";
import { RefusedRequest } from "../../components/layout/page-error.tsx";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import { TransactionList } from "../../components/wallet/transaction-list.tsx";
import { requireUser } from "../../domain/accounts/session.server.ts";
import { DASHBOARD_TEXT } from "../../domain/dashboard/messages.ts";
import { readDashboard } from "../../domain/dashboard/read-dashboard.server.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import { createTicket } from "../../domain/tickets/create-ticket.server.ts";
import { TICKET_TEXT } from "../../domain/tickets/messages.ts";
import { STATEMENT_TEXT } from "../../domain/wallet/statement-query.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { readForm } from "../../lib/form-body.server.ts";
import { useLiveBalance } from "../../lib/live/live-balance.tsx";
import type { LiveHandle } from "../../lib/live/live-topics.ts";
import type { PageHandle } from "../../lib/page-query.ts";
import { retryAfterHeaders } from "../../lib/rate-limited-answer.ts";
import { refusalMessage } from "../../lib/request-body.ts";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/route";
import { AutoOrderList } from "./auto-order-list.tsx";
import { DashboardTabs, readTab } from "./dashboard-tabs.tsx";
import { OrderHistory } from "./order-history.tsx";
import { PopularServices } from "./popular-services.tsx";
import { StatCards } from "./stat-cards.tsx";
import { SupportPanel, type TicketActionData } from "./support-panel.tsx";
import { replyToTicketFromForm, ticketReplyForm } from "./ticket-reply.server.ts";

/** A rate-limited answer keeps its Retry-After on the page (docs/decisions/013). */
export const headers = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Dashboard",
    description: "Your Boostly orders, transactions, auto orders and support tickets.",
    path: "/dashboard",
    noindex: true,
    matches,
  });

/**
 * The query parameters this page reads: its kept address holds these and no others (docs/decisions/035). It
 * shows orders and the balance, so it is read again on their live updates (product rules 12.5).
 */
export const handle: PageHandle & LiveHandle = { pageQuery: ["tab"], live: ["orders", "balance"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const dashboard = await readDashboard(shopDatabase(context), user.id);
  return { email: user.email, balanceCents: user.balanceCents, ...dashboard };
}

const ticketForm = z.object({
  intent: z.literal("create-ticket"),
  category: z.string().trim().max(20).default(""),
  subject: z.string().max(10_000).default(""),
  message: z.string().max(50_000).default(""),
  orderId: z.string().trim().max(64).optional(),
});

/** intent=create-ticket opens a support ticket; intent=reply-ticket answers in one (the changes this page makes). */
export async function action({ request, context }: Route.ActionArgs) {
  // A session that ended while the form was open: say why the ticket was not sent.
  const user = await requireUser(request, { title: "Error", description: TICKET_TEXT.signInRequired });
  const form = await readForm(request, [ticketForm, ticketReplyForm]);
  if (form.intent === "reply-ticket")
    return replyToTicketFromForm(shopDatabase(context), { userId: user.id, form });
  const parsed = ticketForm.safeParse(form);
  if (!parsed.success)
    return data<TicketActionData>({ ok: false, message: TICKET_TEXT.missingFields }, { status: 400 });
  let result: Awaited<ReturnType<typeof createTicket>>;
  try {
    result = await createTicket(shopDatabase(context), { userId: user.id, ...parsed.data });
  } catch (error) {
    // A store failure (e.g. the chosen order deleted meanwhile) is the spec's 'Failed to submit ticket' toast,
    // not the page's error boundary: the rest of the dashboard stays usable.
    console.error("ticket could not be stored:", error);
    return data<TicketActionData>({ ok: false, message: TICKET_TEXT.failed }, { status: 500 });
  }
  if (!result.ok) {
    const answer = refusalAnswer(result);
    const body: TicketActionData = { ok: false, message: answer.message, field: answer.field };
    if (result.kind === "rate_limited") return data(body, answer.init);
    // The ticket form has always answered its refusals with their status (400, 404), unlike the account forms;
    // kept so (docs/decisions/017).
    return data(body, { status: result.kind === "not_found" ? 404 : 400 });
  }
  return data<TicketActionData>({ ok: true, ticketNumber: result.ticket.ticketNumber });
}

/** Switching tabs only changes ?tab=: the data on screen is still current, so no reload for that. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("tab");
    return params.toString();
  };
  const onlyTab =
    currentUrl.searchParams.get("tab") !== nextUrl.searchParams.get("tab") &&
    strip(currentUrl) === strip(nextUrl);
  return onlyTab ? false : defaultShouldRevalidate;
}

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  const balanceCents = useLiveBalance(loaderData.balanceCents);
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = readTab(searchParams.get("tab"));
  return (
    <main className="mx-auto max-w-5xl px-4 py-12">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Dashboard</h1>
          <p className="mt-1 text-slate-600">Signed in as {loaderData.email}</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link to="/quick-order" className={buttonClass("primary")}>
            Quick Order
          </Link>
          <Link to="/mass-order" className={buttonClass("secondary")}>
            Mass Order
          </Link>
          <Form method="post" action="/logout">
            <Button type="submit" variant="secondary">
              Sign Out
            </Button>
          </Form>
        </div>
      </div>
      <StatCards
        balanceCents={balanceCents}
        counts={loaderData.counts.loaded ? loaderData.counts.data : null}
      />
      <PopularServices packs={loaderData.packs} />
      <DashboardTabs
        active={tab}
        onSelect={(next) =>
          setSearchParams(
            (params) => {
              params.set("tab", next);
              return params;
            },
            { replace: true, preventScrollReset: true },
          )
        }
        panels={{
          orders: <OrderHistory orders={loaderData.orders} />,
          transactions: (
            <>
              <TransactionList transactions={loaderData.transactions} place="dashboard" />
              <p className="mt-4 text-center">
                <Link to="/wallet" className={buttonClass("secondary")} data-testid="full-statement">
                  {STATEMENT_TEXT.dashboardLink}
                </Link>
              </p>
            </>
          ),
          "auto-orders": <AutoOrderList autoOrders={loaderData.autoOrders} />,
          support: <SupportPanel tickets={loaderData.tickets} orderChoices={loaderData.orderChoices} />,
        }}
      />
    </main>
  );
}

/** The spec's 'Error loading data' when the page itself cannot be built (each list also shows it on its own). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const refused = refusalMessage(error);
  if (refused) return <RefusedRequest message={refused} home="/dashboard" />;
  return (
    <main className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{DASHBOARD_TEXT.loadError}</h1>
      <p className="mt-4 text-slate-600">We could not load your dashboard. Please try again in a moment.</p>
      <Link to="/dashboard" className={buttonClass("primary", "mt-8")}>
        Try again
      </Link>
    </main>
  );
}
