import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { platformName } from "../../components/dashboard/format.ts";
import { EmptyState, LoadError } from "../../components/dashboard/section-state.tsx";
import { StatusBadge } from "../../components/dashboard/status-badge.tsx";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { formatServiceName } from "../../domain/catalog/product-name.ts";
import type { DashboardAutoOrder } from "../../domain/dashboard/list-auto-orders.server.ts";
import type { Section } from "../../domain/dashboard/read-dashboard.server.ts";
import { formatCents, formatCount } from "../../lib/format-money.ts";

const RETURN_TO = "/dashboard?tab=auto-orders";

/** One change (pause, resume, cancel) posted to the auto order's own action, which comes back here. */
function ChangeForm({
  autoOrderId,
  intent,
  label,
  variant,
  onSubmit,
}: {
  autoOrderId: string;
  intent: "pause" | "resume" | "cancel";
  label: string;
  variant: "primary" | "secondary" | "danger";
  onSubmit?: () => void;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === `/auto-orders/${autoOrderId}`;
  return (
    <Form method="post" action={`/auto-orders/${autoOrderId}`} onSubmit={onSubmit}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="returnTo" value={RETURN_TO} />
      <Button type="submit" variant={variant} disabled={busy}>
        {label}
      </Button>
    </Form>
  );
}

function AutoOrderCard({ autoOrder }: { autoOrder: DashboardAutoOrder }) {
  const [confirming, setConfirming] = useState(false);
  const done = autoOrder.totalPosts - autoOrder.remainingPosts;
  const percent = autoOrder.totalPosts > 0 ? Math.round((done / autoOrder.totalPosts) * 100) : 0;
  const refundCents = autoOrder.remainingPosts * autoOrder.costPerPostCents;
  const live = autoOrder.status === "active" || autoOrder.status === "paused";
  const headingId = `auto-order-${autoOrder.id}`;
  return (
    <li
      aria-labelledby={headingId}
      data-testid="auto-order"
      className="rounded-xl border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={headingId} className="font-semibold text-slate-900">
            {formatServiceName(autoOrder.serviceName)}
          </h3>
          <p className="text-sm text-slate-600">
            @{autoOrder.targetUsername} · {platformName(autoOrder.platform)}
          </p>
        </div>
        <StatusBadge status={autoOrder.status} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-slate-500">Per post</dt>
          <dd className="font-medium text-slate-900">{formatCount(autoOrder.likesPerPost)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Cost per post</dt>
          <dd className="font-medium text-slate-900">{formatCents(autoOrder.costPerPostCents)}</dd>
        </div>
      </dl>
      <div className="mt-3">
        <p className="text-sm text-slate-600" data-testid="auto-order-progress">
          {done} of {autoOrder.totalPosts} posts
        </p>
        <div
          role="progressbar"
          aria-label="Posts delivered"
          aria-valuemin={0}
          aria-valuemax={autoOrder.totalPosts}
          aria-valuenow={done}
          className="mt-1 h-2 overflow-hidden rounded-full bg-slate-100"
        >
          <div className="h-full rounded-full bg-brand-600" style={{ width: `${percent}%` }} />
        </div>
      </div>
      {live ? (
        <div className="mt-4 flex flex-wrap gap-2">
          {autoOrder.status === "active" ? (
            <ChangeForm autoOrderId={autoOrder.id} intent="pause" label="Pause" variant="secondary" />
          ) : (
            <ChangeForm autoOrderId={autoOrder.id} intent="resume" label="Resume" variant="primary" />
          )}
          {autoOrder.remainingPosts > 0 ? (
            <Button variant="danger" onClick={() => setConfirming(true)}>
              Cancel & Refund
            </Button>
          ) : null}
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Cancel this auto order?"
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Keep auto order
            </Button>
            <ChangeForm
              autoOrderId={autoOrder.id}
              intent="cancel"
              label="Cancel & Refund"
              variant="danger"
              onSubmit={() => setConfirming(false)}
            />
          </>
        }
      >
        <p>
          {formatServiceName(autoOrder.serviceName)} for @{autoOrder.targetUsername} stops now. The{" "}
          {autoOrder.remainingPosts} remaining {autoOrder.remainingPosts === 1 ? "post" : "posts"} ×{" "}
          {formatCents(autoOrder.costPerPostCents)} ={" "}
          <strong data-testid="refund-amount">{formatCents(refundCents)}</strong> will be refunded to your
          wallet.
        </p>
      </ConfirmDialog>
    </li>
  );
}

/** Auto Orders: a card per auto order with its progress and the changes its status allows. */
export function AutoOrderList({ autoOrders }: { autoOrders: Section<DashboardAutoOrder[]> }) {
  if (!autoOrders.loaded) return <LoadError message={autoOrders.error} />;
  if (autoOrders.data.length === 0)
    return (
      <div className="space-y-4 text-center">
        <EmptyState testId="auto-orders-empty">You don't have any active auto orders yet</EmptyState>
        <Link to="/automatic-order" className={buttonClass("primary")}>
          Set up an auto order
        </Link>
      </div>
    );
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {autoOrders.data.map((autoOrder) => (
        <AutoOrderCard key={autoOrder.id} autoOrder={autoOrder} />
      ))}
    </ul>
  );
}
