import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../../../app/db/client.server.ts";
import { accountSuspensions, orders, providers, sessions, userRoles } from "../../../app/db/schema.ts";
import { FRESH_CODE_MINUTES, TWO_FACTOR_TEXT } from "../../../app/domain/accounts/two-factor-text.ts";
import { setOrderStatus } from "../../../app/domain/orders/set-order-status.server.ts";
import { findLedgerMismatches } from "../../../app/domain/wallet/check-ledger.server.ts";
import { balanceOf, fundWallet, placeLikesOrder, serviceBySlug } from "../../support/factories.ts";
import {
  createAccount,
  signedInAdmin,
  signedInCustomer,
  type Visitor,
  visibleText,
} from "../../support/http.ts";
import { signInCodeFor } from "../../support/two-factor.ts";

/**
 * A fresh code before sensitive admin changes (product rules 15.35-15.37), the controls support does not see
 * (15.38) and a suspension that reaches every session read (15.20), over HTTP as the pages post them.
 */

/** Makes the admin's sessions older than the code window: their sign-in's code no longer covers a change. */
async function ageSessions(userId: string) {
  await db()
    .update(sessions)
    .set({ createdAt: sql`now() - make_interval(mins => ${FRESH_CODE_MINUTES + 5})` })
    .where(eq(sessions.userId, userId));
}

function adjust(visitor: Visitor, userId: string, extra: Record<string, string> = {}) {
  return visitor.request(`/admin/users/${userId}.data`, {
    form: {
      intent: "adjust-balance",
      kind: "goodwill",
      direction: "credit",
      amount: "5.00",
      reason: "Outage",
      ...extra,
    },
  });
}

