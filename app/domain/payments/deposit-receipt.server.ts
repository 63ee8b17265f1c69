import type { Executor } from "../../db/client.server.ts";
import { depositReceiptMail } from "../mail/notification-templates.ts";
import { shopUrl } from "../mail/shop-url.server.ts";
import { queueNotification } from "../notifications/queue-notification.server.ts";
import type { Cents } from "../pricing/cents.ts";

/**
 * The receipt of a credited deposit, unless the customer switched receipts off (product rules 6.6); queued by
 * creditDeposit inside its transaction, so a deposit credited once is receipted once.
 */
export async function queueDepositReceipt(
  db: Executor,
  deposit: { userId: string; amountCents: Cents; balanceCents: Cents },
): Promise<void> {
  await queueNotification(db, {
    userId: deposit.userId,
    kind: "depositReceipts",
    compose: (recipient) =>
      depositReceiptMail(recipient, {
        amountCents: deposit.amountCents,
        balanceCents: deposit.balanceCents,
        walletUrl: shopUrl("/wallet"),
      }),
  });
}
