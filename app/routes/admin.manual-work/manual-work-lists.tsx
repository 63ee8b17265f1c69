import { Link } from "react-router";
import { AdminTable } from "../../components/admin/admin-table.tsx";
import { formatDateTime, lineLabel } from "../../components/admin/format.ts";
import { type AdminOrderView, OrdersTable } from "../../components/admin/orders-table.tsx";
import { StaffOnly } from "../../components/admin/staff-only.tsx";
import { AddressText } from "../../components/ui/address-text.tsx";
import { Card } from "../../components/ui/card.tsx";
import type {
  HeldSubmission,
  ResendProvider,
  UnmappedAutoOrder,
} from "../../domain/admin/read-manual-work.server.ts";
import { formatServiceName } from "../../domain/catalog/product-name.ts";
import { PROVIDER_TEXT } from "../../domain/fulfilment/messages.ts";
import type { ManualRefill } from "../../domain/refills/manual-refills.server.ts";
import { REFILL_STATUS_WORDS } from "../../domain/refills/refill-status.ts";
import { formatCount } from "../../lib/format-money.ts";
import { ResendPartForm, ResolvePartForm } from "./held-part-forms.tsx";
import { RefillDecisionForm } from "./refill-decision-form.tsx";

/** A held submission and an unmapped auto order as the page receives them (dates as ISO text). */
export type HeldView = Omit<HeldSubmission, "since" | "refundDueAt"> & {
  since: string;
  refundDueAt: string | null;
};
export type UnmappedAutoOrderView = Omit<UnmappedAutoOrder, "createdAt"> & { createdAt: string };
export type ManualRefillView = Omit<ManualRefill, "requestedAt"> & { requestedAt: string };

const td = "px-4 py-3";

/** The four lists of the "Needs manual work" page, each with its count and empty state. */
export function ManualWorkLists({
  work,
}: {
  work: {
    orders: AdminOrderView[];
    ordersTotal: number;
    held: HeldView[];
    heldTotal: number;
    providers: ResendProvider[];
    autoOrders: UnmappedAutoOrderView[];
    autoOrdersTotal: number;
    refills: ManualRefillView[];
    refillsTotal: number;
  };
}) {
  return (
    <div className="mt-8 space-y-10">
      <section aria-labelledby="manual-orders-heading">
        <h2 id="manual-orders-heading" className="text-xl font-bold text-slate-900">
          Orders to deliver by hand ({formatCount(work.ordersTotal)})
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          No provider takes these (none mapped, or the quantity is outside its limits). Oldest first; each
          leaves the list once it has a final status.
        </p>
        <Card className="mt-4 p-0 sm:overflow-x-auto" data-testid="manual-orders">
          <OrdersTable orders={work.orders} empty="No orders waiting for a person." />
        </Card>
      </section>

      <section aria-labelledby="held-heading">
        <h2 id="held-heading" className="text-xl font-bold text-slate-900">
          Held for a decision ({formatCount(work.heldTotal)})
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          The provider refused these, or may or may not have them: check on its side, then resend (to it or
          another provider), or mark resolved, with the provider's order id if it has the order. A part the
          provider kept refusing is refunded at its deadline unless resent; failed or cancelled parts of
          orders still open are listed too.
        </p>
        <ShownOf shown={work.held.length} total={work.heldTotal} />
        <Card className="mt-4 p-0" data-testid="held-submissions">
          {work.held.length === 0 ? (
            <p className="p-6 text-slate-600">Nothing is held.</p>
          ) : (
            <ul className="divide-y divide-slate-100" aria-labelledby="held-heading">
              {work.held.map((row) => (
                <HeldPart key={row.fulfilmentId} row={row} providers={work.providers} />
              ))}
            </ul>
          )}
        </Card>
      </section>

      <section aria-labelledby="manual-refills-heading">
        <h2 id="manual-refills-heading" className="text-xl font-bold text-slate-900">
          Refills to do by hand ({formatCount(work.refillsTotal)})
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Customers asked these refills of orders a person delivered: top the order up, then mark it
          completed, or reject it with a note the customer sees.
        </p>
        <ShownOf shown={work.refills.length} total={work.refillsTotal} />
        <Card className="mt-4 p-0 sm:overflow-x-auto" data-testid="manual-refills">
          <AdminTable
            headings={["Refill", "Order", "Customer", "Service", "Link", "Asked", "Decision"]}
            items={work.refills}
            empty="No refills waiting for a person."
          >
            {(row) => (
              <tr key={row.id} className="align-top">
                <td className={`${td} font-medium text-slate-900`}>
                  #{row.id} · {REFILL_STATUS_WORDS[row.status]}
                </td>
                <td className={td}>
                  {row.orderNumber} · {formatCount(row.quantity)}
                </td>
                <td className={td}>
                  <Link to={`/admin/users/${row.userId}`} className="text-brand-700 hover:underline">
                    <AddressText text={row.customerEmail ?? "Unknown"} />
                  </Link>
                </td>
                <td className={td}>{formatServiceName(row.serviceName)}</td>
                <td className={`${td} max-w-xs`}>
                  <AddressText text={row.targetLink} />
                </td>
                <td className={td}>{formatDateTime(row.requestedAt)}</td>
                <td className={td}>
                  <StaffOnly permission="orders.manage">
                    <RefillDecisionForm refillId={row.id} label={`#${row.id} of ${row.orderNumber}`} />
                  </StaffOnly>
                </td>
              </tr>
            )}
          </AdminTable>
        </Card>
      </section>

      <section aria-labelledby="manual-auto-heading">
        <h2 id="manual-auto-heading" className="text-xl font-bold text-slate-900">
          Auto orders without a provider ({formatCount(work.autoOrdersTotal)})
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Their service is mapped to no provider: each new post of the customer needs a person.
        </p>
        <ShownOf shown={work.autoOrders.length} total={work.autoOrdersTotal} />
        <Card className="mt-4 p-0 sm:overflow-x-auto" data-testid="manual-auto-orders">
          <AdminTable
            headings={["Customer", "Service", "Username", "Per post", "Posts left", "Created"]}
            items={work.autoOrders}
            empty="Every active auto order has a provider."
          >
            {(row) => (
              <tr key={row.id} className="align-top">
                <td className={td}>
                  <Link to={`/admin/users/${row.userId}`} className="text-brand-700 hover:underline">
                    <AddressText text={row.customerEmail ?? "Unknown"} />
                  </Link>
                </td>
                <td className={td}>{formatServiceName(row.serviceName)}</td>
                <td className={`${td} max-w-48 truncate`} title={`@${row.targetUsername}`}>
                  @{row.targetUsername}
                </td>
                <td className={td}>{formatCount(row.likesPerPost)}</td>
                <td className={td}>
                  {formatCount(row.remainingPosts)} of {formatCount(row.totalPosts)}
                </td>
                <td className={td}>{formatDateTime(row.createdAt)}</td>
              </tr>
            )}
          </AdminTable>
        </Card>
      </section>
    </div>
  );
}

