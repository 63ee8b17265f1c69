import { Card } from "../../components/ui/card.tsx";
import type { MoneyReport } from "../../domain/admin/read-money-figures.server.ts";
import { formatCents, formatCount } from "../../lib/format-money.ts";
import { DailyBarChart } from "./daily-chart.tsx";
import { ProfitTable, unknownCostNote } from "./profit-table.tsx";

type Period = { first: string; last: string };

/** An admin export of the period (product rules 13.36). */
function exportHref(file: string, period: Period, by?: string): string {
  const query = new URLSearchParams({ from: period.first, to: period.last, ...(by ? { by } : {}) });
  return `/admin/export/${file}?${query}`;
}

const DAY_COLUMNS = ["Deposits", "Sales", "Refunds", "Provider spend", "Profit", "Bonuses", "Adjustments"];

/**
 * The period's money (product rules 13.33, 13.34): deposits received, sales, refunds, provider spend and profit
 * in all and by day (a chart with the same numbers as a table), bonuses and adjustments apart, then each
 * service's and provider's figures, and the period's exports.
 */
export function MoneySection({
  money,
  period,
  loading,
}: {
  money: MoneyReport;
  period: Period;
  /** Another period is loading: these figures are about to be replaced. */
  loading: boolean;
}) {
  const { totals } = money;
  const empty =
    totals.depositsCents === 0 &&
    totals.salesCents === 0 &&
    totals.refundsCents === 0 &&
    totals.spendCents === 0 &&
    money.byService.length === 0 &&
    money.byProvider.length === 0;
  const cards = [
    { label: "Deposits received", value: totals.depositsCents, testId: "money-deposits" },
    { label: "Sales", value: totals.salesCents, testId: "money-sales" },
    { label: "Refunds", value: totals.refundsCents, testId: "money-refunds" },
    { label: "Provider spend", value: totals.spendCents, testId: "money-spend" },
    { label: "Profit", value: totals.profitCents, testId: "money-profit" },
  ];
  return (
    <section
      aria-labelledby="money-heading"
      aria-busy={loading}
      className={`mt-10 transition-opacity ${loading ? "opacity-50" : ""}`}
    >
      <h2 id="money-heading" className="text-xl font-bold text-slate-900">
        Money
      </h2>
      <p role="status" className="text-sm font-medium text-brand-700" data-testid="money-loading">
        {loading ? "Loading the figures of the chosen period…" : ""}
      </p>
      {empty ? (
        <p className="mt-1 text-sm text-slate-600" data-testid="money-empty">
          No deposits, sales or parts sent in this period.
        </p>
      ) : null}
      <p className="mt-1 text-sm text-slate-600">
        Profit is sales less refunds less what providers charged for the parts sent.
        {totals.unknownCostParts > 0
          ? ` ${unknownCostNote(totals.unknownCostParts)}, so profit is at most what it says.`
          : ""}
      </p>
      <div className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {cards.map((card) => (
          <Card key={card.label} className="p-4">
            <h3 className="text-sm font-medium text-slate-600">{card.label}</h3>
            <p
              className={`mt-1 text-xl font-bold tabular-nums wrap-anywhere sm:text-2xl ${card.value < 0 ? "text-red-700" : "text-slate-900"}`}
              data-testid={card.testId}
            >
              {formatCents(card.value)}
            </p>
          </Card>
        ))}
      </div>
      <p className="mt-3 text-sm text-slate-600" data-testid="money-apart">
        Not counted as sales: bonuses {formatCents(totals.bonusesCents)}, adjustments{" "}
        {formatCents(totals.adjustmentsCents)}.
      </p>
      <div className="mt-4">
        <DailyBarChart
          title="Profit per day"
          description="Sales less refunds less provider spend, by UTC day; the table has every figure of each day."
          points={money.days.map((day) => ({ day: day.day, value: day.profitCents }))}
          format={(value) => formatCents(value)}
          valueHeading="Profit"
          testId="chart-profit"
          table={
            <>
              <thead>
                <tr className="text-slate-600">
                  <th scope="col" className="py-1 pr-3 font-medium">
                    Day
                  </th>
                  {DAY_COLUMNS.map((heading) => (
                    <th key={heading} scope="col" className="py-1 pr-3 text-right font-medium">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {money.days.map((day) => (
                  <tr key={day.day} className="border-t border-slate-100">
                    <th scope="row" className="py-1 pr-3 font-normal whitespace-nowrap">
                      {day.day}
                    </th>
                    {[
                      day.depositsCents,
                      day.salesCents,
                      day.refundsCents,
                      day.spendCents,
                      day.profitCents,
                      day.bonusesCents,
                      day.adjustmentsCents,
                    ].map((value, index) => (
                      <td
                        key={DAY_COLUMNS[index]}
                        data-label={DAY_COLUMNS[index]}
                        className="py-1 pr-3 text-right tabular-nums"
                      >
                        {formatCents(value)}
                        {index === 3 && day.unknownCostParts > 0 ? (
                          <span className="block text-xs text-amber-800">
                            {formatCount(day.unknownCostParts)} unknown
                          </span>
                        ) : null}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </>
          }
        />
      </div>
      <div className="mt-4 grid gap-4">
        <ProfitTable
          caption="By service"
          nameHeading="Service"
          ordersHeading="Orders"
          rows={money.byService}
          testId="profit-by-service"
          download={exportHref("figures.csv", period, "service")}
        />
        <ProfitTable
          caption="By provider"
          nameHeading="Provider"
          ordersHeading="Parts sent"
          rows={money.byProvider}
          testId="profit-by-provider"
          download={exportHref("figures.csv", period, "provider")}
        />
      </div>
      <p className="mt-4 flex flex-wrap gap-x-4 gap-y-2 text-sm" data-testid="money-exports">
        <span className="text-slate-600">Download this period as CSV:</span>
        <a
          href={exportHref("figures.csv", period, "day")}
          download
          className="font-medium text-brand-700 hover:underline"
        >
          Figures by day
        </a>
        <a
          href={exportHref("orders.csv", period)}
          download
          className="font-medium text-brand-700 hover:underline"
        >
          Orders
        </a>
        <a
          href={exportHref("transactions.csv", period)}
          download
          className="font-medium text-brand-700 hover:underline"
        >
          Transactions
        </a>
      </p>
    </section>
  );
}
