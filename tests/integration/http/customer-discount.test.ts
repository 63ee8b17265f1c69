import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../../../app/db/client.server.ts";
import { accountDiscounts, adminAuditLog, orders, transactions } from "../../../app/db/schema.ts";
import { DISCOUNT_TEXT } from "../../../app/domain/accounts/user-controls-text.ts";
import { cents } from "../../../app/domain/pricing/cents.ts";
import { discountedCharge } from "../../../app/domain/pricing/discount.ts";
import { createApiKey } from "../../../app/domain/reseller/api-keys.server.ts";
import { findLedgerMismatches } from "../../../app/domain/wallet/check-ledger.server.ts";
import { balanceOf, fundWallet, serviceBySlug } from "../../support/factories.ts";
import {
  appUrl,
  createAccount,
  secondAppUrl,
  signedInAdmin,
  Visitor,
  visibleText,
} from "../../support/http.ts";

// A customer's discount over HTTP (product rules 15.27-15.29): set on the admin's user page, charged by the
// storefront and the API, shown on the order page, /wallet and in the API's `services`. The charges' vectors and
// races are asserted at domain level (tests/integration/customer-discount.test.ts).

async function callApi(fields: Record<string, string>, baseUrl = appUrl) {
  const response = await fetch(`${baseUrl}/api/v2`, { method: "POST", body: new URLSearchParams(fields) });
  // biome-ignore lint/suspicious/noExplicitAny: a JSON answer whose shape each test asserts
  return (await response.json()) as any;
}

function postLink(): string {
  return `https://www.instagram.com/p/Disc${randomUUID().replaceAll("-", "").slice(0, 10)}/`;
}

async function auditOf(userId: string) {
  return db()
    .select({ action: adminAuditLog.action, details: adminAuditLog.details })
    .from(adminAuditLog)
    .where(eq(adminAuditLog.subjectId, userId))
    .orderBy(asc(adminAuditLog.id));
}

describe("the Discount field on a user's admin page (product rules 15.27)", () => {
  it("saves a percent with an audit row, refuses a bad one beside the field, and is refused to support", async () => {
    const customer = await createAccount();
    const { visitor: admin } = await signedInAdmin();
    const post = (visitor: Visitor, discount: string) =>
      visitor.request(`/admin/users/${customer.id}.data`, { form: { intent: "set-discount", discount } });

    for (const bad of ["95", "12.25", "-5", "ten"]) {
      const refused = await post(admin, bad);
      expect(await refused.text(), bad).toContain(DISCOUNT_TEXT.invalid);
    }
    const { visitor: support } = await signedInAdmin({ role: "support" });
    expect((await post(support, "50")).status).toBe(403);
    expect(
      await db().select().from(accountDiscounts).where(eq(accountDiscounts.userId, customer.id)),
    ).toEqual([]);
    expect(await auditOf(customer.id)).toEqual([]);

    const saved = await post(admin, "10");
    expect(await saved.text()).toContain(DISCOUNT_TEXT.saved("10%"));
    const page = visibleText(await (await admin.request(`/admin/users/${customer.id}`)).text());
    expect(page).toContain("10% off every order");
    // Support reads it on the page, as it reads the rest of the user's page.
    const supportPage = visibleText(await (await support.request(`/admin/users/${customer.id}`)).text());
    expect(supportPage).toContain("10% off every order");
    expect(await auditOf(customer.id)).toEqual([
      {
        action: "user.discount",
        details: { before: "0%", after: "10%", before_tenths: 0, after_tenths: 100 },
      },
    ]);
  });
});

