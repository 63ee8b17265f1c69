import "../support/worker-database.ts";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { adminAuditLog, fulfilments, orders, providers, transactions } from "../../app/db/schema.ts";
import { readManualWork } from "../../app/domain/admin/read-manual-work.server.ts";
import { MAX_SUBMIT_ATTEMPTS } from "../../app/domain/fulfilment/back-off.ts";
import { updateProvider } from "../../app/domain/fulfilment/manage-providers.server.ts";
import { PROVIDER_TEXT } from "../../app/domain/fulfilment/messages.ts";
import { mapProviderService } from "../../app/domain/fulfilment/provider-services.server.ts";
import { failOverdueHeldParts } from "../../app/domain/fulfilment/refund-hold.server.ts";
import { resendOrderPart } from "../../app/domain/fulfilment/resend-order-part.server.ts";
import { settleHeldSubmission } from "../../app/domain/order-lifecycle/fulfilment-steps.server.ts";
import { partOutcomes } from "../../app/domain/order-lifecycle/part-outcomes.server.ts";
import { runFulfilmentRound } from "../../app/domain/order-lifecycle/run-fulfilment-round.server.ts";
import { cancelOrder } from "../../app/domain/orders/cancel-order.server.ts";
import { readAdminOrdersPage } from "../../app/domain/orders/list-orders-for-admin.server.ts";
import { placeOrder } from "../../app/domain/orders/place-order.server.ts";
import { placePackOrder } from "../../app/domain/orders/place-pack-order.server.ts";
import {
  previewBulkResend,
  resendOrdersInBulk,
} from "../../app/domain/orders/resend-orders-in-bulk.server.ts";
import { readSettings } from "../../app/domain/settings/read-settings.server.ts";
import { saveSettings } from "../../app/domain/settings/save-settings.server.ts";
import { SETTINGS_TEXT } from "../../app/domain/settings/settings-form-text.ts";
import { findLedgerMismatches } from "../../app/domain/wallet/check-ledger.server.ts";
import { addProviderFromForm } from "../../app/routes/admin.providers.$providerId/provider-page-actions.server.ts";
import { saveSettingsFromForm } from "../../app/routes/admin.settings/save-settings-from-form.server.ts";
import { balanceOf, createUser, serviceBySlug, serviceId } from "../support/factories.ts";
import { type FakePanel, startFakePanel } from "../support/fake-panel.ts";
import { steerablePanel } from "../support/steerable-panel.ts";
import { resetDatabase } from "../support/worker-database.ts";

// Product rules 14.10 to 14.16, docs/decisions/043: the key checked before a provider is saved, a retrying
// submission's reason on the admin's order row, a submission that gave up held until its refund deadline, resent
// to the same or another provider, or marked resolved with the provider's order id. The pages' forms are asserted
// in tests/integration/http/failures-in-view.test.ts, the whole journey in tests/e2e/provider-failure-journey.

const ROUND = { leaseSeconds: 60, pollSeconds: 30 };
const KEY_A = "panel-a-key-1234";
const KEY_B = "panel-b-key-5678";
const SERVICES = [
  { service: 11, name: "Panel Likes", rate: "1.2000", min: 10, max: 5000 },
  { service: 12, name: "Panel Views", rate: "0.1000", min: 100, max: 100_000 },
];
const panelA = steerablePanel({ key: KEY_A, services: SERVICES });
const panelB = steerablePanel({ key: KEY_B, services: [{ ...SERVICES[0]!, service: 21 }] });
/** Panel A refuses every key but this one with "Incorrect API key", as panels do. */
let keyAcceptedByA = KEY_A;
let serverA: FakePanel;
let serverB: FakePanel;
let notAPanel: FakePanel;
let balanceCalls = 0;

