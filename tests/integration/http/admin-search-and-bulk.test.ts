/**
 * The admin lists' search, bulk forms and exports over HTTP, as a browser without JavaScript posts them (product
 * rules 14.30-14.36): the search by link and its counts, Review then Confirm, the toast with every outcome, the
 * Export CSV link with the list's filters. The rules themselves: tests/integration/admin-search.test.ts,
 * admin-bulk-orders.test.ts, admin-bulk-services-users.test.ts, admin-list-exports.test.ts.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../../app/db/client.server.ts";
import { orders, users } from "../../../app/db/schema.ts";
import { cents } from "../../../app/domain/pricing/cents.ts";
import { findLedgerMismatches } from "../../../app/domain/wallet/check-ledger.server.ts";
import { serviceId } from "../../support/factories.ts";
import { signedInAdmin, signedInCustomer, visibleText } from "../../support/http.ts";
import { ledger } from "../../support/money-rows.ts";

let admin: Awaited<ReturnType<typeof signedInAdmin>>;
// A piece of link no other test's orders hold.
const handle = `bulk${randomUUID().slice(0, 8)}`;
let customer: { id: string; email: string };
let made: (typeof orders.$inferSelect)[];

beforeAll(async () => {
  admin = await signedInAdmin();
  const email = `bulk-${randomUUID().slice(0, 8)}@example.test`;
  const [row] = await db().insert(users).values({ email, emailVerified: true }).returning();
  customer = { id: row!.id, email };
  await ledger(customer.id, { type: "deposit", amountCents: 5_000, at: new Date() });
  const service = await serviceId("TikTok Views");
  made = [];
  for (const [index, status] of (["pending", "processing", "completed"] as const).entries()) {
    const [order] = await db()
      .insert(orders)
      .values({
        userId: customer.id,
        serviceId: service,
        quantity: 1000,
        targetLink: `https://www.tiktok.com/@${handle}/video/${index}`,
        totalCents: cents(300 + index * 100),
        status,
        delivery: "manual",
      })
      .returning();
    await ledger(customer.id, {
      type: "purchase",
      amountCents: -order!.totalCents,
      at: new Date(),
      orderId: order!.id,
    });
    made.push(order!);
  }
});

/** A bulk form as the browser posts it: its fields, and one `ids` per ticked row. */
function bulkBody(fields: Record<string, string>, ids: string[]) {
  const body = new URLSearchParams(fields);
  for (const id of ids) body.append("ids", id);
  return { body, headers: { "Content-Type": "application/x-www-form-urlencoded" } };
}

describe("the admin orders list over HTTP", () => {
  it("finds orders by a piece of their link, counts the found ones and links their export", async () => {
    const response = await admin.visitor.request(`/admin/orders?q=${handle}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const text = visibleText(html);
    for (const order of made) expect(text).toContain(order.orderNumber);
    expect(text).toContain("All (3)");
    expect(text).toContain("Completed (1)");
    expect(html).toContain(`href="/admin/export/orders.csv?q=${handle}"`);
    expect(html).toContain('name="ids"');
    expect(html).toContain('form="bulk-orders"');

    const csv = await admin.visitor.request(`/admin/export/orders.csv?q=${handle}&status=completed`);
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).split("\r\n").slice(1, -1);
    expect(lines.map((line) => line.split(",")[0])).toEqual([made[2]!.orderNumber]);
  });

  it("says nothing was ticked, previews a cancel, then cancels and reports each order in the toast", async () => {
    const path = `/admin/orders?q=${handle}`;
    const nothing = await admin.visitor.request(
      path,
      bulkBody({ intent: "bulk-preview", action: "cancelled" }, []),
    );
    expect(nothing.status).toBe(200);
    expect(visibleText(await nothing.text())).toContain("Tick at least one of the orders");

    const ids = made.map((order) => order.id);
    const preview = await admin.visitor.request(
      path,
      bulkBody({ intent: "bulk-preview", action: "cancelled" }, ids),
    );
    expect(preview.status).toBe(200);
    const text = visibleText(await preview.text());
    expect(text).toContain("Cancel 2 orders? $7.00 will be refunded to the customers&#x27; wallets.");
    expect(text).toContain(`${made[2]!.orderNumber} will not change (already completed).`);
    // Reviewing changed nothing.
    const [pending] = await db().select().from(orders).where(eq(orders.id, made[0]!.id));
    expect(pending!.status).toBe("pending");

    const confirmed = await admin.visitor.request(
      path,
      bulkBody({ intent: "bulk-apply", action: "cancelled" }, ids),
    );
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe(path);
    const after = visibleText(await (await admin.visitor.request(path)).text());
    expect(after).toContain(
      `2 orders cancelled, 1 refused: ${made[2]!.orderNumber} (already completed). $7.00 refunded.`,
    );
    const [balance] = await db()
      .select({ cents: users.balanceCents })
      .from(users)
      .where(eq(users.id, customer.id));
    expect(balance!.cents).toBe(5_000 - 500);
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("refuses a customer's bulk post (403, nothing changed) and export", async () => {
    const someone = await signedInCustomer();
    const posted = await someone.visitor.request(
      "/admin/orders",
      bulkBody({ intent: "bulk-apply", action: "cancelled" }, [made[0]!.id]),
    );
    expect(posted.status).toBe(403);
    const [order] = await db().select().from(orders).where(eq(orders.id, made[0]!.id));
    expect(order!.status).not.toBe("failed");
    const csv = await someone.visitor.request("/admin/export/users.csv");
    expect(csv.status).toBe(302);
    expect(csv.headers.get("location")).toContain("/admin-login");
  });
});

describe("the users and services lists' bulk forms over HTTP", () => {
  it("previews and makes a credit to each ticked user", async () => {
    const fields = {
      intent: "bulk-preview",
      direction: "credit",
      kind: "goodwill",
      amount: "1.50",
      reason: "Outage",
    };
    const preview = await admin.visitor.request("/admin/users", bulkBody(fields, [customer.id]));
    expect(visibleText(await preview.text())).toContain("Credit $1.50 (Goodwill credit) to 1 user?");
    const done = await admin.visitor.request(
      `/admin/users?q=${customer.email}`,
      bulkBody({ ...fields, intent: "bulk-apply" }, [customer.id]),
    );
    expect(done.status).toBe(302);
    const page = visibleText(await (await admin.visitor.request(`/admin/users?q=${customer.email}`)).text());
    expect(page).toContain("1 user credited. $1.50 in all.");
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("refuses a price that is not one, beside nothing changed", async () => {
    const likes = await serviceId("Instagram Likes");
    const refused = await admin.visitor.request(
      "/admin/services",
      bulkBody({ intent: "bulk-preview", action: "price", price: "abc", categoryId: "" }, [likes]),
    );
    expect(refused.status).toBe(200);
    expect(visibleText(await refused.text())).toContain("Nothing changed");
    const html = await (await admin.visitor.request("/admin/services?q=tiktok")).text();
    expect(html).toContain('href="/admin/export/services.csv?q=tiktok"');
  });
});
