import "../support/worker-database.ts";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { services, tickets } from "../../app/db/schema.ts";
import { countActivity } from "../../app/domain/dashboard/count-activity.server.ts";
import { placeOrder } from "../../app/domain/orders/place-order.server.ts";
import { createTicket, TICKET_RATE_LIMIT } from "../../app/domain/tickets/create-ticket.server.ts";
import { listTickets } from "../../app/domain/tickets/list-tickets.server.ts";
import { TICKET_TEXT, ticketStatusLabel } from "../../app/domain/tickets/messages.ts";
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
  if (!result.ok) throw new Error(result.notice.message);
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