beforeAll(async () => {
  serverA = await startFakePanel((form) => {
    if (form.get("action") === "balance") balanceCalls++;
    if (form.get("key") !== keyAcceptedByA) return { status: 200, body: { error: "Incorrect API key" } };
    form.set("key", KEY_A);
    return panelA.answer(form);
  });
  serverB = await startFakePanel((form) => panelB.answer(form));
  notAPanel = await startFakePanel(() => ({ status: 200, body: "<html>Welcome to nginx!</html>" }));
});
afterAll(async () => {
  await serverA.close();
  await serverB.close();
  await notAPanel.close();
});

beforeEach(async () => {
  await resetDatabase();
  await db().execute(sql`truncate table fulfilments, provider_services, providers cascade`);
  panelA.reset();
  panelB.reset();
  keyAcceptedByA = KEY_A;
  balanceCalls = 0;
});

afterEach(async () => {
  expect(await findLedgerMismatches(db())).toEqual([]);
});

async function addPanel(name: string, url: string, key: string) {
  const admin = await createUser({ admin: true });
  const added = await addProviderFromForm(db(), {
    adminId: admin.id,
    form: { name, apiUrl: url, apiKey: key, supportsIdempotency: "on" },
  });
  return { added, adminId: admin.id };
}

/** Panel A as the provider of Instagram Likes (its service 11), and panel B added beside it (mapped nothing). */
async function twoPanels() {
  const a = await addPanel("Panel A", serverA.url, KEY_A);
  if (!a.added.ok) throw new Error(a.added.message);
  const mapped = await mapProviderService(db(), {
    adminId: a.adminId,
    providerId: a.added.providerId,
    providerServiceId: "11",
    serviceId: await serviceId("Instagram Likes"),
  });
  expect(mapped.ok).toBe(true);
  const b = await addPanel("Panel B", serverB.url, KEY_B);
  if (!b.added.ok) throw new Error(b.added.message);
  return { adminId: a.adminId, providerA: a.added.providerId, providerB: b.added.providerId };
}

/** A paid order of 150 Instagram Likes ($0.60 of the customer's $10.00). */
async function likesOrder() {
  const customer = await createUser({ fundsCents: 1_000 });
  const placed = await placeOrder(db(), {
    userId: customer.id,
    serviceId: await serviceId("Instagram Likes"),
    quantity: 150,
    targetLink: "https://www.instagram.com/p/Failures1/",
    deliverySpeed: "normal",
  });
  if (!placed.ok) throw new Error(placed.message);
  return { customer, order: placed.order };
}

async function partOf(orderId: string) {
  const [row] = await db().select().from(fulfilments).where(eq(fulfilments.orderId, orderId));
  return row!;
}

async function statusOf(orderId: string) {
  const [row] = await db().select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return row!.status;
}

async function refundsOf(orderId: string) {
  return db()
    .select()
    .from(transactions)
    .where(and(eq(transactions.orderId, orderId), eq(transactions.type, "refund")));
}

async function makeDue() {
  await db().update(fulfilments).set({ nextAttemptAt: sql`now() - interval '1 second'` });
}

/** The order's submission refused until it gave up: held (product rules 14.12). */
async function heldOrder() {
  const placed = await likesOrder();
  panelA.refuseAdds = 1_000;
  await runFulfilmentRound(db(), ROUND);
  await db()
    .update(fulfilments)
    .set({ attempts: MAX_SUBMIT_ATTEMPTS - 1 })
    .where(eq(fulfilments.orderId, placed.order.id));
  await makeDue();
  await runFulfilmentRound(db(), ROUND);
  expect(await partOf(placed.order.id)).toMatchObject({ state: "needs_attention" });
  panelA.refuseAdds = 0;
  return placed;
}

async function pastDeadline(orderId: string) {
  await db()
    .update(fulfilments)
    .set({ refundDueAt: sql`now() - interval '1 second'` })
    .where(eq(fulfilments.orderId, orderId));
}

