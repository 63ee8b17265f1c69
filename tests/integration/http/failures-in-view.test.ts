import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../../app/db/client.server.ts";
import { adminAuditLog, fulfilments, orders, providers, services } from "../../../app/db/schema.ts";
import { PROVIDER_TEXT } from "../../../app/domain/fulfilment/messages.ts";
import { placeOrder } from "../../../app/domain/orders/place-order.server.ts";
import { addProviderFromForm } from "../../../app/routes/admin.providers.$providerId/provider-page-actions.server.ts";
import { fundWallet } from "../../support/factories.ts";
import { type FakePanel, startFakePanel } from "../../support/fake-panel.ts";
import { createAccount, signedInAdmin, visibleText } from "../../support/http.ts";
import { redirectToast } from "../../support/redirect-toast.ts";

// The forms of product rules 14.10 to 14.15 over HTTP, posted as a browser without JavaScript posts them: the
// provider form's key check, the admin order row's retrying reason, and Needs manual work's resend and Mark
// resolved. What each does to the parts is asserted in tests/integration/failures-in-view.test.ts. The servers'
// workers are off and their database is shared by the run: this file's provider maps no service, and its parts
// are rows of its own orders.

const KEY = `failures-key-${randomUUID()}`;
let panel: FakePanel;

beforeAll(async () => {
  panel = await startFakePanel((form) =>
    form.get("key") === KEY
      ? { status: 200, body: { balance: "12.50", currency: "EUR" } }
      : { status: 200, body: { error: "Incorrect API key" } },
  );
});
afterAll(() => panel.close());

/** One of this file's orders, with a part at `provider` in the state given (its customer's money as placed). */
async function orderWithPart(providerId: string, part: Partial<typeof fulfilments.$inferInsert>) {
  const customer = await createAccount();
  await fundWallet(customer.id, 1_000);
  const [likes] = await db()
    .select({ id: services.id })
    .from(services)
    .where(eq(services.slug, "instagram-likes"));
  const placed = await placeOrder(db(), {
    userId: customer.id,
    serviceId: likes!.id,
    quantity: 150,
    targetLink: "https://www.instagram.com/p/FailuresHttp/",
    deliverySpeed: "normal",
  });
  if (!placed.ok) throw new Error(placed.message);
  await db().update(orders).set({ delivery: "provider" }).where(eq(orders.id, placed.order.id));
  const [row] = await db()
    .insert(fulfilments)
    .values({
      orderId: placed.order.id,
      providerId,
      providerServiceId: "11",
      link: "https://www.instagram.com/p/FailuresHttp/",
      quantity: 150,
      idempotencyKey: randomUUID(),
      ...part,
    })
    .returning();
  return { order: placed.order, part: row! };
}

/** A page's visible text with its quotes as the admin reads them. */
function readable(html: string): string {
  return visibleText(html).replaceAll("&quot;", '"');
}

async function thisFilesProvider(adminId: string) {
  const added = await addProviderFromForm(db(), {
    adminId,
    form: { name: `Failures panel ${randomUUID().slice(0, 6)}`, apiUrl: panel.url, apiKey: KEY },
  });
  if (!added.ok) throw new Error(added.message);
  return added.providerId;
}

describe("the provider form", () => {
  it("answers a wrong key with the panel's reason beside the key and saves nothing; the right key is saved with its balance", async () => {
    const { visitor: admin } = await signedInAdmin();
    const name = `Checked panel ${randomUUID().slice(0, 8)}`;
    const refused = await admin.request("/admin/providers", {
      form: { intent: "add", name, apiUrl: panel.url, apiKey: "a-wrong-key" },
    });
    expect(refused.status).toBe(200);
    expect(readable(await refused.text())).toContain('The provider refused this key: "Incorrect API key"');
    expect(await db().select().from(providers).where(eq(providers.name, name))).toEqual([]);

    const added = await admin.request("/admin/providers", {
      form: { intent: "add", name, apiUrl: panel.url, apiKey: KEY },
    });
    const { location, toast } = await redirectToast(admin, added);
    expect(toast).toMatchObject({ title: PROVIDER_TEXT.added, description: name });
    const [stored] = await db().select().from(providers).where(eq(providers.name, name));
    expect(location).toBe(`/admin/providers/${stored!.id}`);
    expect(stored).toMatchObject({ balance: "12.50", balanceCurrency: "EUR", currency: "EUR" });

    const saved = await admin.request(location, {
      form: { intent: "save", name, apiUrl: panel.url, apiKey: "another-wrong-key" },
    });
    expect(readable(await saved.text())).toContain('The provider refused this key: "Incorrect API key"');
    const [kept] = await db().select().from(providers).where(eq(providers.id, stored!.id));
    expect(kept?.apiKeyHint).toBe(KEY.slice(-4));
  });
});

