import { Link } from "react-router";
import { platformName } from "../../components/dashboard/format.ts";
import { StatusBadge } from "../../components/dashboard/status-badge.tsx";
import { formatServiceName } from "../../domain/catalog/product-name.ts";
import type { DashboardAutoOrder } from "../../domain/dashboard/list-auto-orders.server.ts";
import { formatCents } from "../../lib/format-money.ts";

/**
 * The customer's subscriptions (automatic orders, whether placed here or through the API) under their numbers,
 * which follow the one-time orders' sequence: a reseller finds the id the API answered (product rules 4.13).
 * Pausing and cancelling stay on the dashboard's Auto Orders tab.
 */
export function SubscriptionsList({ subscriptions }: { subscriptions: DashboardAutoOrder[] }) {
  if (subscriptions.length === 0) return null;
  return (
    <section aria-labelledby="subscriptions-heading" className="mt-10">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="subscriptions-heading" className="text-xl font-semibold text-slate-900">
          Subscriptions
        </h2>
        <Link to="/dashboard?tab=auto-orders" className="text-sm font-medium text-brand-700 hover:underline">
          Manage on the dashboard
        </Link>
      </div>
      <ol className="mt-3 space-y-3">
        {subscriptions.map((subscription) => (
          <li
            key={subscription.id}
            data-testid="customer-subscription"
            className="min-w-0 rounded-xl border border-slate-200 bg-white p-4"
          >
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <h3 className="font-semibold text-slate-900">{subscription.number}</h3>
                <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">
                  {formatServiceName(subscription.serviceName)} · {platformName(subscription.platform)} · @
                  {subscription.targetUsername}
                </p>
              </div>
              <StatusBadge status={subscription.status} />
            </div>
            <p className="mt-2 text-sm text-slate-700">
              {subscription.totalPosts - subscription.remainingPosts} of {subscription.totalPosts} posts
              served · {formatCents(subscription.costPerPostCents)} a post
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