describe("the provider form checks the key first (rules 14.10)", () => {
  it("refuses a wrong key with the panel's own reason, an address that does not answer and one that is no panel; nothing is saved", async () => {
    const wrongKey = await addPanel("Wrong key", serverA.url, "not-the-key");
    expect(wrongKey.added).toMatchObject({
      ok: false,
      title: "Provider not saved",
      message: 'The provider refused this key: "Incorrect API key"',
      fieldErrors: { apiKey: 'The provider refused this key: "Incorrect API key"' },
    });
    const unreachable = await addPanel("Nowhere", "http://127.0.0.1:9/api/v2", KEY_A);
    expect(unreachable.added).toMatchObject({ ok: false, title: "Provider not saved" });
    if (unreachable.added.ok) throw new Error("saved");
    expect(unreachable.added.fieldErrors?.apiUrl).toMatch(
      /^The address did not answer as a provider's panel: "No answer from the provider \(.+\)"$/,
    );
    const noPanel = await addPanel("Web server", notAPanel.url, KEY_A);
    expect(noPanel.added).toMatchObject({
      ok: false,
      fieldErrors: {
        apiUrl: `The address did not answer as a provider's panel: "The provider answered HTTP 200 without JSON"`,
      },
    });
    expect(await db().select().from(providers)).toEqual([]);
  });

  it("saves a provider whose panel accepts the key with the balance it read; an edit checks a new key or address only", async () => {
    const { added, adminId } = await addPanel("Panel A", serverA.url, KEY_A);
    if (!added.ok) throw new Error(added.message);
    const [stored] = await db().select().from(providers).where(eq(providers.id, added.providerId));
    expect(stored).toMatchObject({ balance: "100.84", balanceCurrency: "USD", currency: "USD" });
    expect(stored?.balanceCheckedAt).toBeInstanceOf(Date);
    expect(balanceCalls).toBe(1);

    const fields = {
      name: "Panel A renamed",
      apiUrl: serverA.url,
      apiKey: "",
      supportsIdempotency: true,
      markupPercent: "50",
      markupMinPer1000: "0",
      onRateRise: "follow" as const,
    };
    const renamed = await updateProvider(db(), { adminId, providerId: added.providerId, provider: fields });
    expect(renamed.ok).toBe(true);
    expect(balanceCalls).toBe(1);

    const wrong = await updateProvider(db(), {
      adminId,
      providerId: added.providerId,
      provider: { ...fields, apiKey: "a-wrong-key" },
    });
    expect(wrong).toMatchObject({ ok: false, message: 'The provider refused this key: "Incorrect API key"' });
    const [kept] = await db().select().from(providers).where(eq(providers.id, added.providerId));
    expect(kept?.apiKeyHint).toBe("1234");
    expect(kept?.name).toBe("Panel A renamed");
  });
});

describe("a retrying submission on the admin's order row (rules 14.11)", () => {
  it("shows the provider's reason, the next attempt and which attempt it is", async () => {
    await twoPanels();
    const { order } = await likesOrder();
    keyAcceptedByA = "the-key-changed-upstream";
    await runFulfilmentRound(db(), ROUND);
    await makeDue();
    await runFulfilmentRound(db(), ROUND);
    const part = await partOf(order.id);
    const page = await readAdminOrdersPage(db());
    const row = page.orders.find((listed) => listed.id === order.id);
    expect(row?.trouble).toEqual({
      kind: "retrying",
      reason: "Incorrect API key",
      nextAttemptAt: part.nextAttemptAt.toISOString(),
      attempt: 3,
      of: MAX_SUBMIT_ATTEMPTS,
    });
    expect(PROVIDER_TEXT.retrying("Incorrect API key", "14:32 UTC", 3, 6)).toBe(
      "Retrying: Incorrect API key, next attempt 14:32 UTC (attempt 3 of 6)",
    );
    // The customer's order keeps its ordinary status.
    expect(await statusOf(order.id)).toBe("pending");
  });
});

