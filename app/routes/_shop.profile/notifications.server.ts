import { data } from "react-router";
import { z } from "zod";
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_TEXT,
  type NotificationPreferences,
} from "../../domain/notifications/kinds.ts";
import { saveNotificationPreferences } from "../../domain/notifications/preferences.server.ts";
import type { Database } from "../../lib/database-context.server.ts";

const ticked = z.literal("on").optional();

/** The Notifications card's form: one checkbox per kind, sent as "on" when ticked and left out when not. */
export const notificationsForm = z
  .object({
    intent: z.literal("save-notifications"),
    depositReceipts: ticked,
    orderUpdates: ticked,
    refillUpdates: ticked,
    ticketReplies: ticked,
  })
  .strict();

export type NotificationsActionResult =
  | { ok: true; intent: "save-notifications"; preferences: NotificationPreferences }
  | { ok: false; error: string };

/** Saves the customer's notification choices from the card (product rules 6.6); an unticked box switches a kind off. */
export async function saveNotificationsFromForm(db: Database, input: { userId: string; form: unknown }) {
  const parsed = notificationsForm.safeParse(input.form);
  if (!parsed.success)
    return data<NotificationsActionResult>({ ok: false, error: NOTIFICATION_TEXT.failed }, { status: 400 });
  const preferences = Object.fromEntries(
    NOTIFICATION_KINDS.map(({ key }) => [key, parsed.data[key] === "on"]),
  ) as NotificationPreferences;
  const saved = await saveNotificationPreferences(db, input.userId, preferences);
  return data<NotificationsActionResult>({
    ok: true,
    intent: "save-notifications",
    preferences: saved.preferences,
  });
}
