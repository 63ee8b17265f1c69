import "../support/worker-database.ts";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import {
  adminAuditLog,
  fulfilments,
  mailOutbox,
  orders,
  refillSubmissions,
  refills,
  services,
  simulatedProviderOrders,
  simulatedProviderRefills,
} from "../../app/db/schema.ts";
import { CONTENT_TEXT } from "../../app/domain/admin/content/messages.ts";
import { saveService } from "../../app/domain/admin/content/services-save.server.ts";
import { countManualWork, readManualWork } from "../../app/domain/admin/read-manual-work.server.ts";
import { ensureSimulatedProvider } from "../../app/domain/fulfilment/ensure-simulated-provider.server.ts";
import { addProvider } from "../../app/domain/fulfilment/manage-providers.server.ts";
import { mapProviderService } from "../../app/domain/fulfilment/provider-services.server.ts";
import { runFulfilmentRound } from "../../app/domain/order-lifecycle/run-fulfilment-round.server.ts";
import { placeOrder } from "../../app/domain/orders/place-order.server.ts";
import { setOrderStatus } from "../../app/domain/orders/set-order-status.server.ts";
import { decideManualRefillFromForm } from "../../app/domain/refills/manual-refills.server.ts";
import { latestRefillsOfOrders } from "../../app/domain/refills/read-refills.server.ts";
import { requestRefill } from "../../app/domain/refills/request-refill.server.ts";
import { createUser, serviceId } from "../support/factories.ts";
import { type FakePanel, startFakePanel } from "../support/fake-panel.ts";
import { steerablePanel } from "../support/steerable-panel.ts";
import { resetDatabase } from "../support/worker-database.ts";

const ROUND = { leaseSeconds: 60, pollSeconds: 30 };

const panel = steerablePanel({
  key: "refill-panel-key-1234",
  services: [{ service: 21, name: "Panel Likes", rate: "1.2000", min: 10, max: 5000 }],
});
let panelServer: FakePanel;

beforeAll(async () => {
  panelServer = await startFakePanel((form) => panel.answer(form));
});
afterAll(() => panelServer.close());

beforeEach(async () => {
  await resetDatabase();
  panel.reset();
});

/** A paid order of `service` (150 units), by a new customer; delivered by hand unless a provider is mapped. */
async function paidOrder(service = "Instagram Likes") {
  const customer = await createUser({ fundsCents: 10_000 });
  const placed = await placeOrder(db(), {
    userId: customer.id,
    serviceId: await serviceId(service),
    quantity: 150,
    targetLink: "https://www.instagram.com/p/Refill1/",
    deliverySpeed: "normal",
  });
  if (!placed.ok) throw new Error(placed.message);
  return { customer, order: placed.order };
}

/** A manual order that ended `status` `daysAgo` days ago. */
async function endedOrder(
  options: { status?: "completed" | "partial"; daysAgo?: number; service?: string } = {},
) {
  const placed = await paidOrder(options.service);
  const ended = await setOrderStatus(db(), {
    orderId: placed.order.id,
    status: options.status ?? "completed",
    remains: 20,
  });
  expect(ended.ok).toBe(true);
  if (options.daysAgo)
    await db()
      .update(orders)
      .set({ endedAt: sql`now() - make_interval(days => ${options.daysAgo})` })
      .where(eq(orders.id, placed.order.id));
  return placed;
}

async function refillRow(id: number) {
  const [row] = await db().select().from(refills).where(eq(refills.id, id));
  return row!;
}

async function makeDue() {
  await db().update(fulfilments).set({ nextAttemptAt: sql`now() - interval '1 second'` });
  await db().update(refillSubmissions).set({ nextAttemptAt: sql`now() - interval '1 second'` });
}