describe("a submission that gave up (rules 14.12, 14.13)", () => {
  it("is held with its reason and deadline, listed in Needs manual work, then failed and refunded once by the sweep", async () => {
    await twoPanels();
    const { customer, order } = await heldOrder();
    const part = await partOf(order.id);
    expect(part.lastError).toBe("Not enough funds on balance");
    expect(await statusOf(order.id)).toBe("pending");
    expect(await balanceOf(customer.id)).toBe(940);
    const work = await readManualWork(db());
    expect(work.held).toMatchObject([
      { fulfilmentId: part.id, lastError: "Not enough funds on balance", refundDueAt: part.refundDueAt },
    ]);
    const row = (await readAdminOrdersPage(db())).orders.find((listed) => listed.id === order.id);
    expect(row?.trouble).toEqual({
      kind: "held",
      reason: "Not enough funds on balance",
      refundDueAt: part.refundDueAt?.toISOString(),
    });
    // Before its deadline the sweep leaves it.
    expect(await failOverdueHeldParts(db(), partOutcomes)).toBe(0);

    await pastDeadline(order.id);
    const [first, second] = await Promise.all([
      failOverdueHeldParts(db(), partOutcomes),
      failOverdueHeldParts(db(), partOutcomes),
    ]);
    expect(first + second).toBe(1);
    expect(await statusOf(order.id)).toBe("failed");
    expect(await refundsOf(order.id)).toHaveLength(1);
    expect(await balanceOf(customer.id)).toBe(1_000);
    expect(await failOverdueHeldParts(db(), partOutcomes)).toBe(0);
  });

  it("is cancelled at once when its customer cancels: nothing upstream to ask, refunded once, the sweep finds nothing", async () => {
    await twoPanels();
    const { customer, order } = await heldOrder();
    expect(await cancelOrder(db(), { orderId: order.id, by: { customerId: customer.id } })).toMatchObject({
      ok: true,
      outcome: "cancelled",
    });
    expect(await partOf(order.id)).toMatchObject({ state: "done", outcome: "cancelled", refundDueAt: null });
    expect(await statusOf(order.id)).toBe("cancelled");
    expect(await balanceOf(customer.id)).toBe(1_000);
    await pastDeadline(order.id);
    expect(await failOverdueHeldParts(db(), partOutcomes)).toBe(0);
    expect(await refundsOf(order.id)).toHaveLength(1);
  });

  it("holds for the hours the Settings form sets: whole hours from 0 to 168", async () => {
    const admin = await createUser({ admin: true });
    const shop = { minDepositCents: "10", maxDepositCents: "10000", newUserBonusCents: "0" };
    expect((await readSettings(db())).refundHoldHours).toBe(6);
    for (const typed of ["1.5", "abc", "169", "-1"])
      expect(
        await saveSettingsFromForm(db(), {
          adminId: admin.id,
          part: "shop",
          form: { ...shop, refundHoldHours: typed },
        }),
      ).toMatchObject({ ok: false, fieldErrors: { refundHoldHours: SETTINGS_TEXT.badRefundHold } });
    const saved = await saveSettingsFromForm(db(), {
      adminId: admin.id,
      part: "shop",
      form: { ...shop, refundHoldHours: "12" },
    });
    expect(saved.ok).toBe(true);
    expect((await readSettings(db())).refundHoldHours).toBe(12);
  });

  it("with a hold of 0 hours fails and refunds at once, as before", async () => {
    const { adminId } = await twoPanels();
    await saveSettings(db(), { adminId, values: { refundHoldHours: 0 } });
    const { customer, order } = await likesOrder();
    panelA.refuseAdds = 1_000;
    await runFulfilmentRound(db(), ROUND);
    await db()
      .update(fulfilments)
      .set({ attempts: MAX_SUBMIT_ATTEMPTS - 1 });
    await makeDue();
    await runFulfilmentRound(db(), ROUND);
    expect(await statusOf(order.id)).toBe("failed");
    expect(await balanceOf(customer.id)).toBe(1_000);
  });

  it("races two sweeps and an admin's resend at its deadline: resent or refunded, never both, never twice", async () => {
    const { adminId, providerB } = await twoPanels();
    const outcomes = { resent: 0, refunded: 0 };
    for (let round = 0; round < 8; round++) {
      const { customer, order } = await heldOrder();
      const part = await partOf(order.id);
      await pastDeadline(order.id);
      const [resend] = await Promise.all([
        resendOrderPart(db(), {
          adminId,
          fulfilmentId: part.id,
          providerId: providerB,
          providerServiceId: "21",
        }),
        failOverdueHeldParts(db(), partOutcomes),
        failOverdueHeldParts(db(), partOutcomes),
      ]);
      const refunds = await refundsOf(order.id);
      if (resend.ok) {
        outcomes.resent++;
        expect(refunds).toHaveLength(0);
        expect(await partOf(order.id)).toMatchObject({ state: "queued", providerId: providerB });
        expect(await statusOf(order.id)).toBe("pending");
        expect(await balanceOf(customer.id)).toBe(940);
      } else {
        outcomes.refunded++;
        expect(resend).toMatchObject({ ok: false, message: PROVIDER_TEXT.notResendable.message });
        expect(refunds).toHaveLength(1);
        expect(await statusOf(order.id)).toBe("failed");
        expect(await balanceOf(customer.id)).toBe(1_000);
      }
      // Whatever won, a later sweep changes nothing.
      expect(await failOverdueHeldParts(db(), partOutcomes)).toBe(0);
      expect(await refundsOf(order.id)).toHaveLength(refunds.length);
    }
    expect(outcomes.resent + outcomes.refunded).toBe(8);
  });
});

