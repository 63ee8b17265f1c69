import { Form, Link } from "react-router";
import {
  ADMIN_ORDER_STATUSES,
  type AdminOrderStatus,
  ORDER_STATUS_LABELS,
} from "../../domain/admin/order-status-labels.ts";
import { formatCount } from "../../lib/format-money.ts";
import { buttonClass } from "../ui/button.tsx";

type Counts = Record<AdminOrderStatus | "all", number>;

function href(params: { status?: string | null; q?: string; page?: number }): string {
  const search = new URLSearchParams();
  if (params.status) search.set("status", params.status);
  if (params.q) search.set("q", params.q);
  if (params.page && params.page > 1) search.set("page", String(params.page));
  const text = search.toString();
  return text ? `/admin/orders?${text}` : "/admin/orders";
}

/** The status filter buttons (each with its count) and the search box of the admin orders list. */
export function OrderFilters({
  counts,
  status,
  q,
}: {
  counts: Counts;
  status: AdminOrderStatus | null;
  q: string;
}) {
  const filters: { value: AdminOrderStatus | null; label: string; count: number }[] = [
    { value: null, label: "All", count: counts.all },
    ...ADMIN_ORDER_STATUSES.map((value) => ({
      value,
      label: ORDER_STATUS_LABELS[value],
      count: counts[value],
    })),
  ];
  return (
    <div className="mt-6 flex flex-wrap items-end justify-between gap-4">
      <nav aria-label="Filter orders by status" className="flex flex-wrap gap-2">
        {filters.map((filter) => {
          const active = filter.value === status;
          return (
            <Link
              key={filter.label}
              to={href({ status: filter.value, q })}
              aria-current={active ? "page" : undefined}
              data-testid={`filter-${filter.value ?? "all"}`}
              className={`rounded-full border px-3 py-1.5 text-sm font-medium ${
                active
                  ? "border-brand-600 bg-brand-600 text-white"
                  : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
              }`}
            >
              {filter.label} ({formatCount(filter.count)})
            </Link>
          );
        })}
      </nav>
      <Form method="get" role="search" className="flex gap-2">
        {status ? <input type="hidden" name="status" value={status} /> : null}
        <label htmlFor="order-search" className="sr-only">
          Search by order number or customer e-mail
        </label>
        <input
          id="order-search"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={200}
          placeholder="Order number or e-mail"
          className="w-64 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:outline-2 focus:outline-brand-600"
        />
        <button type="submit" className={buttonClass("secondary")}>
          Search
        </button>
      </Form>
    </div>
  );
}

/** Previous / next page links with "Page x of y". */
export function Pagination({
  page,
  pageCount,
  total,
  status,
  q,
}: {
  page: number;
  pageCount: number;
  total: number;
  status: string | null;
  q: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-4 flex items-center justify-between text-sm text-slate-600">
      <span>
        Page {formatCount(page)} of {formatCount(pageCount)} ({formatCount(total)} orders)
      </span>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link to={href({ status, q, page: page - 1 })} className={buttonClass("secondary")}>
            Previous
          </Link>
        ) : null}
        {page < pageCount ? (
          <Link to={href({ status, q, page: page + 1 })} className={buttonClass("secondary")}>
            Next
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
