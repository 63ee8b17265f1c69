import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { providers } from "../../db/schema.ts";
import { recordAdminAction } from "../audit/record-admin-action.server.ts";
import { isUuid } from "../ids.ts";
import type { Notice } from "../notice.ts";
import { type Refusal, refuse } from "../refusal.ts";
import { BALANCE_ALERT_TEXT } from "./balance-alert-form.ts";
import { PROVIDER_TEXT } from "./messages.ts";

/**
 * Sets (or clears, with null) the balance below which the operator is alerted about this provider, in its own
 * currency (product rules 14.24); audited when it changes. The next alert round compares it with the last balance
 * read.
 */
export async function setBalanceAlert(
  db: Database,
  input: { adminId: string; providerId: string; below: string | null },
): Promise<{ ok: true; notice: Notice } | Refusal> {
  if (!isUuid(input.providerId)) return refuse("not_found", PROVIDER_TEXT.notFound);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        below: sql<string | null>`trim_scale(${providers.balanceAlertBelow})::text`,
        currency: providers.currency,
      })
      .from(providers)
      .where(eq(providers.id, input.providerId))
      .for("update");
    if (!before) return refuse("not_found", PROVIDER_TEXT.notFound);
    const [after] = await tx
      .update(providers)
      .set({ balanceAlertBelow: input.below, updatedAt: sql`now()` })
      .where(eq(providers.id, input.providerId))
      .returning({ below: sql<string | null>`trim_scale(${providers.balanceAlertBelow})::text` });
    if (before.below !== (after?.below ?? null))
      await recordAdminAction(tx, {
        adminId: input.adminId,
        action: "provider.balance_alert",
        subjectType: "provider",
        subjectId: input.providerId,
        details: { from: before.below, to: after?.below ?? null },
      });
    const message = after?.below
      ? `You are alerted when its balance falls below ${after.below} ${before.currency}.`
      : "No balance alert for this provider.";
    return { ok: true as const, notice: { title: BALANCE_ALERT_TEXT.saved, message } };
  });
}
