import "../support/worker-database.ts";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { services, ticketMessages, tickets } from "../../app/db/schema.ts";
import { countActivity } from "../../app/domain/dashboard/count-activity.server.ts";
import { placeOrder } from "../../app/domain/orders/place-order.server.ts";
import { answerTicket } from "../../app/domain/tickets/answer-ticket.server.ts";
import { createTicket, TICKET_RATE_LIMIT } from "../../app/domain/tickets/create-ticket.server.ts";
import { listTickets } from "../../app/domain/tickets/list-tickets.server.ts";
import { readAdminTicketsPage } from "../../app/domain/tickets/list-tickets-for-admin.server.ts";
import {
  TICKET_TEXT,
  TICKET_THREAD_TEXT,
  type TicketStatus,
  ticketStatusLabel,
} from "../../app/domain/tickets/messages.ts";
import type { ThreadEntry } from "../../app/domain/tickets/read-threads.server.ts";
import { readAdminTicket } from "../../app/domain/tickets/read-ticket-for-admin.server.ts";
import { TICKET_EXCERPT_CHARS } from "../../app/domain/tickets/read-ticket-summaries.server.ts";
import { replyToTicket, TICKET_REPLY_RATE_LIMIT } from "../../app/domain/tickets/reply-to-ticket.server.ts";
import { createUser, fundWallet } from "../support/factories.ts";
import { resetDatabase } from "../support/worker-database.ts";

beforeEach(resetDatabase);

async function orderFor(userId: string, link = "https://www.instagram.com/p/Ticket123/") {
  const [service] = await db()
    .select({ id: services.id })
    .from(services)
    .where(eq(services.slug, "instagram-likes"));
  await fundWallet(userId, 1_000);
  const result = await placeOrder(db(), {
    userId,
    serviceId: service!.id,
    quantity: 100,
    targetLink: link,
    deliverySpeed: "normal",
  });
  if (!result.ok) throw new Error(result.message);
  return result.order;
}

const base = { category: "payment", subject: "Card charged twice", message: "Please check my last deposit." };

describe("opening a support ticket", () => {
  it.each([
    ["no category", { category: "" }],
    ["an unknown category", { category: "refund-me" }],
    ["a blank subject", { subject: "   " }],
    ["a blank message", { message: "" }],
  ])("refuses %s with 'Please fill in all required fields'", async (_case, overrides) => {
    const user = await createUser();
    const result = await createTicket(db(), { userId: user.id, ...base, ...overrides });
    expect(result).toMatchObject({ ok: false, kind: "invalid", message: TICKET_TEXT.missingFields });
    expect(await db().select().from(tickets)).toHaveLength(0);
  });

  it("refuses a subject over 150 and a message over 5,000 characters with clear messages", async () => {
    const user = await createUser();
    expect(await createTicket(db(), { userId: user.id, ...base, subject: "x".repeat(151) })).toMatchObject({
      ok: false,
      field: "subject",
      message: TICKET_TEXT.subjectTooLong,
    });
    expect(await createTicket(db(), { userId: user.id, ...base, message: "x".repeat(5_001) })).toMatchObject({
      ok: false,
      field: "message",
      message: TICKET_TEXT.messageTooLong,
    });
    const accepted = await createTicket(db(), {
      userId: user.id,
      ...base,
      subject: "x".repeat(150),
      message: "y".repeat(5_000),
    });
    expect(accepted.ok).toBe(true);
  });

  it("requires an order for the order category ('Please select an order')", async () => {
    const user = await createUser();
    const result = await createTicket(db(), { userId: user.id, ...base, category: "order" });
    expect(result).toMatchObject({ ok: false, field: "orderId", message: TICKET_TEXT.selectOrder });
  });

  it("refuses another customer's order, and a malformed id, as not found", async () => {
    const owner = await createUser();
    const other = await createUser();
    const order = await orderFor(owner.id);
    for (const orderId of [order.id, "not-a-uuid"]) {
      const result = await createTicket(db(), { userId: other.id, ...base, category: "order", orderId });
      expect(result).toMatchObject({ ok: false, kind: "not_found", field: "orderId" });
    }
    expect(await db().select().from(tickets)).toHaveLength(0);
  });

  it("links the customer's own order and lists tickets newest first with the order number", async () => {
    const user = await createUser();
    const order = await orderFor(user.id);
    const first = await createTicket(db(), { userId: user.id, ...base });
    const second = await createTicket(db(), {
      userId: user.id,
      category: "order",
      subject: "Likes not delivered",
      message: "It has been three days.",
      orderId: order.id,
    });
    expect(first.ok && second.ok).toBe(true);
    const listed = await listTickets(db(), user.id);
    expect(listed.map((ticket) => ticket.subject)).toEqual(["Likes not delivered", "Card charged twice"]);
    expect(listed[0]).toMatchObject({ category: "order", status: "open", orderNumber: order.orderNumber });
    expect(listed[1]).toMatchObject({ category: "payment", orderNumber: null });
    // Only the customer's own tickets, and the dashboard counts them.
    expect(await listTickets(db(), (await createUser()).id)).toEqual([]);
    expect((await countActivity(db(), user.id)).tickets).toBe(2);
  });

  it("drops an order id sent with a non-order category", async () => {
    const user = await createUser();
    const order = await orderFor(user.id);
    const result = await createTicket(db(), { userId: user.id, ...base, orderId: order.id });
    if (!result.ok) throw new Error(result.message);
    const [row] = await db().select().from(tickets).where(eq(tickets.id, result.ticket.id));
    expect(row?.orderId).toBeNull();
  });

  it("numbers tickets TKT- from the database sequence, one after the other", async () => {
    const user = await createUser();
    const numbers: number[] = [];
    for (let index = 0; index < 3; index += 1) {
      const result = await createTicket(db(), { userId: user.id, ...base, subject: `Question ${index}` });
      if (!result.ok) throw new Error(result.message);
      expect(result.ticket.ticketNumber).toMatch(/^TKT-\d{6,}$/);
      numbers.push(Number(result.ticket.ticketNumber.slice(4)));
    }
    expect(numbers[1]).toBe(numbers[0]! + 1);
    expect(numbers[2]).toBe(numbers[0]! + 2);
    expect(numbers[0]).toBeGreaterThanOrEqual(100001);
  });

  it(`allows ${TICKET_RATE_LIMIT.limit} tickets per window per customer, then refuses with a clear message`, async () => {
    const user = await createUser();
    for (let index = 0; index < TICKET_RATE_LIMIT.limit; index += 1)
      expect((await createTicket(db(), { userId: user.id, ...base })).ok).toBe(true);
    const refused = await createTicket(db(), { userId: user.id, ...base });
    expect(refused).toMatchObject({ ok: false, kind: "rate_limited", message: TICKET_TEXT.tooMany });
    // Another customer is not affected.
    expect((await createTicket(db(), { userId: (await createUser()).id, ...base })).ok).toBe(true);
  });

  it("shows statuses upper case with spaces", () => {
    expect(ticketStatusLabel("in_progress")).toBe("IN PROGRESS");
    expect(ticketStatusLabel("open")).toBe("OPEN");
  });
});

