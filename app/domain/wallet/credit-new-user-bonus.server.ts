import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { transactions, users } from "../../db/schema.ts";
import type { Cents } from "../pricing/cents.ts";
import { readSettings } from "../settings/read-settings.server.ts";
import { postLedgerEntry } from "./post-ledger-entry.server.ts";

/** The bonus kind in the ledger row's metadata; transactions_one_bonus_per_kind allows one per user. */
export const NEW_USER_BONUS_KIND = "new_user";

export type NewUserBonusResult =
  | { credited: true; amountCents: Cents }
  | { credited: false; reason: "none_configured" | "already_credited" | "no_account" };

/**
 * Credits the admin-set new-user bonus (product rules 7.3) as a `bonus` ledger row, at most once per
 * account whatever retries or double clicks happen: the wallet row is locked first, and the database's
 * partial unique index refuses a second one anyway. A bonus of 0 means none.
 */
export async function creditNewUserBonus(db: Database, userId: string): Promise<NewUserBonusResult> {
  const { newUserBonusCents } = await readSettings(db);
  if (!Number.isSafeInteger(newUserBonusCents) || newUserBonusCents <= 0)
    return { credited: false, reason: "none_configured" };
  return db.transaction(async (tx) => {
    const [wallet] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    if (!wallet) return { credited: false as const, reason: "no_account" as const };
    const [earlier] = await tx
      .select({ id: transactions.id })
      .from(transactions)
      .where(
        and(
          eq(transactions.userId, userId),
          eq(transactions.type, "bonus"),
          sql`${transactions.metadata} ->> 'kind' = ${NEW_USER_BONUS_KIND}`,
        ),
      )
      .limit(1);
    if (earlier) return { credited: false as const, reason: "already_credited" as const };
    await postLedgerEntry(tx, {
      userId,
      type: "bonus",
      amountCents: newUserBonusCents,
      metadata: { kind: NEW_USER_BONUS_KIND, reason: "Welcome bonus for confirming your e-mail" },
    });
    return { credited: true as const, amountCents: newUserBonusCents };
  });
}
