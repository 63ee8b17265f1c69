/**
 * The admin's CSV exports over HTTP (product rules 13.36): orders, transactions and the money figures by day,
 * service and provider, each a CSV attachment with its header row, checked for an admin on the request itself,
 * recorded in the audit log, and with no cell a spreadsheet would run as a formula. The figures' arithmetic:
 * tests/integration/money-figures.test.ts.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../../app/db/client.server.ts";
import { adminAuditLog, transactions, userRoles, users } from "../../../app/db/schema.ts";
import { cents } from "../../../app/domain/pricing/cents.ts";
import { serviceId } from "../../support/factories.ts";
import { createAccount, signedInAdmin, signedInCustomer, Visitor } from "../../support/http.ts";
import { ledger, order, provider } from "../../support/money-rows.ts";
import { enableTwoFactor } from "../../support/two-factor.ts";

// A day no other test writes to: the exports below cover it alone.
const DAY = "2003-03-03";
const at = (time: string) => new Date(`${DAY}T${time}Z`);
const RANGE = `from=${DAY}&to=${DAY}`;
const FILES = ["orders.csv", "transactions.csv", "figures.csv"];

let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let customerEmail: string;
let providerName: string;

beforeAll(async () => {
  admin = await signedInAdmin();
  // An address that starts with "+" (valid, and a formula to a spreadsheet).
  customerEmail = `+1-${randomUUID().slice(0, 8)}@example.test`;
  const [customer] = await db()
    .insert(users)
    .values({ email: customerEmail, emailVerified: true })
    .returning();
  providerName = `Export Panel ${randomUUID().slice(0, 8)}`;
  const panel = await provider(providerName);
  const likes = await serviceId("Instagram Likes");
  await ledger(customer!.id, { type: "deposit", amountCents: 5_000, at: at("09:00:00") });
  await order({
    userId: customer!.id,
    serviceId: likes,
    totalCents: 1_000,
    placed: at("10:00:00"),
    providerId: panel,
    part: { costCents: cents(600) },
  });
  await order({
    userId: customer!.id,
    serviceId: likes,
    totalCents: 700,
    placed: at("11:00:00"),
    providerId: panel,
    part: { costCents: null, state: "submitted", outcome: null },
  });
  // An admin's adjustment whose reason is a formula, as typed.
  await db()
    .insert(transactions)
    .values({
      userId: customer!.id,
      type: "adjustment",
      amountCents: cents(-100),
      metadata: { reason: `=HYPERLINK("http://evil.example","x")` },
      createdAt: at("12:00:00"),
    });
  await db()
    .update(users)
    .set({ balanceCents: cents(5_000 - 1_000 - 700 - 100) })
    .where(eq(users.id, customer!.id));
});

async function csv(path: string) {
  const response = await admin.visitor.request(path);
  expect(response.status, path).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8; header=present");
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  const text = await response.text();
  expect(text.endsWith("\r\n"), "every record ends with CRLF").toBe(true);
  return { disposition: response.headers.get("content-disposition"), lines: text.split("\r\n").slice(0, -1) };
}

describe("the admin's CSV exports", () => {
  it.each(FILES)("%s sends a visitor and a customer to the admin sign-in, with no CSV", async (file) => {
    const { visitor } = await signedInCustomer();
    for (const who of [new Visitor(), visitor]) {
      const response = await who.request(`/admin/export/${file}?${RANGE}`);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/admin-login");
      expect(response.headers.get("content-type") ?? "").not.toContain("text/csv");
    }
  });

  it("orders.csv: each order with its charge, refund, provider cost and margin; an unknown cost left empty", async () => {
    const { disposition, lines } = await csv(`/admin/export/orders.csv?${RANGE}`);
    expect(disposition).toBe(`attachment; filename="boostly-orders-${DAY}-to-${DAY}.csv"`);
    expect(lines[0]).toBe(
      "Order,Placed (UTC),Customer,Service,Platform,Quantity,Status,Delivery,Charge,Refunded,Provider cost,Margin,Cost known",
    );
    const rows = lines.slice(1).map((line) => line.split(","));
    expect(rows).toHaveLength(2);
    expect(rows.map((row) => row.slice(1))).toEqual([
      [
        `${DAY} 10:00:00`,
        `'${customerEmail}`,
        "Instagram Likes",
        "instagram",
        "1000",
        "completed",
        "provider",
        "10.00",
        "0.00",
        "6.00",
        "4.00",
        "yes",
      ],
      [
        `${DAY} 11:00:00`,
        `'${customerEmail}`,
        "Instagram Likes",
        "instagram",
        "1000",
        "completed",
        "provider",
        "7.00",
        "0.00",
        "",
        "",
        "no",
      ],
    ]);
  });

  it("transactions.csv: every ledger row of the days, a formula in a reason written as text", async () => {
    const { disposition, lines } = await csv(`/admin/export/transactions.csv?${RANGE}`);
    expect(disposition).toBe(`attachment; filename="boostly-transactions-${DAY}-to-${DAY}.csv"`);
    expect(lines[0]).toBe("Date (UTC),Customer,Type,Amount,Status,Method,Reference");
    expect(lines.slice(1).map((line) => line.split(",").slice(0, 5))).toEqual([
      [`${DAY} 09:00:00`, `'${customerEmail}`, "deposit", "50.00", "completed"],
      [`${DAY} 10:00:00`, `'${customerEmail}`, "purchase", "-10.00", "completed"],
      [`${DAY} 11:00:00`, `'${customerEmail}`, "purchase", "-7.00", "completed"],
      [`${DAY} 12:00:00`, `'${customerEmail}`, "adjustment", "-1.00", "completed"],
    ]);
    // The reason holds a comma and quotes: quoted, its quotes doubled, and its "=" behind an apostrophe.
    expect(lines[4]?.endsWith(`,"'=HYPERLINK(""http://evil.example"",""x"")"`)).toBe(true);
  });

  it("figures.csv: the days', the services' and the providers' money", async () => {
    const byDay = await csv(`/admin/export/figures.csv?${RANGE}&by=day`);
    expect(byDay.disposition).toBe(`attachment; filename="boostly-figures-by-day-${DAY}-to-${DAY}.csv"`);
    expect(byDay.lines).toEqual([
      "Day (UTC),Deposits,Sales,Refunds,Provider spend,Profit,Bonuses,Adjustments,Orders,Parts with unknown cost",
      `${DAY},50.00,17.00,0.00,6.00,11.00,0.00,-1.00,2,1`,
    ]);
    const byService = await csv(`/admin/export/figures.csv?${RANGE}&by=service`);
    expect(byService.lines).toEqual([
      "Service,Orders,Sales,Refunds,Provider spend,Profit,Margin %,Parts with unknown cost",
      "Instagram Likes,2,17.00,0.00,6.00,11.00,64.7,1",
    ]);
    const byProvider = await csv(`/admin/export/figures.csv?${RANGE}&by=provider`);
    expect(byProvider.disposition).toBe(
      `attachment; filename="boostly-figures-by-provider-${DAY}-to-${DAY}.csv"`,
    );
    expect(byProvider.lines).toEqual([
      "Provider,Parts sent,Sales,Refunds,Provider spend,Profit,Margin %,Parts with unknown cost",
      `${providerName},2,17.00,0.00,6.00,11.00,64.7,1`,
    ]);
  });

  it("records who took which export of which days", async () => {
    await csv(`/admin/export/orders.csv?${RANGE}`);
    const [account] = await db().select().from(users).where(eq(users.email, admin.email));
    const entries = await db()
      .select({ subjectId: adminAuditLog.subjectId, details: adminAuditLog.details })
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.adminId, account!.id), eq(adminAuditLog.action, "export.download")));
    expect(entries).toContainEqual({ subjectId: "orders", details: { from: DAY, to: DAY } });
  });

  it("refuses an unknown file, a malformed day and a range that ends before it starts, in words", async () => {
    const unknown = await admin.visitor.request(`/admin/export/tickets.csv?${RANGE}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe(
      "No such export: orders.csv, transactions.csv, figures.csv, services.csv, users.csv or audit.csv.",
    );
    const malformed = await admin.visitor.request("/admin/export/orders.csv?from=03/03/2003");
    expect(malformed.status).toBe(422);
    expect(await malformed.text()).toBe("A day is written 2026-11-22.");
    const backwards = await admin.visitor.request("/admin/export/orders.csv?from=2003-03-04&to=2003-03-03");
    expect(backwards.status).toBe(422);
    expect(await backwards.text()).toBe("The first day comes after the last.");
    const tooLong = await admin.visitor.request("/admin/export/figures.csv?from=2001-01-01&to=2003-03-03");
    expect(tooLong.status).toBe(422);
    expect(await tooLong.text()).toContain("at most 366 days");
  });

  it("answers a new admin account too: the role is read on every request", async () => {
    const account = await createAccount();
    const visitor = new Visitor();
    await visitor.signIn(account.email, account.password);
    expect((await visitor.request(`/admin/export/orders.csv?${RANGE}`)).status).toBe(302);
    const [user] = await db().select().from(users).where(eq(users.email, account.email));
    // Admin pages open only with two-factor (product rules 15.14).
    await enableTwoFactor(account);
    await db().insert(userRoles).values({ userId: user!.id, role: "admin" });
    expect((await visitor.request(`/admin/export/orders.csv?${RANGE}`)).status).toBe(200);
    await db().delete(userRoles).where(eq(userRoles.userId, user!.id));
    expect((await visitor.request(`/admin/export/orders.csv?${RANGE}`)).status).toBe(302);
  });
});
