import type { Executor } from "../../db/client.server.ts";
import { analyticsEvents } from "../../db/schema.ts";
import { isAdminPath } from "../../lib/analytics-events.ts";
import { type Refusal, refuse } from "../refusal.ts";
import { checkRateLimits, type RateLimitRule, rateLimitRefusal } from "../security/rate-limit.server.ts";
import type { AnalyticsEventInput } from "./event-input.ts";

/** Events per visitor, and new visitor ids per client address (so a client without the cookie cannot mint its way past). */
export const ANALYTICS_RATE_LIMITS = {
  perVisitor: { limit: 120, windowSeconds: 60 },
  newVisitorsPerAddress: { limit: 60, windowSeconds: 60 },
} satisfies Record<string, RateLimitRule>;

export type AnalyticsVisit = {
  userId: string | null;
  visitorId: string;
  /** True when this request minted the visitor id (no cookie yet). */
  newVisitor: boolean;
  clientIp: string | null;
};

/** Events from the admin area are never recorded. */
export const ADMIN_AREA_REFUSAL = "Analytics are not recorded in the admin area.";

/** Stored, or refused (docs/decisions/017): `forbidden` from the admin area, `rate_limited` past the limits. */
export type RecordEventResult = { ok: true } | Refusal;

/** Stores one analytics event of a visitor, unless it comes from the admin area or the visitor is over the limit. */
export async function recordAnalyticsEvent(
  db: Executor,
  event: AnalyticsEventInput,
  visit: AnalyticsVisit,
): Promise<RecordEventResult> {
  if (isAdminPath(event.path)) return refuse("forbidden", ADMIN_AREA_REFUSAL);
  const limited = await checkRateLimits(db, [
    { key: `analytics:visitor:${visit.visitorId}`, rule: ANALYTICS_RATE_LIMITS.perVisitor },
    ...(visit.newVisitor && visit.clientIp
      ? [
          {
            key: `analytics:new-visitor:ip:${visit.clientIp}`,
            rule: ANALYTICS_RATE_LIMITS.newVisitorsPerAddress,
          },
        ]
      : []),
  ]);
  if (!limited.allowed) return rateLimitRefusal(limited);
  await db.insert(analyticsEvents).values({
    name: event.name,
    properties: event.properties,
    path: event.path,
    userId: visit.userId,
    visitorId: visit.visitorId,
  });
  return { ok: true };
}