/** Says when a list shows only its oldest rows. */
function ShownOf({ shown, total }: { shown: number; total: number }) {
  if (shown >= total) return null;
  return (
    <p className="mt-1 text-sm font-medium text-amber-800">
      The oldest {formatCount(shown)} of {formatCount(total)} are listed.
    </p>
  );
}

/**
 * A held or resendable part: what it is, why it waits and until when, then its decisions, side by side on a wide
 * screen and one under the other on a phone (so the action is in reach without scrolling sideways).
 */
function HeldPart({ row, providers }: { row: HeldView; providers: ResendProvider[] }) {
  const subject = row.orderNumber ?? `Auto order post ${row.postNumber ?? ""}`;
  const part = row.part === "order" ? "Whole order" : lineLabel(row.part);
  const label = `${subject} ${part}`;
  return (
    <li className="flex flex-wrap items-start justify-between gap-4 px-4 py-4" data-testid="held-part">
      <div className="min-w-0 max-w-xl space-y-1 text-sm">
        <p className="font-medium text-slate-900">
          {subject} · {part} · {formatCount(row.quantity)} ·{" "}
          <Link to={`/admin/providers/${row.providerId}`} className="text-brand-700 hover:underline">
            {row.providerName}
          </Link>
        </p>
        <p className="break-words text-red-700">
          {row.state === "done" ? `Ended ${row.outcome}${row.lastError ? ": " : ""}` : null}
          {row.lastError ?? (row.state === "done" ? "" : "Held")}
        </p>
        {row.refundDueAt ? (
          <p className="font-medium text-amber-800" data-testid="refund-deadline">
            {PROVIDER_TEXT.heldUntil(`${formatDateTime(row.refundDueAt)} UTC`)}
          </p>
        ) : null}
        <p className="text-xs text-slate-500">Since {formatDateTime(row.since)} UTC</p>
      </div>
      <StaffOnly permission="orders.manage">
        <div className="space-y-2">
          {row.orderId ? (
            <ResendPartForm
              fulfilmentId={row.fulfilmentId}
              label={label}
              providerId={row.providerId}
              providerServiceId={row.providerServiceId}
              providers={providers}
            />
          ) : null}
          {row.state === "needs_attention" ? (
            <ResolvePartForm fulfilmentId={row.fulfilmentId} label={label} />
          ) : null}
        </div>
      </StaffOnly>
    </li>
  );
}
