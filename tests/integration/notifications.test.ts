import "../support/worker-database.ts";
import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { deposits, mailOutbox } from "../../app/db/schema.ts";
import { shopUrl } from "../../app/domain/mail/shop-url.server.ts";
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationKind,
} from "../../app/domain/notifications/kinds.ts";
import {
  readNotificationPreferences,
  saveNotificationPreferences,
} from "../../app/domain/notifications/preferences.server.ts";
import { placeOrder } from "../../app/domain/orders/place-order.server.ts";
import { setOrderStatus } from "../../app/domain/orders/set-order-status.server.ts";
import { creditDeposit } from "../../app/domain/payments/credit-deposit.server.ts";
import { startDeposit } from "../../app/domain/payments/start-deposit.server.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { decideManualRefill } from "../../app/domain/refills/manual-refills.server.ts";
import { requestRefill } from "../../app/domain/refills/request-refill.server.ts";
import { answerTicket } from "../../app/domain/tickets/answer-ticket.server.ts";
import { createTicket } from "../../app/domain/tickets/create-ticket.server.ts";
import { replyToTicket } from "../../app/domain/tickets/reply-to-ticket.server.ts";
import { createUser, serviceId } from "../support/factories.ts";
import { resetDatabase } from "../support/worker-database.ts";

beforeEach(resetDatabase);

const PREFERENCES_URL = shopUrl("/profile#notifications");

async function mailsTo(email: string) {
  return db()
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email.toLowerCase()))
    .orderBy(asc(mailOutbox.createdAt));
}

/** Every customer notification: a plain-text part and the preferences link in both parts. */
function expectNotificationShape(mail: { text: string; html: string }) {
  expect(mail.text.length).toBeGreaterThan(0);
  expect(mail.text).not.toContain("<");
  expect(mail.text).toContain(PREFERENCES_URL);
  expect(mail.html).toContain(`href="${PREFERENCES_URL}"`);
}

async function switchOff(userId: string, kind: NotificationKind) {
  await saveNotificationPreferences(db(), userId, { ...DEFAULT_NOTIFICATION_PREFERENCES, [kind]: false });
}

/** A credited sandbox deposit of `amountCents` for a new customer (or the one given). */
async function creditedDeposit(amountCents: number, user?: { id: string; email: string }) {
  const customer = user ?? (await createUser());
  const started = await startDeposit(db(), {
    userId: customer.id,
    amountCents: cents(amountCents),
    returnPath: null,
  });
  if (!started.ok) throw new Error(started.message);
  const [deposit] = await db().select().from(deposits).where(eq(deposits.id, started.depositId));
  const input = {
    depositId: deposit!.id,
    providerReference: deposit!.providerReference!,
    eventId: `evt_${deposit!.id}`,
    provider: "sandbox" as const,
    paidAmountCents: cents(amountCents),
    paidCurrency: "usd",
  };
  expect(await creditDeposit(db(), input)).toMatchObject({ credited: true });
  return { customer, input };
}

/** A paid Instagram Likes order ($4.00 per 1000) of `quantity`, by a new customer with $10.00. */
async function paidOrder(quantity = 1_000) {
  const customer = await createUser({ fundsCents: 1_000 });
  const placed = await placeOrder(db(), {
    userId: customer.id,
    serviceId: await serviceId("Instagram Likes"),
    quantity,
    targetLink: "https://www.instagram.com/p/Notify1/",
    deliverySpeed: "normal",
  });
  if (!placed.ok) throw new Error(placed.message);
  return { customer, order: placed.order };
}

describe("notification preferences (product rules 6.6)", () => {
  it("are all on for a customer who never chose, and read back as saved", async () => {
    const user = await createUser();
    expect(await readNotificationPreferences(db(), user.id)).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    const chosen = { depositReceipts: false, orderUpdates: true, refillUpdates: false, ticketReplies: true };
    await saveNotificationPreferences(db(), user.id, chosen);
    expect(await readNotificationPreferences(db(), user.id)).toEqual(chosen);
    await saveNotificationPreferences(db(), user.id, DEFAULT_NOTIFICATION_PREFERENCES);
    expect(await readNotificationPreferences(db(), user.id)).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
  });
});

