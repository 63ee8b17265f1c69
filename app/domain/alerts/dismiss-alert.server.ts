import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { alerts } from "../../db/schema.ts";
import { recordAdminAction } from "../audit/record-admin-action.server.ts";
import type { Notice } from "../notice.ts";
import { type Refusal, refuse } from "../refusal.ts";
import { ALERT_TEXT } from "./kinds.ts";

/**
 * An admin takes an open alert off the needs-attention panel (product rules 14.27), audited. Its episode goes on
 * while its condition holds, so dismissing a held submission does not raise it again next round; a new occurrence
 * is a new alert.
 */
export async function dismissAlert(
  db: Database,
  input: { adminId: string; alertId: number },
): Promise<{ ok: true; notice: Notice } | Refusal> {
  return db.transaction(async (tx) => {
    const [dismissed] = await tx
      .update(alerts)
      .set({ resolvedAt: sql`now()`, resolvedByAdminId: input.adminId })
      .where(and(eq(alerts.id, input.alertId), isNull(alerts.resolvedAt)))
      .returning({ id: alerts.id, kind: alerts.kind, title: alerts.title });
    if (!dismissed) return refuse("not_found", ALERT_TEXT.notFound);
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: "alert.dismiss",
      subjectType: "alert",
      subjectId: String(dismissed.id),
      details: { kind: dismissed.kind, title: dismissed.title },
    });
    return { ok: true as const, notice: { title: ALERT_TEXT.dismissed, message: dismissed.title } };
  });
}
