import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { notificationPreferences } from "../../db/schema.ts";
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from "./kinds.ts";

/** The customer's notification choices; every kind on when they never saved any (product rules 6.6). */
export async function readNotificationPreferences(
  db: Executor,
  userId: string,
): Promise<NotificationPreferences> {
  const [row] = await db
    .select({
      depositReceipts: notificationPreferences.depositReceipts,
      orderUpdates: notificationPreferences.orderUpdates,
      refillUpdates: notificationPreferences.refillUpdates,
      ticketReplies: notificationPreferences.ticketReplies,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row ?? { ...DEFAULT_NOTIFICATION_PREFERENCES };
}

/** Stores the customer's choices for every kind at once (the card sends them all), in one upsert. */
export async function saveNotificationPreferences(
  db: Executor,
  userId: string,
  preferences: NotificationPreferences,
): Promise<{ ok: true; preferences: NotificationPreferences }> {
  await db
    .insert(notificationPreferences)
    .values({ userId, ...preferences })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { ...preferences, updatedAt: sql`now()` },
    });
  return { ok: true, preferences };
}