describe("an order whose submission waits", () => {
  it("shows the retrying reason and the next attempt on its admin row", async () => {
    const { id: adminId, visitor: admin } = await signedInAdmin();
    const providerId = await thisFilesProvider(adminId);
    const { order } = await orderWithPart(providerId, {
      state: "queued",
      attempts: 2,
      lastError: "Incorrect API key",
      nextAttemptAt:
        sql`(date_trunc('day', now() at time zone 'utc') + interval '1 day 14 hours 32 minutes') at time zone 'utc'` as unknown as Date,
    });
    const page = visibleText(await (await admin.request(`/admin/orders?q=${order.orderNumber}`)).text());
    expect(page).toContain("Retrying: Incorrect API key, next attempt 14:32 UTC (attempt 3 of 6)");
  });
});

describe("Needs manual work", () => {
  it("lists a held part with its reason and refund deadline; resends it, and marks another resolved with the provider's order id", async () => {
    const { id: adminId, visitor: admin } = await signedInAdmin();
    const providerId = await thisFilesProvider(adminId);
    const held = () =>
      orderWithPart(providerId, {
        state: "needs_attention",
        attempts: 6,
        lastError: "Not enough funds on balance",
        refundDueAt:
          sql`(date_trunc('day', now() at time zone 'utc') + interval '1 day 8 hours') at time zone 'utc'` as unknown as Date,
      });
    const first = await held();
    const page = visibleText(await (await admin.request("/admin/manual-work")).text());
    expect(page).toContain(first.order.orderNumber);
    expect(page).toContain("Not enough funds on balance");
    expect(page).toMatch(/Refunded [A-Z][a-z]{2} \d{1,2}, \d{4}, 8:00 AM UTC unless resent/);

    const badId = await admin.request("/admin/manual-work", {
      form: { intent: "resend", fulfilmentId: first.part.id, providerId, providerServiceId: "1 1" },
    });
    expect(badId.status).toBe(200);
    expect((await db().select().from(fulfilments).where(eq(fulfilments.id, first.part.id)))[0]?.state).toBe(
      "needs_attention",
    );
    const resent = await admin.request("/admin/manual-work", {
      form: { intent: "resend", fulfilmentId: first.part.id, providerId, providerServiceId: "12" },
    });
    expect(resent.status).toBe(200);
    const [queued] = await db().select().from(fulfilments).where(eq(fulfilments.id, first.part.id));
    expect(queued).toMatchObject({
      state: "queued",
      attempts: 0,
      providerServiceId: "12",
      refundDueAt: null,
    });
    const audits = await db()
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.adminId, adminId), eq(adminAuditLog.action, "fulfilment.resent")));
    expect(audits).toHaveLength(1);

    const second = await held();
    await admin.request("/admin/manual-work", {
      form: { intent: "resolve", fulfilmentId: second.part.id, providerOrderId: "77001" },
    });
    const [followed] = await db().select().from(fulfilments).where(eq(fulfilments.id, second.part.id));
    expect(followed).toMatchObject({ state: "submitted", providerOrderId: "77001" });
    // Back to waiting: the servers' workers are off, but another file's worker must not poll this file's panel.
    await db()
      .update(fulfilments)
      .set({ state: "done", outcome: "completed" })
      .where(eq(fulfilments.providerId, providerId));
  });
});