describe("a fresh code before a sensitive admin change (product rules 15.35-15.37)", () => {
  it("lets a balance move within the sign-in's quarter hour, then asks for a code: none or a wrong one changes nothing, a right one covers the next", async () => {
    const admin = await signedInAdmin();
    const customer = await createAccount();

    // Signed in a moment ago, with a code: no new code asked.
    expect((await adjust(admin.visitor, customer.id)).status).toBe(200);
    expect(await balanceOf(customer.id)).toBe(500);

    await ageSessions(admin.id);
    const page = visibleText(await (await admin.visitor.request(`/admin/users/${customer.id}`)).text());
    expect(page).toContain(TWO_FACTOR_TEXT.confirmLabel);

    const missing = await adjust(admin.visitor, customer.id);
    expect(await missing.text()).toContain(TWO_FACTOR_TEXT.confirmNeeded);
    const wrong = await adjust(admin.visitor, customer.id, { secondFactorCode: "000000" });
    expect(await wrong.text()).toContain(TWO_FACTOR_TEXT.invalidCode);
    expect(await balanceOf(customer.id)).toBe(500);

    const right = await adjust(admin.visitor, customer.id, {
      secondFactorCode: (await signInCodeFor(admin.email)) ?? "",
    });
    expect(await right.text()).toContain("Credited $5.00");
    expect(await balanceOf(customer.id)).toBe(1000);

    // The code covers the next changes of this session for the window, and the page no longer asks.
    expect((await adjust(admin.visitor, customer.id)).status).toBe(200);
    expect(await balanceOf(customer.id)).toBe(1500);
    const after = visibleText(await (await admin.visitor.request(`/admin/users/${customer.id}`)).text());
    expect(after).not.toContain(TWO_FACTOR_TEXT.confirmLabel);
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("asks for it before a bulk credit, a goodwill credit, a provider's key and a role; nothing changes without it", async () => {
    const owner = await signedInAdmin({ role: "owner" });
    const customer = await createAccount();
    await fundWallet(customer.id, 1_000);
    const order = await placeLikesOrder(customer.id, "https://www.instagram.com/p/FreshCodeGoodwill/");
    const ended = await setOrderStatus(db(), { orderId: order.id, status: "completed" });
    expect(ended.ok).toBe(true);
    const [provider] = await db()
      .insert(providers)
      .values({
        name: `Fresh code ${customer.id.slice(0, 6)}`,
        apiUrl: "http://127.0.0.1:9/api/v2",
        apiKeyEncrypted: "sealed-old-key",
        apiKeyHint: "old",
      })
      .returning();
    const staffMember = await createAccount();
    await ageSessions(owner.id);
    const balanceBefore = await balanceOf(customer.id);

    const bulk = new URLSearchParams({
      intent: "bulk-apply",
      direction: "credit",
      kind: "goodwill",
      amount: "1.50",
      reason: "Outage",
    });
    bulk.append("ids", customer.id);
    const bulkAnswer = await owner.visitor.request("/admin/users", {
      body: bulk,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(visibleText(await bulkAnswer.text())).toContain(TWO_FACTOR_TEXT.confirmNeeded);

    const goodwill = await owner.visitor.request(`/admin/orders/${order.id}.data`, {
      form: { intent: "goodwill-refund", orderId: order.id, amount: "0.10", reason: "Slow" },
    });
    expect(await goodwill.text()).toContain(TWO_FACTOR_TEXT.confirmNeeded);
    expect(await balanceOf(customer.id)).toBe(balanceBefore);

    const key = await owner.visitor.request(`/admin/providers/${provider!.id}.data`, {
      form: {
        intent: "save",
        name: provider!.name,
        apiUrl: "https://attacker.example/api/v2",
        apiKey: "new",
      },
    });
    expect(await key.text()).toContain(TWO_FACTOR_TEXT.confirmNeeded);
    const [kept] = await db().select().from(providers).where(eq(providers.id, provider!.id));
    expect(kept?.apiUrl).toBe("http://127.0.0.1:9/api/v2");
    expect(kept?.apiKeyEncrypted).toBe("sealed-old-key");

    const role = await owner.visitor.request("/admin/staff.data", {
      form: { email: staffMember.email, role: "admin" },
    });
    expect(await role.text()).toContain(TWO_FACTOR_TEXT.confirmNeeded);
    expect(await db().$count(userRoles, eq(userRoles.userId, staffMember.id))).toBe(0);

    // With the code, the role is given; the code then covers the goodwill credit too.
    const granted = await owner.visitor.request("/admin/staff.data", {
      form: {
        email: staffMember.email,
        role: "admin",
        secondFactorCode: (await signInCodeFor(owner.email)) ?? "",
      },
    });
    // A data request answers the redirect as 202 with its target.
    expect(granted.status).toBe(202);
    expect(await db().$count(userRoles, eq(userRoles.userId, staffMember.id))).toBe(1);
    const credited = await owner.visitor.request(`/admin/orders/${order.id}.data`, {
      form: { intent: "goodwill-refund", orderId: order.id, amount: "0.10", reason: "Slow" },
    });
    expect(await credited.text()).toContain("Credited $0.10");
    expect(await balanceOf(customer.id)).toBe(balanceBefore + 10);
  });
});

describe("support meets no control it may not use (product rules 15.38)", () => {
  it("reads a customer, their order and the lists without a button that would be refused", async () => {
    const support = await signedInAdmin({ role: "support" });
    const customer = await createAccount();
    await fundWallet(customer.id, 1_000);
    const order = await placeLikesOrder(customer.id, "https://www.instagram.com/p/SupportReads/");

    const userPage = visibleText(await (await support.visitor.request(`/admin/users/${customer.id}`)).text());
    expect(userPage).toContain(customer.email);
    for (const control of [
      "Suspend account",
      "Review adjustment",
      "Send password reset",
      "Save notes",
      "Create manual order",
      "Audit trail",
    ])
      expect(userPage, control).not.toContain(control);

    const orderPage = await (await support.visitor.request(`/admin/orders/${order.id}`)).text();
    expect(visibleText(orderPage)).toContain(order.orderNumber);
    expect(orderPage).not.toContain('data-testid="status-form"');
    expect(orderPage).not.toContain('name="intent" value="correct-counts"');

    for (const list of ["/admin/orders", "/admin/users"]) {
      const html = await (await support.visitor.request(list)).text();
      expect(visibleText(html), list).not.toContain("Bulk actions");
      expect(visibleText(html), list).not.toContain("Export CSV");
    }

    // An admin sees them all.
    const admin = await signedInAdmin();
    const adminPage = visibleText(await (await admin.visitor.request(`/admin/users/${customer.id}`)).text());
    for (const control of ["Suspend account", "Review adjustment", "Send password reset", "Save notes"])
      expect(adminPage, control).toContain(control);
  });
});

describe("a suspension reaches every session read (product rules 15.20)", () => {
  it("signs in nobody with a session the suspension did not delete, and charges no order through it", async () => {
    const customer = await signedInCustomer();
    await fundWallet(customer.id, 10_000);
    const likes = await serviceBySlug("instagram-likes");
    let posts = 0;
    const order = () => {
      posts += 1;
      return customer.visitor.request("/quick-order", {
        form: {
          serviceId: likes.id,
          targetLink: `https://www.instagram.com/p/SuspendedRace${posts}/`,
          quantity: "1000",
          idempotencyKey: randomUUID(),
        },
      });
    };
    // An order first: the form's server now remembers the session for a moment.
    expect((await order()).headers.get("location")).toBe("/dashboard");
    const charged = await balanceOf(customer.id);

    // As if the session was written while the suspension committed: the row stays, the account is suspended.
    await db().insert(accountSuspensions).values({ userId: customer.id, reason: "Race" });
    expect(await db().$count(sessions, eq(sessions.userId, customer.id))).toBe(1);
    const page = await customer.visitor.request("/dashboard");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toMatch(/^\/login/);
    const refused = await order();
    expect(refused.headers.get("location")).toMatch(/^\/login\?next=/);
    expect(await db().$count(orders, eq(orders.userId, customer.id))).toBe(1);
    expect(await balanceOf(customer.id)).toBe(charged);

    await db().delete(accountSuspensions).where(eq(accountSuspensions.userId, customer.id));
    expect((await customer.visitor.request("/dashboard")).status).toBe(200);
  });
});
