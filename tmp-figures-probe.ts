import { connect } from "./app/db/client.server.ts";
import { lastDays } from "./app/domain/admin/figures-period.ts";
import { readDashboardMoney, readMoneyReport } from "./app/domain/admin/read-money-figures.server.ts";
import { settleMoneyFigures } from "./app/domain/admin/settle-money-figures.server.ts";

const { db, pool } = connect(process.env.PROBE_URL!, 4);
if (process.env.SETTLE) {
  const started = performance.now();
  const hours = await settleMoneyFigures(db);
  console.log(`settled ${hours} hours in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
for (const days of [7, 30, 90]) {
  const window = lastDays(days, new Date());
  const times: number[] = [];
  let report;
  for (let i = 0; i < 8; i++) {
    const t = performance.now();
    report = await readDashboardMoney(db, window);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(days, "days: median", times[4]!.toFixed(1), "ms, max", times.at(-1)!.toFixed(1), "services", report!.report.byService.length, "providers", report!.report.byProvider.length, JSON.stringify(report!.report.totals));
}
await pool.end();