describe("resending a part (rules 14.14)", () => {
  it("sends a held part to another provider under a fresh key, records where it was, and completes there without a refund", async () => {
    const { adminId, providerA, providerB } = await twoPanels();
    const { customer, order } = await heldOrder();
    const held = await partOf(order.id);
    const resent = await resendOrderPart(db(), {
      adminId,
      fulfilmentId: held.id,
      providerId: providerB,
      providerServiceId: "21",
    });
    expect(resent).toMatchObject({ ok: true, notice: PROVIDER_TEXT.partResent("Panel B") });
    const queued = await partOf(order.id);
    expect(queued).toMatchObject({
      state: "queued",
      attempts: 0,
      providerId: providerB,
      providerServiceId: "21",
      lastError: null,
      refundDueAt: null,
    });
    expect(queued.idempotencyKey).not.toBe(held.idempotencyKey);
    const [audit] = await db()
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, "fulfilment.resent"));
    expect(audit).toMatchObject({ adminId, subjectId: providerB });
    expect(audit?.details).toMatchObject({
      fulfilment_id: held.id,
      from_provider_id: providerA,
      from_provider_service_id: "11",
      last_error: "Not enough funds on balance",
      provider_service_id: "21",
    });

    await runFulfilmentRound(db(), ROUND);
    const sent = await partOf(order.id);
    expect(sent.state).toBe("submitted");
    expect(panelA.orders.size).toBe(0);
    panelB.order(sent.providerOrderId).status = "Completed";
    panelB.order(sent.providerOrderId).remains = 0;
    await makeDue();
    await runFulfilmentRound(db(), ROUND);
    expect(await statusOf(order.id)).toBe("completed");
    expect(await refundsOf(order.id)).toHaveLength(0);
    expect(await balanceOf(customer.id)).toBe(940);
  });

  it("refuses a part its provider has (cancel it first), an order that ended, and a service the provider does not list", async () => {
    const { adminId, providerA, providerB } = await twoPanels();
    const { order } = await likesOrder();
    await runFulfilmentRound(db(), ROUND);
    const sent = await partOf(order.id);
    expect(sent.state).toBe("submitted");
    const input = { adminId, fulfilmentId: sent.id, providerId: providerA, providerServiceId: "11" };
    expect(await resendOrderPart(db(), input)).toMatchObject({
      ok: false,
      message: PROVIDER_TEXT.resendWithProvider.message,
    });
    panelA.order(sent.providerOrderId).status = "Canceled";
    await makeDue();
    await runFulfilmentRound(db(), ROUND);
    expect(await statusOf(order.id)).toBe("cancelled");
    expect(await resendOrderPart(db(), input)).toMatchObject({
      ok: false,
      message: PROVIDER_TEXT.notResendable.message,
    });

    const held = await heldOrder();
    const part = await partOf(held.order.id);
    // Panel B was synced: its catalogue lists 21 only.
    const { syncProviderNow } = await import("../../app/domain/fulfilment/sync-providers.server.ts");
    await syncProviderNow(db(), { providerId: providerB });
    expect(
      await resendOrderPart(db(), {
        adminId,
        fulfilmentId: part.id,
        providerId: providerB,
        providerServiceId: "99",
      }),
    ).toMatchObject({ ok: false, message: PROVIDER_TEXT.unknownProviderService.message });
    expect(
      await resendOrderPart(db(), {
        adminId,
        fulfilmentId: part.id,
        providerId: providerB,
        providerServiceId: "2 1",
      }),
    ).toMatchObject({ ok: false, fieldErrors: { providerServiceId: PROVIDER_TEXT.badProviderServiceId } });
    expect((await partOf(held.order.id)).state).toBe("needs_attention");
  });
});