describe("a customer with a 10% discount", () => {
  it("is charged exactly 90% through the API, whose services show their discounted rates", async () => {
    const reseller = await createAccount();
    await fundWallet(reseller.id, 10_000);
    const created = await createApiKey(db(), { userId: reseller.id, name: "Discount panel" });
    if (!created.ok) throw new Error(created.message);
    const likes = await serviceBySlug("instagram-likes");
    const { visitor: admin } = await signedInAdmin();
    const listed = await callApi({ key: created.key, action: "services" });
    const listRate = listed.find((entry: { service: number }) => entry.service === likes.apiId).rate;
    expect(listRate).toBe("4.00");
    await admin.request(`/admin/users/${reseller.id}.data`, {
      form: { intent: "set-discount", discount: "10" },
    });

    // Either server: the discount is read from the database, not from the server that saved it.
    const services = await callApi({ key: created.key, action: "services" }, secondAppUrl);
    expect(services.find((entry: { service: number }) => entry.service === likes.apiId).rate).toBe("3.60");
    const pack = services.find((entry: { type: string }) => entry.type === "Package");
    const visitorServices = await callApi({ key: (await otherKey()).key, action: "services" });
    const listedPack = visitorServices.find((entry: { service: number }) => entry.service === pack.service);
    // A package's rate is its price: the discounted charge of the list price, half-up to the cent.
    const listCents = cents(Math.round(Number(listedPack.rate) * 100));
    expect(pack.rate).toBe((discountedCharge(listCents, 100) / 100).toFixed(2));

    const added = await callApi({
      key: created.key,
      action: "add",
      service: String(likes.apiId),
      link: postLink(),
      quantity: "250",
    });
    expect(added).toEqual({ order: expect.any(Number) });
    const [order] = await db().select().from(orders).where(eq(orders.userId, reseller.id));
    expect(order?.totalCents).toBe(90);
    const purchases = await db()
      .select({ amount: transactions.amountCents })
      .from(transactions)
      .where(and(eq(transactions.userId, reseller.id), eq(transactions.type, "purchase")));
    expect(purchases).toEqual([{ amount: -90 }]);
    expect(await balanceOf(reseller.id)).toBe(10_000 - 90);
    expect(await callApi({ key: created.key, action: "balance" })).toEqual({
      balance: "99.10",
      currency: "USD",
    });
    const mismatches = await findLedgerMismatches(db());
    expect(mismatches.filter((row) => row.userId === reseller.id)).toEqual([]);
  });

  it("sees the discounted total and its note on the order page and /wallet, and is charged that total", async () => {
    const customer = await createAccount();
    await fundWallet(customer.id, 1_000);
    const { visitor: admin } = await signedInAdmin();
    await admin.request(`/admin/users/${customer.id}.data`, {
      form: { intent: "set-discount", discount: "10" },
    });
    const visitor = new Visitor();
    await visitor.signIn(customer.email, customer.password);
    const likes = await serviceBySlug("instagram-likes");
    // 100 likes (the page's default quantity) at $4.00/1000: $0.40, less 10%: $0.36.
    const html = await (await visitor.request(`/order/${likes.id}`)).text();
    expect(html).toContain('name="expectedTotalCents" value="36"');
    expect(visibleText(html)).toContain(DISCOUNT_TEXT.applied("10%"));
    const wallet = visibleText(await (await visitor.request("/wallet")).text());
    expect(wallet).toContain(DISCOUNT_TEXT.onWallet("10%"));
    // A visitor's page keeps list prices.
    expect(await (await new Visitor().request(`/order/${likes.id}`)).text()).toContain(
      'name="expectedTotalCents" value="40"',
    );

    const placed = await visitor.request(`/order/${likes.id}`, {
      form: {
        serviceId: likes.id,
        targetLink: postLink(),
        quantity: "100",
        deliverySpeed: "fast",
        idempotencyKey: randomUUID(),
        expectedTotalCents: "36",
      },
    });
    expect(placed.status).toBe(302);
    expect(
      await db().select({ total: orders.totalCents }).from(orders).where(eq(orders.userId, customer.id)),
    ).toEqual([{ total: 36 }]);
    expect(await balanceOf(customer.id)).toBe(1_000 - 36);
  });
});

/** A key of a customer without a discount: the list rates. */
async function otherKey() {
  const account = await createAccount();
  const created = await createApiKey(db(), { userId: account.id, name: "List prices" });
  if (!created.ok) throw new Error(created.message);
  return created;
}