describe("asking a refill (product rules 4.7)", () => {
  it("sets ended_at when an order reaches a final status, and not before", async () => {
    const { order } = await paidOrder();
    await setOrderStatus(db(), { orderId: order.id, status: "in_progress" });
    const [running] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(running!.endedAt).toBeNull();
    await setOrderStatus(db(), { orderId: order.id, status: "completed" });
    const [ended] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(ended!.endedAt).toBeInstanceOf(Date);
  });

  it("is refused with a code for each rule: status, refillable service, window, owner", async () => {
    const running = await paidOrder();
    expect(
      await requestRefill(db(), { userId: running.customer.id, orderId: running.order.id }),
    ).toMatchObject({
      ok: false,
      kind: "conflict",
      code: "refill_order_not_ended",
      message: "Only a completed or partial order can be refilled",
    });

    const views = await endedOrder({ service: "Instagram Views" });
    expect(await requestRefill(db(), { userId: views.customer.id, orderId: views.order.id })).toMatchObject({
      ok: false,
      kind: "invalid",
      code: "refill_not_available",
      message: "Refill is not available for this service",
    });

    const old = await endedOrder({ daysAgo: 31 });
    expect(await requestRefill(db(), { userId: old.customer.id, orderId: old.order.id })).toMatchObject({
      ok: false,
      code: "refill_window_passed",
      message: "The 30-day refill window of this order has passed",
    });

    const recent = await endedOrder({ daysAgo: 29 });
    const stranger = await createUser();
    expect(await requestRefill(db(), { userId: stranger.id, orderId: recent.order.id })).toMatchObject({
      ok: false,
      kind: "not_found",
      code: "order_not_found",
    });
    expect(await requestRefill(db(), { userId: stranger.id, orderId: "not-a-uuid" })).toMatchObject({
      kind: "not_found",
    });
    expect(await requestRefill(db(), { userId: recent.customer.id, orderId: recent.order.id })).toMatchObject(
      {
        ok: true,
        refill: { status: "pending", delivery: "manual" },
      },
    );
    // Cancelled orders delivered nothing: nothing to refill.
    const cancelled = await paidOrder();
    await setOrderStatus(db(), { orderId: cancelled.order.id, status: "cancelled" });
    expect(
      await requestRefill(db(), { userId: cancelled.customer.id, orderId: cancelled.order.id }),
    ).toMatchObject({ code: "refill_order_not_ended" });
  });

  it("follows the service's own window, which an admin may change or remove", async () => {
    const placed = await endedOrder({ status: "partial", daysAgo: 10 });
    const likes = await serviceId("Instagram Likes");
    await db().update(services).set({ refillDays: 7 }).where(eq(services.id, likes));
    expect(await requestRefill(db(), { userId: placed.customer.id, orderId: placed.order.id })).toMatchObject(
      { code: "refill_window_passed", message: "The 7-day refill window of this order has passed" },
    );
    await db().update(services).set({ refillDays: null }).where(eq(services.id, likes));
    expect(await requestRefill(db(), { userId: placed.customer.id, orderId: placed.order.id })).toMatchObject(
      { code: "refill_not_available" },
    );
    await db().update(services).set({ refillDays: 14 }).where(eq(services.id, likes));
    expect(await requestRefill(db(), { userId: placed.customer.id, orderId: placed.order.id })).toMatchObject(
      {
        ok: true,
      },
    );
  });

  it("keeps one open refill per order, even when requests race", async () => {
    const { customer, order } = await endedOrder();
    const racing = await Promise.all(
      Array.from({ length: 6 }, () => requestRefill(db(), { userId: customer.id, orderId: order.id })),
    );
    expect(racing.filter((answer) => answer.ok)).toHaveLength(1);
    for (const answer of racing.filter((answer) => !answer.ok))
      expect(answer).toMatchObject({ kind: "conflict", code: "refill_in_progress" });
    expect(await db().select().from(refills).where(eq(refills.orderId, order.id))).toHaveLength(1);
    expect(await requestRefill(db(), { userId: customer.id, orderId: order.id })).toMatchObject({
      code: "refill_in_progress",
      message: "A refill of this order is already in progress",
    });
  });
});