describe("resending in bulk from the orders list (rules 14.14, 14.32)", () => {
  it("previews and resends each ticked order's held part to the provider it had; an order with nothing held is named", async () => {
    const { adminId, providerA } = await twoPanels();
    const first = await heldOrder();
    const second = await heldOrder();
    const plain = await likesOrder();
    const ids = [first.order.id, second.order.id, plain.order.id];

    const preview = await previewBulkResend(db(), ids);
    expect(preview.question).toBe(
      "Resend the held or failed parts of 2 orders? 2 parts go to their providers again; nothing is charged or refunded.",
    );
    expect(preview.details).toEqual([
      `${plain.order.orderNumber} will not change (nothing held or failed to resend).`,
    ]);

    const result = await resendOrdersInBulk(db(), { adminId, ids });
    expect(result.notice.message).toBe(
      `2 orders resent, 1 refused: ${plain.order.orderNumber} (nothing held or failed to resend).`,
    );
    for (const { order } of [first, second])
      expect(await partOf(order.id)).toMatchObject({ state: "queued", attempts: 0, providerId: providerA });
    await runFulfilmentRound(db(), ROUND);
    for (const { order } of [first, second]) expect((await partOf(order.id)).state).toBe("submitted");
    expect(await refundsOf(first.order.id)).toHaveLength(0);
    // Done once: a second bulk resend finds nothing held.
    const again = await resendOrdersInBulk(db(), { adminId, ids: [first.order.id] });
    expect(again.outcomes).toEqual([
      { label: first.order.orderNumber, result: "refused", reason: "nothing held or failed to resend" },
    ]);
  });
});