describe("a ticket's thread (product rules 7.8)", () => {
  async function openTicket() {
    const customer = await createUser();
    const admin = await createUser({ admin: true });
    const created = await createTicket(db(), { userId: customer.id, ...base });
    if (!created.ok) throw new Error(created.message);
    return { customer, admin, ticket: created.ticket };
  }

  function summary(thread: ThreadEntry[]) {
    return thread.map((entry) => [entry.authorRole, entry.body, entry.status]);
  }

  it("keeps the turns in order, with every status change, and a customer reply reopens the ticket", async () => {
    const { customer, admin, ticket } = await openTicket();
    const answer = (status: TicketStatus, response: string) =>
      answerTicket(db(), { adminId: admin.id, ticketId: ticket.id, status, response });
    expect(await answer("in_progress", "Which card did you use?")).toMatchObject({ ok: true });
    expect(
      await replyToTicket(db(), {
        userId: customer.id,
        ticketId: ticket.id,
        body: "  The Visa ending 42.  ",
      }),
    ).toEqual({ ok: true, ticketNumber: ticket.ticketNumber, status: "open" });
    expect(await answer("completed", "Refunded the second charge.")).toMatchObject({ ok: true });
    // A reply to a completed ticket reopens it; a second reply in a row leaves the status as it is.
    await replyToTicket(db(), { userId: customer.id, ticketId: ticket.id, body: "Thanks! One more thing." });
    await replyToTicket(db(), { userId: customer.id, ticketId: ticket.id, body: "Never mind, found it." });
    expect(await answer("completed", "")).toMatchObject({ ok: true });

    const [mine] = await listTickets(db(), customer.id);
    expect(mine?.status).toBe("completed");
    expect(summary(mine!.thread)).toEqual([
      ["customer", base.message, null],
      ["admin", "Which card did you use?", "in_progress"],
      ["customer", "The Visa ending 42.", "open"],
      ["admin", "Refunded the second charge.", "completed"],
      ["customer", "Thanks! One more thing.", "open"],
      ["customer", "Never mind, found it.", null],
      ["admin", null, "completed"],
    ]);
    // The customer never sees who the admin is; the admin page does.
    expect(mine!.thread.every((entry) => entry.authorEmail === null)).toBe(true);
    const opened = await readAdminTicket(db(), ticket.id);
    expect(summary(opened!.thread)).toEqual(summary(mine!.thread));
    expect(opened!.thread[1]).toMatchObject({ authorRole: "admin", authorEmail: admin.email });
    expect(opened!.thread[0]).toMatchObject({ authorRole: "customer", authorEmail: null });
    // The list reads the thread's summary only (product rules 17.20): six messages, the last the customer's.
    const [listed] = (await readAdminTicketsPage(db(), { q: ticket.ticketNumber })).tickets;
    expect(listed).not.toHaveProperty("thread");
    expect(listed).toMatchObject({
      messageCount: 6,
      lastMessage: { authorRole: "customer", excerpt: "Never mind, found it.", cut: false },
    });
  });

  it("lists a ticket by its message count and the excerpt of its last message, never its thread", async () => {
    const { admin, ticket } = await openTicket();
    const long = `${"Refilled ".repeat(60)}the end`;
    await answerTicket(db(), {
      adminId: admin.id,
      ticketId: ticket.id,
      status: "in_progress",
      response: long,
    });
    await answerTicket(db(), { adminId: admin.id, ticketId: ticket.id, status: "completed", response: "" });
    const [listed] = (await readAdminTicketsPage(db(), { q: ticket.ticketNumber })).tickets;
    // The status change alone is no message; the last message is cut to its first TICKET_EXCERPT_CHARS characters.
    expect(listed).toMatchObject({
      status: "completed",
      messageCount: 2,
      lastMessage: { authorRole: "admin", excerpt: long.slice(0, TICKET_EXCERPT_CHARS), cut: true },
    });
    expect(await readAdminTicket(db(), randomUUID())).toBeNull();
  });

  it("takes replies only from the ticket's owner: anyone else's, or a malformed id, is not found", async () => {
    const { ticket } = await openTicket();
    const stranger = await createUser();
    for (const ticketId of [ticket.id, "not-a-uuid", randomUUID()]) {
      expect(await replyToTicket(db(), { userId: stranger.id, ticketId, body: "Let me in" })).toMatchObject({
        ok: false,
        kind: "not_found",
        message: TICKET_THREAD_TEXT.notFound,
      });
    }
    expect(await db().$count(ticketMessages, eq(ticketMessages.ticketId, ticket.id))).toBe(1);
    expect(await listTickets(db(), stranger.id)).toEqual([]);
  });

  it("refuses an empty reply and one over 5,000 characters beside the field, and takes 5,000", async () => {
    const { customer, ticket } = await openTicket();
    const reply = (body: string) => replyToTicket(db(), { userId: customer.id, ticketId: ticket.id, body });
    expect(await reply("   ")).toMatchObject({
      ok: false,
      field: "body",
      message: TICKET_THREAD_TEXT.emptyReply,
    });
    expect(await reply("x".repeat(5_001))).toMatchObject({
      ok: false,
      field: "body",
      message: TICKET_THREAD_TEXT.replyTooLong,
    });
    expect(await reply("y".repeat(5_000))).toMatchObject({ ok: true });
    expect(await db().$count(ticketMessages, eq(ticketMessages.ticketId, ticket.id))).toBe(2);
  });

  it(`allows ${TICKET_REPLY_RATE_LIMIT.limit} replies per window per customer, then refuses with a clear message`, async () => {
    const { customer, ticket } = await openTicket();
    const reply = () => replyToTicket(db(), { userId: customer.id, ticketId: ticket.id, body: "Hello?" });
    for (let index = 0; index < TICKET_REPLY_RATE_LIMIT.limit; index += 1)
      expect((await reply()).ok).toBe(true);
    const refused = await reply();
    expect(refused).toMatchObject({
      ok: false,
      kind: "rate_limited",
      message: TICKET_THREAD_TEXT.tooManyReplies,
    });
    expect(refused.ok === false && refused.retryAfterSeconds).toBeGreaterThan(0);
  });

  it("refuses an admin answer that neither replies nor changes the status", async () => {
    const { admin, ticket } = await openTicket();
    expect(
      await answerTicket(db(), { adminId: admin.id, ticketId: ticket.id, status: "open", response: "  " }),
    ).toMatchObject({ ok: false, kind: "invalid", message: TICKET_THREAD_TEXT.adminNothingToDo });
    expect(await db().$count(ticketMessages, eq(ticketMessages.ticketId, ticket.id))).toBe(1);
  });
});
