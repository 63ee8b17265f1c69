import { formatCents } from "../../lib/format-money.ts";
import type { Cents } from "../pricing/cents.ts";
import type { Mail } from "./queue-mail.server.ts";
import { escapeHtml } from "./templates.ts";

/**
 * The notification mails (product rules 6.6). Each has a plain-text part and an HTML part that say the same, a
 * button to the page about it, and, for a customer, the link to their notification preferences.
 */
type Notice = {
  to: string;
  subject: string;
  heading: string;
  /** Paragraphs; a customer's own words are quoted as one paragraph, their line breaks kept. */
  paragraphs: string[];
  action: { label: string; url: string };
  /** The customer's preferences link; a mail to the shop's support address has none. */
  preferencesUrl?: string;
};

const PREFERENCES_LINE = "You get this e-mail because it is switched on in your notification settings:";

function notice(mail: Notice): Mail {
  const footer = mail.preferencesUrl ? `${PREFERENCES_LINE} ${mail.preferencesUrl}` : "";
  const text = [
    mail.heading,
    ...mail.paragraphs,
    `${mail.action.label}: ${mail.action.url}`,
    ...(footer ? ["--", footer] : []),
  ].join("\n\n");
  const paragraphs = mail.paragraphs
    .map(
      (paragraph) =>
        `<p style="color:#334155;line-height:1.5;white-space:pre-line;overflow-wrap:anywhere">${escapeHtml(paragraph)}</p>`,
    )
    .join("\n");
  const preferences = mail.preferencesUrl
    ? `<p style="color:#64748b;font-size:12px;line-height:1.5;border-top:1px solid #e2e8f0;padding-top:12px">${escapeHtml(PREFERENCES_LINE)} <a href="${escapeHtml(mail.preferencesUrl)}" style="color:#6d28d9">Notification settings</a></p>`
    : "";
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#f8fafc;padding:24px">
<div style="max-width:520px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="font-size:20px;color:#4c1d95">${escapeHtml(mail.heading)}</h1>
${paragraphs}
<p><a href="${escapeHtml(mail.action.url)}" style="display:inline-block;background:#7c3aed;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(mail.action.label)}</a></p>
${preferences}
</div></body></html>`;
  return { to: mail.to, subject: mail.subject, text, html };
}

type Recipient = { to: string; preferencesUrl: string };

/** The receipt for a credited deposit. */
export function depositReceiptMail(
  recipient: Recipient,
  deposit: { amountCents: Cents; balanceCents: Cents; walletUrl: string },
): Mail {
  const amount = formatCents(deposit.amountCents);
  return notice({
    ...recipient,
    subject: `Receipt: ${amount} added to your Boostly balance`,
    heading: "Deposit received",
    paragraphs: [
      `We received your payment of ${amount} and added it to your balance.`,
      `Your balance is now ${formatCents(deposit.balanceCents)}.`,
    ],
    action: { label: "View your wallet", url: deposit.walletUrl },
  });
}

/** The final statuses an order mail reports, in the customer's words. */
export const ORDER_MAIL_WORDS = {
  completed: { subject: "completed", heading: "Order completed", line: "has been delivered in full" },
  partial: {
    subject: "partly delivered",
    heading: "Order partly delivered",
    line: "was only partly delivered",
  },
  cancelled: { subject: "cancelled", heading: "Order cancelled", line: "has been cancelled" },
  failed: { subject: "could not be delivered", heading: "Order failed", line: "could not be delivered" },
} as const;

export type OrderMailStatus = keyof typeof ORDER_MAIL_WORDS;

/** An order reached a final status: what happened and the refund, if any (product rules 4.2). */
export function orderStatusMail(
  recipient: Recipient,
  order: {
    orderNumber: string;
    serviceName: string;
    quantity: number;
    targetLink: string;
    status: OrderMailStatus;
    refundCents: Cents;
    remains: number | null;
    ordersUrl: string;
    /** How it was delivered: its speed's pace, its drip-feed, or at once (product rules 4.22). */
    delivery?: string;
  },
): Mail {
  const words = ORDER_MAIL_WORDS[order.status];
  const quantity = order.quantity.toLocaleString("en-US");
  const paragraphs = [
    `Your order ${order.orderNumber} (${order.serviceName}, ${quantity}) ${words.line}.`,
    `Link: ${order.targetLink}`,
  ];
  if (order.delivery) paragraphs.push(`Delivery: ${order.delivery}`);
  if (order.status === "partial" && order.remains !== null)
    paragraphs.push(`Not delivered: ${order.remains.toLocaleString("en-US")} of ${quantity}.`);
  if (order.refundCents > 0)
    paragraphs.push(`We refunded ${formatCents(order.refundCents)} to your Boostly balance.`);
  return notice({
    ...recipient,
    subject: `Order ${order.orderNumber} ${words.subject}`,
    heading: words.heading,
    paragraphs,
    action: { label: "View the order", url: order.ordersUrl },
  });
}

/** An admin gave money back on an order that had ended (product rules 14.7): how much, and the balance it went to. */
export function goodwillRefundMail(
  recipient: Recipient,
  refund: { orderNumber: string; amountCents: Cents; balanceCents: Cents; walletUrl: string },
): Mail {
  const amount = formatCents(refund.amountCents);
  return notice({
    ...recipient,
    subject: `Order ${refund.orderNumber}: ${amount} refunded to your balance`,
    heading: "Goodwill refund",
    paragraphs: [
      `We refunded ${amount} on your order ${refund.orderNumber} to your Boostly balance, as a goodwill credit.`,
      `Your balance is now ${formatCents(refund.balanceCents)}.`,
    ],
    action: { label: "View your wallet", url: refund.walletUrl },
  });
}

/** A refill ended: completed, or rejected with the reason. */
export function refillEndedMail(
  recipient: Recipient,
  refill: { orderNumber: string; status: "completed" | "rejected"; reason: string | null; ordersUrl: string },
): Mail {
  const completed = refill.status === "completed";
  return notice({
    ...recipient,
    subject: `Refill of order ${refill.orderNumber} ${completed ? "completed" : "rejected"}`,
    heading: completed ? "Refill completed" : "Refill rejected",
    paragraphs: completed
      ? [`The refill you asked for on order ${refill.orderNumber} is done.`]
      : [
          `The refill you asked for on order ${refill.orderNumber} was rejected.`,
          ...(refill.reason ? [`Reason: ${refill.reason}`] : []),
        ],
    action: { label: "View the order", url: refill.ordersUrl },
  });
}

/** Support answered a customer's ticket: the reply itself, so it can be read in the mail. */
export function ticketReplyMail(
  recipient: Recipient,
  reply: { ticketNumber: string; subject: string; body: string; statusLabel: string; ticketsUrl: string },
): Mail {
  return notice({
    ...recipient,
    subject: `Re: ${reply.subject} [${reply.ticketNumber}]`,
    heading: `Support replied to ${reply.ticketNumber}`,
    paragraphs: [reply.body, `Ticket status: ${reply.statusLabel}. Reply from your dashboard's Support tab.`],
    action: { label: "Open your tickets", url: reply.ticketsUrl },
  });
}

