import type { Database } from "../../db/client.server.ts";
import { formatCents } from "../../lib/format-money.ts";
import { findAffiliateLedgerMismatches } from "../affiliates/check-affiliate-ledger.server.ts";
import { findLedgerMismatches } from "../wallet/check-ledger.server.ts";
import { endAlertsExcept, raiseAlert } from "./raise-alert.server.ts";

const LEDGER_SUBJECT = "ledger";
/** The wallets an alert names; the rest are counted. */
const NAMED_WALLETS = 5;

export type LedgerCheck = { mismatched: number; raised: boolean };

/**
 * The ledger check on a schedule (product rules 14.26): the invariant `npm run ledger:check` verifies (every balance
 * equals the sum of its ledger rows, every affiliate's commission balance too: docs/decisions/056). A failure raises
 * one alert, mailed, naming the wallets that differ; it stays on /admin until a later check is clean, which ends it,
 * so the next failure is told again.
 */
export async function checkLedgerAndAlert(db: Database): Promise<LedgerCheck> {
  const mismatches = [
    ...(await findLedgerMismatches(db)),
    ...(await findAffiliateLedgerMismatches(db)).map((m) => ({
      ...m,
      userId: m.affiliateId,
      email: `${m.email} (affiliate commission)`,
    })),
  ];
  return db.transaction(async (tx) => {
    if (mismatches.length === 0) {
      await endAlertsExcept(tx, "ledger_mismatch", []);
      return { mismatched: 0, raised: false };
    }
    const count = mismatches.length;
    const named = mismatches
      .slice(0, NAMED_WALLETS)
      .map((m) => `${m.email}: balance ${formatCents(m.balanceCents)}, ledger ${formatCents(m.ledgerCents)}`)
      .join("\n");
    const more = count > NAMED_WALLETS ? `\nand ${count - NAMED_WALLETS} more` : "";
    const id = await raiseAlert(tx, {
      kind: "ledger_mismatch",
      subjectKey: LEDGER_SUBJECT,
      title: `Ledger check failed: ${count === 1 ? "1 wallet differs from its ledger" : `${count} wallets differ from their ledgers`}`,
      details: `${named}${more}\nRun npm run ledger:check for the full list.`,
      link: `/admin/users/${mismatches[0]?.userId ?? ""}`,
    });
    return { mismatched: count, raised: id !== null };
  });
}
