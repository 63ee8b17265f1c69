import { desc, isNull, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { alerts } from "../../db/schema.ts";

/** The most alerts the panel shows; the rest are counted. */
export const OPEN_ALERTS_SHOWN = 20;

export type OpenAlert = {
  id: number;
  kind: string;
  title: string;
  details: string;
  link: string;
  raisedAt: string;
};

/**
 * The needs-attention panel on /admin (product rules 14.27): open alerts, newest first, and how many there are, in
 * one statement over the open alerts' partial index.
 */
export async function listOpenAlerts(db: Executor): Promise<{ alerts: OpenAlert[]; total: number }> {
  const rows = await db
    .select({
      id: alerts.id,
      kind: alerts.kind,
      title: alerts.title,
      details: alerts.details,
      link: alerts.link,
      raisedAt: alerts.raisedAt,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(alerts)
    .where(isNull(alerts.resolvedAt))
    .orderBy(desc(alerts.raisedAt), desc(alerts.id))
    .limit(OPEN_ALERTS_SHOWN);
  return {
    alerts: rows.map(({ total: _total, raisedAt, ...alert }) => ({
      ...alert,
      raisedAt: raisedAt.toISOString(),
    })),
    total: rows[0]?.total ?? 0,
  };
}