/** A customer answered in a ticket: to the shop's support address, which has no preferences to link. */
export function customerReplyMail(
  to: string,
  reply: { ticketNumber: string; subject: string; customerEmail: string; body: string; adminUrl: string },
): Mail {
  return notice({
    to,
    subject: `Customer reply: ${reply.subject} [${reply.ticketNumber}]`,
    heading: `${reply.customerEmail} replied to ${reply.ticketNumber}`,
    paragraphs: [reply.body, "The ticket is open again and waits for an answer."],
    action: { label: "Answer in the admin", url: reply.adminUrl },
  });
}

/** A customer opened a ticket: to the shop's alerts address at once (product rules 14.21). */
export function newTicketMail(
  to: string,
  ticket: { ticketNumber: string; subject: string; customerEmail: string; body: string; adminUrl: string },
): Mail {
  return notice({
    to,
    subject: `New ticket: ${ticket.subject} [${ticket.ticketNumber}]`,
    heading: `${ticket.customerEmail} opened ${ticket.ticketNumber}`,
    paragraphs: [ticket.body, "The ticket is open and waits for an answer."],
    action: { label: "Answer in the admin", url: ticket.adminUrl },
  });
}

/** One alert to the operator (product rules 14.22): what happened, and the admin page where it is acted on. */
export function alertMail(to: string, alert: { title: string; details: string; url: string }): Mail {
  return notice({
    to,
    subject: `Alert: ${alert.title}`,
    heading: alert.title,
    paragraphs: alert.details ? [alert.details] : [],
    action: { label: "Open in the admin", url: alert.url },
  });
}

/** The day's digest of alerts (product rules 14.23): each alert's title, details and link, oldest first. */
export function alertDigestMail(
  to: string,
  digest: { day: string; alerts: { title: string; details: string; url: string }[]; adminUrl: string },
): Mail {
  const count = digest.alerts.length;
  return notice({
    to,
    subject: `Alerts digest for ${digest.day}: ${count} alert${count === 1 ? "" : "s"}`,
    heading: `${count} alert${count === 1 ? "" : "s"} since the last digest`,
    paragraphs: digest.alerts.map((alert) =>
      [alert.title, alert.details, alert.url].filter((line) => line !== "").join("\n"),
    ),
    action: { label: "Open the admin dashboard", url: digest.adminUrl },
  });
}
