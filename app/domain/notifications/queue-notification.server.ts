import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { type Mail, queueMail } from "../mail/queue-mail.server.ts";
import { shopUrl } from "../mail/shop-url.server.ts";
import { NOTIFICATION_PREFERENCES_PATH, type NotificationKind } from "./kinds.ts";

const COLUMNS: Record<NotificationKind, string> = {
  depositReceipts: "deposit_receipts",
  orderUpdates: "order_updates",
  refillUpdates: "refill_updates",
  ticketReplies: "ticket_replies",
};

/** What a notification's template gets: the customer's address and the absolute link to their preferences. */
export type NotificationRecipient = { to: string; preferencesUrl: string };

/**
 * Queues one notification mail to a customer unless they switched its kind off (product rules 6.6). Called with
 * the handle of the change it reports, inside that change's transaction: the mail is queued exactly when the
 * change commits, and never for a change that rolled back. True when a mail was queued.
 */
export async function queueNotification(
  db: Executor,
  input: { userId: string; kind: NotificationKind; compose: (recipient: NotificationRecipient) => Mail },
): Promise<boolean> {
  const column = sql.raw(`p.${COLUMNS[input.kind]}`);
  const result = await db.execute<{ email: string; wanted: boolean }>(sql`
    select u.email, coalesce(${column}, true) as wanted
    from users u left join notification_preferences p on p.user_id = u.id
    where u.id = ${input.userId}`);
  const [recipient] = result.rows;
  if (!recipient?.email || !recipient.wanted) return false;
  await queueMail(
    db,
    input.compose({ to: recipient.email, preferencesUrl: shopUrl(NOTIFICATION_PREFERENCES_PATH) }),
  );
  return true;
}