describe("resending a part that ended while its order goes on (rules 14.14)", () => {
  it("lists a failed part of a likes pack whose other part is still upstream, and resends it to completion", async () => {
    const { adminId, providerA } = await twoPanels();
    const mapped = await mapProviderService(db(), {
      adminId,
      providerId: providerA,
      providerServiceId: "12",
      serviceId: (await serviceBySlug("instagram-views")).id,
    });
    expect(mapped.ok).toBe(true);
    const customer = await createUser({ fundsCents: 5_000 });
    const placed = await placePackOrder(db(), {
      userId: customer.id,
      packCode: "small",
      targetLink: "https://www.instagram.com/p/FailuresPack/",
      deliverySpeed: "normal",
      extraLikes: false,
      extraViews: true,
      comments: 0,
    });
    if (!placed.ok) throw new Error(placed.message);
    await runFulfilmentRound(db(), ROUND);
    const parts = await db().select().from(fulfilments).where(eq(fulfilments.orderId, placed.order.id));
    expect(parts.map((part) => [part.part, part.state]).sort()).toEqual([
      ["likes", "submitted"],
      ["views", "submitted"],
    ]);
    const views = parts.find((part) => part.part === "views")!;
    panelA.order(views.providerOrderId).status = "Canceled";
    await makeDue();
    await runFulfilmentRound(db(), ROUND);
    expect(await statusOf(placed.order.id)).toBe("pending");
    const work = await readManualWork(db());
    expect(work.held).toMatchObject([{ fulfilmentId: views.id, state: "done", outcome: "cancelled" }]);

    expect(
      await resendOrderPart(db(), {
        adminId,
        fulfilmentId: views.id,
        providerId: providerA,
        providerServiceId: "12",
      }),
    ).toMatchObject({ ok: true });
    await runFulfilmentRound(db(), ROUND);
    for (const part of await db()
      .select()
      .from(fulfilments)
      .where(eq(fulfilments.orderId, placed.order.id))) {
      expect(part.state).toBe("submitted");
      panelA.order(part.providerOrderId).status = "Completed";
      panelA.order(part.providerOrderId).remains = 0;
    }
    await makeDue();
    await runFulfilmentRound(db(), ROUND);
    expect(await statusOf(placed.order.id)).toBe("completed");
    expect(await refundsOf(placed.order.id)).toHaveLength(0);
  });
});

describe("Mark resolved with the provider's order id (rules 14.15)", () => {
  it("follows the part under that id until it completes; an id with a space is refused; without one the order goes to a person", async () => {
    const { adminId } = await twoPanels();
    const { customer, order } = await heldOrder();
    const part = await partOf(order.id);
    // The admin found the order on the panel's side (placed there by hand, say).
    panelA.orders.set(4242, {
      service: "11",
      link: "https://www.instagram.com/p/Failures1/",
      quantity: 150,
      status: "In progress",
      remains: 150,
      form: {},
    });
    const bad = await settleHeldSubmission(db(), {
      adminId,
      fulfilmentId: part.id,
      decision: "resolve",
      providerOrderId: "42 42",
    });
    expect(bad).toMatchObject({
      ok: false,
      fieldErrors: { providerOrderId: PROVIDER_TEXT.badProviderOrderId },
    });
    const resolved = await settleHeldSubmission(db(), {
      adminId,
      fulfilmentId: part.id,
      decision: "resolve",
      providerOrderId: "4242",
    });
    expect(resolved).toMatchObject({ ok: true, notice: PROVIDER_TEXT.resolvedWithId("4242") });
    expect(await partOf(order.id)).toMatchObject({
      state: "submitted",
      providerOrderId: "4242",
      refundDueAt: null,
    });
    await runFulfilmentRound(db(), ROUND);
    expect(await statusOf(order.id)).toBe("in_progress");
    panelA.order("4242").status = "Completed";
    panelA.order("4242").remains = 0;
    await makeDue();
    await runFulfilmentRound(db(), ROUND);
    expect(await statusOf(order.id)).toBe("completed");
    expect(await refundsOf(order.id)).toHaveLength(0);
    expect(await balanceOf(customer.id)).toBe(940);

    // Without an id: as before, the order joins the manual queue and nothing polls it.
    const second = await heldOrder();
    const secondPart = await partOf(second.order.id);
    expect(
      await settleHeldSubmission(db(), { adminId, fulfilmentId: secondPart.id, decision: "resolve" }),
    ).toMatchObject({ ok: true });
    const [manual] = await db().select().from(orders).where(eq(orders.id, second.order.id));
    expect(manual?.delivery).toBe("manual");
    expect(await partOf(second.order.id)).toMatchObject({ state: "done", refundDueAt: null });
  });
});