describe("the services form's refill window", () => {
  it("is saved in days, empty for a service that is not refillable, refused outside 1 to 365, and audited", async () => {
    const admin = await createUser({ admin: true });
    const form = (refillDays: string) => ({
      name: "Refill Test Likes",
      platform: "threads",
      serviceType: "one_time",
      targetKind: "post",
      pricePer1000: "4",
      minQuantity: "10",
      maxQuantity: "1000",
      refillDays,
      enabled: "on",
    });
    for (const bad of ["0", "366", "abc", "1.5"])
      expect(await saveService(db(), { adminId: admin.id, form: form(bad) }), bad).toMatchObject({
        ok: false,
        fieldErrors: { refillDays: CONTENT_TEXT.badRefillDays },
      });
    const created = await saveService(db(), { adminId: admin.id, form: form("45") });
    if (!created.ok) throw new Error(created.message);
    const [row] = await db().select().from(services).where(eq(services.name, "Refill Test Likes"));
    expect(row!.refillDays).toBe(45);
    const updated = await saveService(db(), { adminId: admin.id, serviceId: row!.id, form: form("") });
    expect(updated.ok).toBe(true);
    const [after] = await db().select().from(services).where(eq(services.id, row!.id));
    expect(after!.refillDays).toBeNull();
    const [audit] = await db()
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "service.update"), eq(adminAuditLog.subjectId, row!.id)));
    expect(audit!.details).toMatchObject({ refill_days: { from: 45, to: null } });
  });

  it("is seeded at the promised 30 days on the services whose features promise it, and none elsewhere", async () => {
    const seeded = await db()
      .select({ name: services.name, refillDays: services.refillDays, features: services.features })
      .from(services);
    for (const service of seeded)
      expect(service.refillDays, service.name).toBe(service.features.includes("30-day refill") ? 30 : null);
    expect(seeded.find((service) => service.name === "Instagram Likes")?.refillDays).toBe(30);
  });
});

describe("a manual order's refill", () => {
  it("is listed for admins, who complete or reject it once, audited; then the order may be refilled again", async () => {
    const admin = await createUser({ admin: true });
    const { customer, order } = await endedOrder();
    const asked = await requestRefill(db(), { userId: customer.id, orderId: order.id });
    if (!asked.ok) throw new Error(asked.message);
    expect(asked.refill.delivery).toBe("manual");

    const work = await readManualWork(db());
    expect(work.refills).toMatchObject([
      { id: asked.refill.id, orderNumber: order.orderNumber, status: "pending" },
    ]);
    expect(work.refillsTotal).toBe(1);
    expect(await countManualWork(db())).toBe(1);

    const form = { intent: "refill-decision", refillId: String(asked.refill.id), decision: "completed" };
    expect(await decideManualRefillFromForm(db(), { adminId: admin.id, form })).toMatchObject({
      ok: true,
      notice: { title: "Refill completed" },
    });
    expect(await refillRow(asked.refill.id)).toMatchObject({
      status: "completed",
      decidedByAdminId: admin.id,
    });
    expect((await refillRow(asked.refill.id)).endedAt).toBeInstanceOf(Date);
    expect(await decideManualRefillFromForm(db(), { adminId: admin.id, form })).toMatchObject({
      ok: false,
      notice: { message: "This refill has already ended." },
    });
    const audit = await db()
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "refill.completed"), eq(adminAuditLog.subjectType, "refill")));
    expect(audit).toMatchObject([{ adminId: admin.id, subjectId: String(asked.refill.id) }]);
    expect((await readManualWork(db())).refills).toEqual([]);

    const again = await requestRefill(db(), { userId: customer.id, orderId: order.id });
    if (!again.ok) throw new Error(again.message);
    expect(
      await decideManualRefillFromForm(db(), {
        adminId: admin.id,
        form: {
          intent: "refill-decision",
          refillId: String(again.refill.id),
          decision: "rejected",
          note: "Link is private",
        },
      }),
    ).toMatchObject({ ok: true, notice: { title: "Refill rejected" } });
    expect(await refillRow(again.refill.id)).toMatchObject({ status: "rejected", error: "Link is private" });
    const latest = await latestRefillsOfOrders(db(), { userId: customer.id, orderIds: [order.id] });
    expect(latest.get(order.id)).toMatchObject({ id: again.refill.id, status: "rejected" });
  });

  it("refuses a malformed decision form", async () => {
    const admin = await createUser({ admin: true });
    expect(
      await decideManualRefillFromForm(db(), {
        adminId: admin.id,
        form: { intent: "refill-decision", refillId: "1", decision: "maybe" },
      }),
    ).toMatchObject({ ok: false });
    expect(
      await decideManualRefillFromForm(db(), {
        adminId: admin.id,
        form: { intent: "refill-decision", refillId: "999999", decision: "completed" },
      }),
    ).toMatchObject({
      ok: false,
      notice: { message: "This refill does not exist or is not one a person does." },
    });
  });
});

