import { Link } from "react-router";
import { RefusedRequest } from "../../components/layout/page-error.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { Pagination } from "../../components/ui/pagination.tsx";
import { requireUser } from "../../domain/accounts/session.server.ts";
import { listAutoOrders } from "../../domain/dashboard/list-auto-orders.server.ts";
import { listCustomerOrders } from "../../domain/orders/list-customer-orders.server.ts";
import { customerOrdersQuery } from "../../domain/orders/list-customer-orders-query.ts";
import { ORDERS_PAGE_TEXT, showingOrders } from "../../domain/orders/orders-page-text.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { useKeptActionData } from "../../lib/live/kept-action-data.ts";
import type { LiveHandle } from "../../lib/live/live-topics.ts";
import type { PageHandle } from "../../lib/page-query.ts";
import { refusalMessage } from "../../lib/request-body.ts";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/route";
import { answerOrderAction } from "./order-action.server.ts";
import { OrderCard } from "./order-card.tsx";
import { OrdersFilters } from "./orders-filters.tsx";
import { SubscriptionsList } from "./subscriptions-list.tsx";

/** The newest subscriptions /orders lists beside its first page. */
const SUBSCRIPTIONS_SHOWN = 20;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: ORDERS_PAGE_TEXT.title,
    description: ORDERS_PAGE_TEXT.description,
    path: "/orders",
    noindex: true,
    matches,
  });

/** The query parameters this page reads: its kept address holds these and no others (docs/decisions/035). */
export const handle: PageHandle & LiveHandle = {
  pageQuery: Object.keys(customerOrdersQuery.shape),
  // Read again when an order's status changes (product rules 12.5).
  live: ["orders"],
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const query = customerOrdersQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [list, autoOrders] = await Promise.all([
    listCustomerOrders(shopDatabase(context), user.id, query),
    listAutoOrders(shopDatabase(context), user.id, SUBSCRIPTIONS_SHOWN),
  ]);
  const q = (query.q ?? "").trim().toLowerCase();
  // Shown beside the first page; a search finds one by its number or profile (product rules 4.13).
  const subscriptions =
    list.page === 1 && !query.status
      ? autoOrders.filter(
          (row) =>
            !q ||
            row.number.toLowerCase() === q ||
            row.number.slice("ORD-".length) === q ||
            row.targetUsername.toLowerCase().includes(q.replace(/^@/, "")),
        )
      : [];
  return { ...list, subscriptions, q: query.q ?? "", status: query.status ?? "" };
}

/** intent=cancel or intent=refill on one of the customer's own orders. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  return answerOrderAction(request, shopDatabase(context), user.id);
}

/** A page of the list, keeping its search and status. */
function ordersAddress(q: string, status: string, page: number): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (status) params.set("status", status);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `/orders?${search}` : "/orders";
}

export default function OrdersPage({ loaderData, actionData: answered }: Route.ComponentProps) {
  // A cancel's or refill's answer stays beside its order while live updates read the list again.
  const actionData = useKeptActionData(answered);
  const { orders, total, page, pageCount, pageSize, q, status, subscriptions } = loaderData;
  const searching = q !== "" || status !== "";
  const first = (page - 1) * pageSize + 1;
  return (
    <main className="mx-auto max-w-5xl px-4 py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold text-slate-900">{ORDERS_PAGE_TEXT.title}</h1>
          <p className="mt-1 text-slate-600">{ORDERS_PAGE_TEXT.intro}</p>
        </div>
        <Link to="/quick-order" className={buttonClass("primary")}>
          Quick Order
        </Link>
      </div>
      <OrdersFilters q={q} status={status} />
      {actionData && !orders.some((order) => order.id === actionData.orderId) ? (
        // A refusal about an order this list does not show (a malformed form, or not the customer's order).
        <p role="alert" className="mt-4 text-sm font-medium text-red-700" data-testid="orders-action-refused">
          {actionData.message}
        </p>
      ) : null}
      {orders.length === 0 ? (
        <div
          data-testid="orders-empty"
          className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600"
        >
          <p>{searching ? ORDERS_PAGE_TEXT.noMatch : ORDERS_PAGE_TEXT.empty}</p>
          {searching ? (
            <Link to="/orders" className={buttonClass("secondary", "mt-4")}>
              {ORDERS_PAGE_TEXT.clearSearch}
            </Link>
          ) : null}
        </div>
      ) : (
        <>
          <p className="mt-6 text-sm text-slate-600" data-testid="orders-showing">
            {showingOrders(first, first + orders.length - 1, total)}
          </p>
          <ol className="mt-3 space-y-4">
            {orders.map((order) => (
              <OrderCard
                key={order.id}
                order={order}
                refused={actionData && actionData.orderId === order.id ? actionData : undefined}
              />
            ))}
          </ol>
          <Pagination
            page={page}
            pageCount={pageCount}
            href={(target) => ordersAddress(q, status, target)}
            label={ORDERS_PAGE_TEXT.pagination}
          />
        </>
      )}
      <SubscriptionsList subscriptions={subscriptions} />
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const refused = refusalMessage(error);
  if (refused) return <RefusedRequest message={refused} home="/orders" />;
  return (
    <main className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{ORDERS_PAGE_TEXT.loadError}</h1>
      <p className="mt-4 text-slate-600">We could not load your orders. Please try again in a moment.</p>
      <Link to="/orders" className={buttonClass("primary", "mt-8")}>
        Try again
      </Link>
    </main>
  );
}
