import { data, Link, useNavigation } from "react-router";
import { useAnswerToast } from "../../components/admin/use-answer-toast.ts";
import { buttonClass } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { requireAdmin } from "../../domain/accounts/session.server.ts";
import { figurePeriodQuery } from "../../domain/admin/figures-period.ts";
import { readAdminDashboard } from "../../domain/admin/read-dashboard-stats.server.ts";
import { dismissAlert } from "../../domain/alerts/dismiss-alert.server.ts";
import { dismissAlertForm } from "../../domain/alerts/dismiss-alert-form.ts";
import { listOpenAlerts } from "../../domain/alerts/list-open-alerts.server.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { readForm } from "../../lib/form-body.server.ts";
import { answerAdminChange } from "../../lib/toast.server.ts";
import type { Route } from "./+types/route";
import { DailyBarChart } from "./daily-chart.tsx";
import { FunnelChart } from "./funnel-chart.tsx";
import { MoneySection } from "./money-section.tsx";
import { NeedsAttentionPanel } from "./needs-attention-panel.tsx";
import { PeriodControl } from "./period-control.tsx";

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const { days } = figurePeriodQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  const db = shopDatabase(context);
  const [dashboard, alerts] = await Promise.all([
    readAdminDashboard(db, new Date(), days),
    listOpenAlerts(db),
  ]);
  return { email: admin.email, ...dashboard, alerts };
}

/** The needs-attention panel's Dismiss (product rules 14.27), audited; answered with a toast. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const parsed = dismissAlertForm.safeParse(await readForm(request, dismissAlertForm));
  if (!parsed.success) throw data(null, { status: 400 });
  const answer = await dismissAlert(shopDatabase(context), {
    adminId: admin.id,
    alertId: parsed.data.alertId,
  });
  return answerAdminChange(answer.ok ? answer : refusalAnswer(answer), "/admin");
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const number = new Intl.NumberFormat("en-US");

export default function AdminDashboardPage({ loaderData, actionData }: Route.ComponentProps) {
  const { stats, days, funnel, periodDays, money, period } = loaderData;
  useAnswerToast(actionData);
  // Another period is on its way: the figures shown are the old period's until it arrives.
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin";
  const cards = [
    { label: "Total Users", value: number.format(stats.totalUsers), testId: "stat-total-users" },
    { label: "Total Orders", value: number.format(stats.totalOrders), testId: "stat-total-orders" },
    {
      label: "Total Revenue",
      value: usd.format(stats.netSalesCents / 100),
      testId: "stat-total-revenue",
      note: "Net sales, all time: purchases charged minus refunds paid (as the chart below).",
    },
    { label: "Pending Orders", value: number.format(stats.pendingOrders), testId: "stat-pending-orders" },
  ];
  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <title>Admin Dashboard | Boostly</title>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Admin Dashboard</h1>
          <p className="mt-1 text-slate-600">Signed in as {loaderData.email}</p>
        </div>
        <div className="flex gap-3">
          <Link to="/admin/orders" className={buttonClass("secondary")}>
            Orders Management
          </Link>
          <Link to="/admin/manual-order" className={buttonClass("primary")}>
            Create Manual Order
          </Link>
        </div>
      </div>
      <NeedsAttentionPanel alerts={loaderData.alerts.alerts} total={loaderData.alerts.total} />
      <Link
        to="/admin/manual-work"
        data-testid="needs-manual-work"
        className={`mt-6 flex flex-wrap items-center justify-between gap-2 rounded-xl border p-4 focus-visible:outline-2 focus-visible:outline-brand-600 ${
          loaderData.needsManualWork > 0
            ? "border-amber-300 bg-amber-50 text-amber-950 hover:bg-amber-100"
            : "border-slate-200 bg-white text-slate-700 hover:bg-slate-50"
        }`}
      >
        <span className="font-semibold">
          Needs manual work:{" "}
          <span data-testid="needs-manual-work-count">{number.format(loaderData.needsManualWork)}</span>
        </span>
        <span className="text-sm">
          Orders no provider takes, submissions held for a decision, auto orders without a provider →
        </span>
      </Link>
      <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {cards.map((card) => (
          <Card key={card.label}>
            <h2 className="text-sm font-medium text-slate-600">{card.label}</h2>
            <p className="mt-2 text-3xl font-bold text-slate-900" data-testid={card.testId}>
              {card.value}
            </p>
            {"note" in card ? <p className="mt-1 text-xs text-slate-500">{card.note}</p> : null}
          </Card>
        ))}
      </div>
      <div className="mt-10 flex flex-wrap items-center justify-between gap-3">
        <p className="text-lg font-semibold text-slate-900" data-testid="period-label">
          Last {periodDays} days: {period.first} to {period.last} (UTC)
        </p>
        <PeriodControl current={periodDays} />
      </div>
      <MoneySection money={money} period={period} loading={loading} />
      <section aria-labelledby="trends-heading" className="mt-10">
        <h2 id="trends-heading" className="text-xl font-bold text-slate-900">
          Sales and orders
        </h2>
        <div className="mt-4 grid gap-4 lg:grid-cols-2">
          <DailyBarChart
            title="Net sales per day"
            description="Purchases charged minus refunds paid, from the wallet ledger, by UTC day."
            points={days.map((point) => ({ day: point.day, value: point.netSalesCents }))}
            format={(value) => usd.format(value / 100)}
            valueHeading="Net sales"
            testId="chart-net-sales"
          />
          <DailyBarChart
            title="Orders per day"
            description="One-time orders placed, by UTC day (auto orders are not counted)."
            points={days.map((point) => ({ day: point.day, value: point.orders }))}
            format={(value) => number.format(value)}
            valueHeading="Orders"
            testId="chart-orders"
          />
        </div>
        <div className="mt-4">
          <FunnelChart title={`Conversion funnel (last ${periodDays} days)`} steps={funnel} />
        </div>
      </section>
    </main>
  );
}