describe("the deposit receipt", () => {
  it("is queued once per credited deposit, with the amount and the new balance", async () => {
    const { customer, input } = await creditedDeposit(2_500);
    // The same payment reported again credits nothing and mails nothing.
    expect(await creditDeposit(db(), { ...input, eventId: "evt_again" })).toMatchObject({ credited: false });
    const mails = await mailsTo(customer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Receipt: $25.00 added to your Boostly balance");
    expect(mails[0]!.text).toContain("We received your payment of $25.00 and added it to your balance.");
    expect(mails[0]!.text).toContain("Your balance is now $25.00.");
    expect(mails[0]!.text).toContain(shopUrl("/wallet"));
    expectNotificationShape(mails[0]!);
  });

  it("is not queued when the customer switched receipts off; the money is credited all the same", async () => {
    const customer = await createUser();
    await switchOff(customer.id, "depositReceipts");
    await creditedDeposit(1_500, customer);
    expect(await mailsTo(customer.email)).toHaveLength(0);
  });
});

describe("order status mails", () => {
  it("tell the customer an order completed, once, and nothing for a status on the way", async () => {
    const { customer, order } = await paidOrder();
    await setOrderStatus(db(), { orderId: order.id, status: "in_progress" });
    expect(await mailsTo(customer.email)).toHaveLength(0);
    await setOrderStatus(db(), { orderId: order.id, status: "completed" });
    // The same status again is no change: no second mail.
    await setOrderStatus(db(), { orderId: order.id, status: "completed" });
    const mails = await mailsTo(customer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Order ${order.orderNumber} completed`);
    expect(mails[0]!.text).toContain(
      `Your order ${order.orderNumber} (Instagram Likes, 1,000) has been delivered in full.`,
    );
    expect(mails[0]!.text).toContain("Link: https://www.instagram.com/p/Notify1/");
    expect(mails[0]!.text).toContain(`View the order: ${shopUrl(`/orders?q=${order.orderNumber}`)}`);
    expect(mails[0]!.text).not.toContain("refunded");
    expectNotificationShape(mails[0]!);
  });

  it.each([
    ["partial", { remains: 250 }, "partly delivered", "$1.00", "Not delivered: 250 of 1,000."],
    ["cancelled", {}, "cancelled", "$4.00", null],
    ["failed", {}, "could not be delivered", "$4.00", null],
  ] as const)("say an order %s and the exact refund", async (status, extra, words, refund, line) => {
    const { customer, order } = await paidOrder();
    const changed = await setOrderStatus(db(), { orderId: order.id, status, ...extra });
    expect(changed).toMatchObject({ ok: true, refundCents: Number(refund.slice(1)) * 100 });
    const mails = await mailsTo(customer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Order ${order.orderNumber} ${words}`);
    expect(mails[0]!.text).toContain(`We refunded ${refund} to your Boostly balance.`);
    if (line) expect(mails[0]!.text).toContain(line);
    expectNotificationShape(mails[0]!);
  });

  it("are not queued when the customer switched order updates off", async () => {
    const { customer, order } = await paidOrder();
    await switchOff(customer.id, "orderUpdates");
    await setOrderStatus(db(), { orderId: order.id, status: "cancelled" });
    expect(await mailsTo(customer.email)).toHaveLength(0);
  });

  it("are not queued for a refused change (a final status changed again)", async () => {
    const { customer, order } = await paidOrder();
    await setOrderStatus(db(), { orderId: order.id, status: "cancelled" });
    expect(await setOrderStatus(db(), { orderId: order.id, status: "completed" })).toMatchObject({
      ok: false,
    });
    expect(await mailsTo(customer.email)).toHaveLength(1);
  });
});

describe("refill mails", () => {
  async function manualRefill() {
    const { customer, order } = await paidOrder();
    await setOrderStatus(db(), { orderId: order.id, status: "completed" });
    const asked = await requestRefill(db(), { userId: customer.id, orderId: order.id });
    if (!asked.ok) throw new Error(asked.message);
    const admin = await createUser({ admin: true });
    return { customer, order, refillId: asked.refill.id, admin };
  }

  it("tell the customer a refill completed, once", async () => {
    const { customer, order, refillId, admin } = await manualRefill();
    await decideManualRefill(db(), { adminId: admin.id, refillId, decision: "completed" });
    expect(
      await decideManualRefill(db(), { adminId: admin.id, refillId, decision: "completed" }),
    ).toMatchObject({
      ok: false,
    });
    const mails = (await mailsTo(customer.email)).filter((mail) => mail.subject.startsWith("Refill"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Refill of order ${order.orderNumber} completed`);
    expect(mails[0]!.text).toContain(shopUrl(`/orders?q=${order.orderNumber}`));
    expectNotificationShape(mails[0]!);
  });

  it("tell the customer a refill was rejected, with the reason", async () => {
    const { customer, order, refillId, admin } = await manualRefill();
    await decideManualRefill(db(), {
      adminId: admin.id,
      refillId,
      decision: "rejected",
      note: "Link is private",
    });
    const [mail] = (await mailsTo(customer.email)).filter((row) => row.subject.startsWith("Refill"));
    expect(mail?.subject).toBe(`Refill of order ${order.orderNumber} rejected`);
    expect(mail?.text).toContain("Reason: Link is private");
  });

  it("are not queued when the customer switched refill results off", async () => {
    const { customer, refillId, admin } = await manualRefill();
    await switchOff(customer.id, "refillUpdates");
    await decideManualRefill(db(), { adminId: admin.id, refillId, decision: "completed" });
    expect((await mailsTo(customer.email)).filter((mail) => mail.subject.startsWith("Refill"))).toHaveLength(
      0,
    );
  });
});

describe("ticket reply mails", () => {
  async function openTicket() {
    const customer = await createUser();
    const admin = await createUser({ admin: true });
    const created = await createTicket(db(), {
      userId: customer.id,
      category: "request",
      subject: "Where are my likes?",
      message: "Ordered yesterday.",
    });
    if (!created.ok) throw new Error(created.message);
    return { customer, admin, ticket: created.ticket };
  }

  it("send the customer an admin's reply once, and nothing for a status change alone", async () => {
    const { customer, admin, ticket } = await openTicket();
    expect(
      await answerTicket(db(), {
        adminId: admin.id,
        ticketId: ticket.id,
        status: "in_progress",
        response: "  They are on the way.\nGive it a day.  ",
      }),
    ).toMatchObject({ ok: true });
    await answerTicket(db(), { adminId: admin.id, ticketId: ticket.id, status: "completed", response: "" });
    const mails = await mailsTo(customer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Re: Where are my likes? [${ticket.ticketNumber}]`);
    expect(mails[0]!.text).toContain("They are on the way.\nGive it a day.");
    expect(mails[0]!.text).toContain("Ticket status: IN PROGRESS.");
    expect(mails[0]!.text).toContain(shopUrl("/dashboard?tab=support"));
    expectNotificationShape(mails[0]!);
  });

  it("are not queued when the customer switched support replies off", async () => {
    const { customer, admin, ticket } = await openTicket();
    await switchOff(customer.id, "ticketReplies");
    await answerTicket(db(), {
      adminId: admin.id,
      ticketId: ticket.id,
      status: "in_progress",
      response: "Hi",
    });
    expect(await mailsTo(customer.email)).toHaveLength(0);
  });

  it("go to the shop's support address when the customer replies, with a link to the ticket in the admin", async () => {
    const { customer, ticket } = await openTicket();
    expect(
      await replyToTicket(db(), { userId: customer.id, ticketId: ticket.id, body: "Any news?" }),
    ).toMatchObject({
      ok: true,
    });
    // The ticket itself was mailed when it was opened (product rules 14.21, alerts.test.ts); the reply once more.
    const [opened, mail, ...more] = await mailsTo("support@boostly.example");
    expect(opened?.subject).toBe(`New ticket: Where are my likes? [${ticket.ticketNumber}]`);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe(`Customer reply: Where are my likes? [${ticket.ticketNumber}]`);
    expect(mail?.text).toContain(`${customer.email} replied to ${ticket.ticketNumber}`);
    expect(mail?.text).toContain("Any news?");
    expect(mail?.text).toContain(shopUrl(`/admin/tickets?q=${ticket.ticketNumber}`));
    // Nothing to the customer about their own reply.
    expect(await mailsTo(customer.email)).toHaveLength(0);
  });
});
