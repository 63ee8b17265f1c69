import { useEffect, useId, useState } from "react";
import { Link, useFetcher } from "react-router";
import { AdminTable } from "../../components/admin/admin-table.tsx";
import { formatDateTime } from "../../components/admin/format.ts";
import { StaffOnly } from "../../components/admin/staff-only.tsx";
import { type ToastAnswer, useAnswerToast } from "../../components/admin/use-answer-toast.ts";
import { StatusBadge } from "../../components/dashboard/status-badge.tsx";
import { AddressText } from "../../components/ui/address-text.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Select } from "../../components/ui/select.tsx";
import {
  ADMIN_AUTO_ORDER_STATUSES,
  type AdminAutoOrderStatus,
} from "../../domain/auto-orders/admin-change-messages.ts";
import type { AdminAutoOrderRow } from "../../domain/auto-orders/list-auto-orders-for-admin.server.ts";
import { formatPlatformName, formatServiceName } from "../../domain/catalog/product-name.ts";
import { formatCents, formatCount } from "../../lib/format-money.ts";

/** A row of the list as the page receives it (the date as ISO text). */
export type AdminAutoOrderView = Omit<AdminAutoOrderRow, "createdAt"> & { createdAt: string };

const HEADINGS = ["Customer", "Service", "Progress", "Cost", "Status"];

/** An auto order status in words (the filters and each row's status select). */
export const AUTO_ORDER_STATUS_LABELS: Record<AdminAutoOrderStatus, string> = {
  active: "Active",
  paused: "Paused",
  completed: "Completed",
  cancelled: "Cancelled",
};

/** The admin auto orders table: progress, cost, and per-row status and remaining-posts forms. */
export function AutoOrdersTable({ autoOrders, empty }: { autoOrders: AdminAutoOrderView[]; empty: string }) {
  return (
    <AdminTable headings={HEADINGS} items={autoOrders} empty={empty}>
      {(autoOrder) => {
        const label = `@${autoOrder.targetUsername}`;
        return (
          <tr key={autoOrder.id} data-testid="admin-auto-order-row" className="align-top">
            <td className="px-4 py-3">
              {autoOrder.customerEmail ? (
                <>
                  <div>
                    <AddressText text={autoOrder.customerEmail} />
                  </div>
                  <Link to={`/admin/users/${autoOrder.userId}`} className="text-brand-700 hover:underline">
                    View Details
                  </Link>
                </>
              ) : (
                "Unknown"
              )}
              <div className="text-slate-500">{formatDateTime(autoOrder.createdAt)}</div>
            </td>
            <td className="px-4 py-3">
              <div>{autoOrder.serviceName ? formatServiceName(autoOrder.serviceName) : "Unknown"}</div>
              <div className="text-slate-500">
                {autoOrder.platform ? formatPlatformName(autoOrder.platform) : null}
              </div>
              <div className="max-w-48 truncate text-slate-700" title={label}>
                {label}
              </div>
              <div className="text-slate-500">{formatCount(autoOrder.likesPerPost)} per post</div>
            </td>
            <td className="px-4 py-3">
              <div data-testid="auto-order-progress">
                {autoOrder.totalPosts - autoOrder.remainingPosts}/{autoOrder.totalPosts} posts done
              </div>
              <div className="text-slate-500" data-testid="auto-order-remaining">
                {autoOrder.remainingPosts} remaining
              </div>
              <StaffOnly permission="orders.manage">
                <RemainingPostsForm
                  autoOrderId={autoOrder.id}
                  label={label}
                  remainingPosts={autoOrder.remainingPosts}
                  totalPosts={autoOrder.totalPosts}
                />
              </StaffOnly>
            </td>
            <td className="px-4 py-3">
              <div>{formatCents(autoOrder.totalCents)}</div>
              <div className="text-slate-500">{formatCents(autoOrder.costPerPostCents)} per post</div>
            </td>
            <td className="space-y-2 px-4 py-3">
              <StatusBadge status={autoOrder.status} />
              <StaffOnly permission="orders.manage">
                <AutoOrderStatusForm autoOrderId={autoOrder.id} label={label} status={autoOrder.status} />
              </StaffOnly>
            </td>
          </tr>
        );
      }}
    </AdminTable>
  );
}

function AutoOrderStatusForm({
  autoOrderId,
  label,
  status,
}: {
  autoOrderId: string;
  label: string;
  status: AdminAutoOrderStatus;
}) {
  const fetcher = useFetcher<ToastAnswer>();
  const id = useId();
  const [chosen, setChosen] = useState(status);
  useEffect(() => setChosen(status), [status]);
  useAnswerToast(fetcher.data);
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value="set-status" />
      <input type="hidden" name="autoOrderId" value={autoOrderId} />
      <Select
        label={`Status of ${label}`}
        hideLabel
        size="sm"
        id={`${id}-status`}
        name="status"
        value={chosen}
        onChange={(event) => setChosen(event.target.value as AdminAutoOrderStatus)}
      >
        {ADMIN_AUTO_ORDER_STATUSES.map((option) => (
          <option key={option} value={option}>
            {AUTO_ORDER_STATUS_LABELS[option]}
          </option>
        ))}
      </Select>
      <Button type="submit" variant="secondary" className="px-3 py-1.5" disabled={fetcher.state !== "idle"}>
        {fetcher.state !== "idle" ? "Saving..." : "Save"}
      </Button>
    </fetcher.Form>
  );
}

function RemainingPostsForm({
  autoOrderId,
  label,
  remainingPosts,
  totalPosts,
}: {
  autoOrderId: string;
  label: string;
  remainingPosts: number;
  totalPosts: number;
}) {
  const fetcher = useFetcher<ToastAnswer>();
  const id = useId();
  useAnswerToast(fetcher.data);
  return (
    <fetcher.Form method="post" className="mt-2 flex flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value="set-remaining" />
      <input type="hidden" name="autoOrderId" value={autoOrderId} />
      {/* No browser-side range check: the server's refusal names the allowed range. */}
      <Input
        key={remainingPosts}
        label={`Remaining posts of ${label}`}
        hideLabel
        size="sm"
        id={`${id}-remaining`}
        name="remainingPosts"
        inputMode="numeric"
        defaultValue={remainingPosts}
        title={`A whole number from 0 to ${totalPosts}`}
        className="w-20"
      />
      <Button type="submit" variant="secondary" className="px-3 py-1.5" disabled={fetcher.state !== "idle"}>
        Set remaining
      </Button>
    </fetcher.Form>
  );
}