describe("a provider order's refill", () => {
  /** An Instagram Likes order delivered by the simulated provider, ended Completed. */
  async function simulatedOrder() {
    await ensureSimulatedProvider(db());
    const placed = await paidOrder();
    await runFulfilmentRound(db(), ROUND);
    await db()
      .update(simulatedProviderOrders)
      .set({ outcome: "completed", createdAt: sql`now() - interval '1 hour'` });
    await makeDue();
    await runFulfilmentRound(db(), ROUND);
    const [ended] = await db().select().from(orders).where(eq(orders.id, placed.order.id));
    expect(ended).toMatchObject({ status: "completed", delivery: "provider" });
    return placed;
  }

  it("is forwarded to the simulated provider with `refill`, followed with `refill_status` and completes", async () => {
    const { customer, order } = await simulatedOrder();
    const asked = await requestRefill(db(), { userId: customer.id, orderId: order.id });
    if (!asked.ok) throw new Error(asked.message);
    expect(asked.refill).toMatchObject({ delivery: "provider", status: "pending" });
    const [part] = await db().select().from(fulfilments).where(eq(fulfilments.orderId, order.id));
    const [queued] = await db().select().from(refillSubmissions);
    expect(queued).toMatchObject({ state: "queued", providerOrderId: part!.providerOrderId });

    const report = await runFulfilmentRound(db(), ROUND);
    expect(report.refillsSent).toBe(1);
    const upstream = await db().select().from(simulatedProviderRefills);
    expect(upstream).toHaveLength(1);
    expect(upstream[0]!.orderId).toBe(Number(part!.providerOrderId));
    const [sent] = await db().select().from(refillSubmissions);
    expect(sent).toMatchObject({
      state: "submitted",
      providerRefillId: String(upstream[0]!.id),
      upstreamStatus: "Pending",
    });
    expect(await refillRow(asked.refill.id)).toMatchObject({ status: "pending" });

    // Halfway through its planned life: In progress.
    await db()
      .update(simulatedProviderRefills)
      .set({ durationSeconds: 100, createdAt: sql`now() - interval '50 seconds'` });
    await makeDue();
    await runFulfilmentRound(db(), ROUND);
    expect(await refillRow(asked.refill.id)).toMatchObject({ status: "in_progress" });

    await db().update(simulatedProviderRefills).set({ createdAt: sql`now() - interval '1 hour'` });
    await makeDue();
    await runFulfilmentRound(db(), ROUND);
    const done = await refillRow(asked.refill.id);
    expect(done).toMatchObject({ status: "completed", error: null });
    expect(done.endedAt).toBeInstanceOf(Date);
    const [closed] = await db().select().from(refillSubmissions);
    expect(closed).toMatchObject({ state: "done", outcome: "completed", upstreamStatus: "Completed" });

    // Ended: no more polls; a new refill may be asked. The customer was told once (product rules 6.6).
    await makeDue();
    expect((await runFulfilmentRound(db(), ROUND)).refillsPolled).toBe(0);
    const refillMails = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `Refill of order ${order.orderNumber} completed`));
    expect(refillMails.map((mail) => mail.to)).toEqual([customer.email]);
    expect(await requestRefill(db(), { userId: customer.id, orderId: order.id })).toMatchObject({ ok: true });
  });

  /** The steerable panel as a provider for Instagram Likes, with one order of it delivered Completed. */
  async function panelOrder() {
    const admin = await createUser();
    const added = await addProvider(db(), {
      adminId: admin.id,
      form: {
        name: "Refill Panel",
        apiUrl: panelServer.url,
        apiKey: "refill-panel-key-1234",
        supportsIdempotency: "on",
      },
    });
    if (!added.ok) throw new Error(added.message);
    const mapped = await mapProviderService(db(), {
      adminId: admin.id,
      providerId: added.providerId,
      providerServiceId: "21",
      serviceId: await serviceId("Instagram Likes"),
    });
    expect(mapped.ok).toBe(true);
    const placed = await paidOrder();
    await runFulfilmentRound(db(), ROUND);
    const [part] = await db().select().from(fulfilments).where(eq(fulfilments.orderId, placed.order.id));
    panel.order(part!.providerOrderId).status = "Completed";
    Object.assign(panel.order(part!.providerOrderId), { remains: 0 });
    await makeDue();
    await runFulfilmentRound(db(), ROUND);
    return { ...placed, providerOrderId: part!.providerOrderId ?? "" };
  }

  it("follows a peer panel's status words and ends with its answer", async () => {
    const { customer, order, providerOrderId } = await panelOrder();
    const asked = await requestRefill(db(), { userId: customer.id, orderId: order.id });
    if (!asked.ok) throw new Error(asked.message);
    await runFulfilmentRound(db(), ROUND);
    expect(panel.refillCalls).toEqual([providerOrderId]);
    const [sent] = await db().select().from(refillSubmissions);
    const panelRefill = panel.refills.get(Number(sent!.providerRefillId))!;
    expect(panelRefill.order).toBe(Number(providerOrderId));

    panelRefill.status = "In progress";
    await makeDue();
    await runFulfilmentRound(db(), ROUND);
    expect(await refillRow(asked.refill.id)).toMatchObject({ status: "in_progress" });

    panelRefill.status = "Rejected";
    await makeDue();
    await runFulfilmentRound(db(), ROUND);
    expect(await refillRow(asked.refill.id)).toMatchObject({
      status: "rejected",
      error: 'The provider answered "Rejected"',
    });
    // One request to the panel: a refill is sent once.
    expect(panel.refillCalls).toHaveLength(1);
  });

  it("is rejected with the provider's reason when the provider refuses it", async () => {
    const { customer, order } = await panelOrder();
    panel.refuseRefills = "Refill is disabled for this service";
    const asked = await requestRefill(db(), { userId: customer.id, orderId: order.id });
    if (!asked.ok) throw new Error(asked.message);
    await runFulfilmentRound(db(), ROUND);
    expect(await refillRow(asked.refill.id)).toMatchObject({
      status: "rejected",
      error: "Refill is disabled for this service",
    });
    const [rejectedMail, ...more] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `Refill of order ${order.orderNumber} rejected`));
    expect(more).toHaveLength(0);
    expect(rejectedMail?.text).toContain("Reason: Refill is disabled for this service");
    const [part] = await db().select().from(refillSubmissions);
    expect(part).toMatchObject({ state: "done", outcome: "rejected", providerRefillId: null });
    // A rejected refill is not open: the customer may ask again.
    panel.refuseRefills = null;
    expect(await requestRefill(db(), { userId: customer.id, orderId: order.id })).toMatchObject({ ok: true });
  });
});
