import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../../../app/db/client.server.ts";
import { adminAuditLog, orders, transactions } from "../../../app/db/schema.ts";
import { OVERRIDE_TEXT } from "../../../app/domain/orders/order-override-text.ts";
import { previewOrderOverride } from "../../../app/domain/orders/override-order-status.server.ts";
import { setOrderStatus } from "../../../app/domain/orders/set-order-status.server.ts";
import { fundWallet, placeLikesOrder } from "../../support/factories.ts";
import { createAccount, signedInAdmin, type Visitor, visibleText } from "../../support/http.ts";

/**
 * The forms of an order's admin page as the browser posts them (its data requests), and the lists that link it
 * (product rules 14.1-14.9). What each use case decides, its bounds and races: tests/integration/order-overrides.
 * test.ts; the dialog in a browser: tests/e2e/order-override.test.ts. Who may post: access-guards.test.ts.
 */

/** A customer's order of 150 Instagram Likes ($0.60), not ended. */
async function customerOrder() {
  const customer = await createAccount();
  await fundWallet(customer.id, 1_000);
  return { customer, order: await placeLikesOrder(customer.id, "https://www.instagram.com/p/HttpOverride/") };
}

/** Posts a form as the page's fetchers do; the answer's text. */
async function post(visitor: Visitor, orderId: string, form: Record<string, string>): Promise<string> {
  const response = await visitor.request(`/admin/orders/${orderId}.data`, { form: { orderId, ...form } });
  expect(response.status).toBe(200);
  return response.text();
}

const refundsOf = async (orderId: string) =>
  (
    await db()
      .select({ amount: transactions.amountCents })
      .from(transactions)
      .where(and(eq(transactions.orderId, orderId), eq(transactions.type, "refund")))
  ).map((row) => row.amount);

describe("an order's admin page", () => {
  it("shows the order with its forms, and the orders list, manual work and the user's page link it", async () => {
    const { visitor } = await signedInAdmin();
    const { customer, order } = await customerOrder();
    const page = visibleText(await (await visitor.request(`/admin/orders/${order.id}`)).text());
    expect(page).toContain(`Order ${order.orderNumber}`);
    expect(page).toContain(OVERRIDE_TEXT.heading);
    expect(page).toContain(OVERRIDE_TEXT.countsHeading);
    for (const list of [`/admin/orders?q=${order.orderNumber}`, `/admin/users/${customer.id}`]) {
      const html = await (await visitor.request(list)).text();
      expect(html, list).toContain(`href="/admin/orders/${order.id}"`);
    }
    // The queue pages through every open manual order of the run's shared shop: its rows link their pages too.
    const queue = await (await visitor.request("/admin/manual-work")).text();
    expect(queue).toMatch(/href="\/admin\/orders\/[0-9a-f-]{36}"/);
    const missing = await visitor.request("/admin/orders/00000000-0000-4000-8000-000000000000");
    expect(missing.status).toBe(404);
    expect(visibleText(await missing.text())).toContain("Order not found");
  });

  it("previews an override, refuses a confirmation of another version, then makes the one previewed", async () => {
    const { visitor } = await signedInAdmin();
    const { customer, order } = await customerOrder();
    const preview = await post(visitor, order.id, { intent: "preview-override", status: "cancelled" });
    expect(preview).toContain(
      `Set ${order.orderNumber} to Cancelled: $0.60 will be refunded to the customer's wallet.`,
    );
    const confirm = (expectedVersion: string, expectedRefundCents = "60") =>
      post(visitor, order.id, {
        intent: "override-status",
        status: "cancelled",
        expectedRefundCents,
        expectedVersion,
      });

    expect(await confirm("0123456789abcdef")).toContain(OVERRIDE_TEXT.changed.message);
    const plan = await previewOrderOverride(db(), { orderId: order.id, status: "cancelled" });
    if (!plan.ok) throw new Error(plan.message);
    expect(await confirm(plan.plan.version, "59")).toContain(OVERRIDE_TEXT.changed.message);
    expect(await refundsOf(order.id)).toEqual([]);

    const made = await confirm(plan.plan.version);
    expect(made).toContain(OVERRIDE_TEXT.done);
    expect(made).toContain(
      `${order.orderNumber} is now Cancelled. $0.60 was refunded to the customer's wallet.`,
    );
    expect(await refundsOf(order.id)).toEqual([60]);
    // Confirmed twice (a double click): refused, refunded once.
    expect(await confirm(plan.plan.version)).toContain("Status is final");
    expect(await refundsOf(order.id)).toEqual([60]);
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: "cancelled", statusChangedByAdminId: expect.any(String) });
    expect(customer.id).toBe(row?.userId);

    // A form the page does not have is refused before anything happens.
    const unknown = await visitor.request(`/admin/orders/${order.id}.data`, {
      form: { intent: "preview-override", orderId: order.id, status: "cancelled", price: "1" },
    });
    expect(unknown.status).toBe(400);
  });

  it("corrects start count and remains in bounds, and refunds goodwill only once ended, up to what is left", async () => {
    const { visitor } = await signedInAdmin();
    const { order } = await customerOrder();
    const correct = (startCount: string, remains: string) =>
      post(visitor, order.id, { intent: "correct-counts", startCount, remains });
    expect(await correct("-5", "")).toContain(OVERRIDE_TEXT.startCount);
    expect(await correct("", "151")).toContain(OVERRIDE_TEXT.remains(150));
    expect(await correct("2500", "30")).toContain(
      `${order.orderNumber}: start count none → 2500, remains none → 30.`,
    );
    const audit = await db()
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.subjectId, order.id), eq(adminAuditLog.action, "order.correct")));
    expect(audit.map((entry) => entry.details)).toEqual([
      { start_count: { from: null, to: 2500 }, remains: { from: null, to: 30 } },
    ]);

    const goodwill = (amount: string) =>
      post(visitor, order.id, { intent: "goodwill-refund", amount, reason: "Slow start" });
    expect(await goodwill("0.10")).toContain(OVERRIDE_TEXT.goodwillNotEnded);
    await setOrderStatus(db(), { orderId: order.id, status: "completed" });
    expect(await correct("", "10")).toContain(OVERRIDE_TEXT.remainsEnded);
    expect(await goodwill("0.61")).toContain(OVERRIDE_TEXT.goodwillAmount(60));
    expect(await goodwill("0.60")).toContain("Credited $0.60 (Goodwill credit).");
    expect(await goodwill("0.01")).toContain(OVERRIDE_TEXT.goodwillNothingLeft);
  });
});
