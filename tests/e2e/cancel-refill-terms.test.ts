import "../support/http.ts";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { fulfilments, orders, services } from "../../app/db/schema.ts";
import { mapProviderService } from "../../app/domain/fulfilment/provider-services.server.ts";
import { CANCEL_TEXT } from "../../app/domain/orders/cancel-rules.ts";
import { placeOrder } from "../../app/domain/orders/place-order.server.ts";
import { REFILL_TEXT } from "../../app/domain/refills/refill-rules.ts";
import { createApiKey } from "../../app/domain/reseller/api-keys.server.ts";
import { addProviderFromForm } from "../../app/routes/admin.providers.$providerId/provider-page-actions.server.ts";
import { type Browser, launchBrowser, type Page } from "../support/chromium.ts";
import { SLOW_WAIT_TIMEOUT_MS } from "../support/constants.ts";
import { type FakePanel, startFakePanel } from "../support/fake-panel.ts";
import { type OwnShop, startOwnShop } from "../support/own-shop.ts";
import { steerablePanel } from "../support/steerable-panel.ts";

/**
 * Cancel and refill as they really work (product rules 4.14-4.19, docs/decisions/046), in the browser and through
 * the API on the same orders: a cancel offered and honoured before anything was sent (the refund shown); no Cancel,
 * and the reason, for a started order of a provider service without cancels; the provider asked for one with
 * cancels, as the dialog says before the click; Refill offered on a refillable service's completed order and not
 * on a service without refill; the API's `services`, `cancel` and `refill` answering the same. The shop runs on a
 * database of its own with its worker on, so the provider never takes another file's orders. The rules case by
 * case: tests/integration/service-terms.test.ts and tests/unit/service-terms.test.ts.
 */

const KEY = `terms-key-${randomUUID()}`;
const upstream = steerablePanel({
  key: KEY,
  services: [
    { service: 21, name: "Likes", min: 10, max: 100_000, cancel: true, refill: true },
    { service: 22, name: "Followers", min: 10, max: 100_000, cancel: false, refill: false },
  ],
});
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };

let panel: FakePanel;
let browser: Browser;
let shop: OwnShop;

beforeAll(async () => {
  panel = await startFakePanel((form) => upstream.answer(form));
  shop = await startOwnShop({
    databaseName: "boostly_cancel_refill_terms",
    extraEnv: { WORKER: "inline", FULFILMENT_TICK_SECONDS: "0.5", FULFILMENT_POLL_SECONDS: "1" },
  });
  browser = await launchBrowser(inject("chromiumPath"));
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await shop?.close();
  await panel?.close();
});

function card(page: Page, orderNumber: string) {
  return page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: orderNumber }) });
}

async function serviceOf(slug: string) {
  const [service] = await shop.db.select().from(services).where(eq(services.slug, slug));
  if (!service) throw new Error(`no service ${slug}`);
  return service;
}

type Json = Record<string, unknown>;

async function callApi(params: Record<string, string>): Promise<unknown> {
  const response = await fetch(`${shop.appUrl}/api/v2`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(params),
  });
  expect(response.status).toBe(200);
  return response.json();
}

describe("cancel and refill as they really work", () => {
  it("offers each only where it can be honoured, says what will happen, and the API answers the same", async () => {
    const admin = await shop.account({ admin: true });
    const added = await addProviderFromForm(shop.db, {
      adminId: admin.id,
      form: { name: "Terms Panel", apiUrl: panel.url, apiKey: KEY, supportsIdempotency: "on" },
    });
    if (!added.ok) throw new Error(added.message);
    const likes = await serviceOf("instagram-likes");
    const followers = await serviceOf("instagram-followers");
    const views = await serviceOf("instagram-views");
    for (const [service, upstreamId] of [
      [likes, "21"],
      [followers, "22"],
    ] as const) {
      const mapped = await mapProviderService(shop.db, {
        adminId: admin.id,
        providerId: added.providerId,
        providerServiceId: upstreamId,
        serviceId: service.id,
      });
      if (!mapped.ok) throw new Error(mapped.message);
    }
    // Followers has no refill here; Likes keeps its window.
    await shop.db.update(services).set({ refillDays: null }).where(eq(services.id, followers.id));
    expect(likes.refillDays).not.toBeNull();

    const customer = await shop.account({ fundsCents: 5_000 });
    const place = async (serviceId: string, quantity: number, targetLink: string) => {
      const placed = await placeOrder(shop.db, {
        userId: customer.id,
        serviceId,
        quantity,
        targetLink,
        deliverySpeed: "normal",
      });
      if (!placed.ok) throw new Error(placed.message);
      return placed.order;
    };
    // Views has no provider: a person delivers it, and nothing has been sent.
    const notSent = await place(views.id, 1_000, "https://www.instagram.com/p/TermsViews/");
    const noCancels = await place(followers.id, 200, "https://www.instagram.com/terms_profile/");
    const withCancels = await place(likes.id, 200, "https://www.instagram.com/p/TermsLikes/");
    const partState = async (orderId: string) =>
      (await shop.db.select().from(fulfilments).where(eq(fulfilments.orderId, orderId)))[0]?.state;
    for (const order of [noCancels, withCancels])
      await expect
        .poll(() => partState(order.id), { timeout: SLOW_WAIT_TIMEOUT_MS, interval: 250 })
        .toBe("submitted");

    const { page, assertNoConsoleErrors } = await shop.signedInPage(browser, customer, PHONE);
    await shop.open(page, "/orders");

    // Started with a provider service that takes no cancels: no Cancel, and the card says why.
    const started = card(page, noCancels.orderNumber);
    await started.getByTestId("order-terms-note").filter({ hasText: CANCEL_TEXT.noCancelsNote }).waitFor();
    expect(await started.getByRole("button", { name: "Cancel order" }).count()).toBe(0);

    // With a provider that takes cancels: the dialog says the provider is asked, before the click.
    const asked = card(page, withCancels.orderNumber);
    await asked.getByRole("button", { name: "Cancel order" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel this order?" });
    expect(await dialog.textContent()).toContain(
      `We ask the provider to cancel ${withCancels.orderNumber}; a started order usually cannot be stopped.`,
    );
    await dialog.getByRole("button", { name: "Keep order" }).click();
    await dialog.waitFor({ state: "hidden" });

    // Not sent yet: it stops now with a full refund, as the dialog says, and it does.
    const pending = card(page, notSent.orderNumber);
    await pending.getByRole("button", { name: "Cancel order" }).click();
    expect(await dialog.textContent()).toContain(
      `${notSent.orderNumber} has not been sent for delivery yet: it stops now and $1.50 is refunded to your wallet in full.`,
    );
    await dialog.getByRole("button", { name: "Cancel order" }).click();
    await page.getByText("$1.50 refunded to your wallet.").first().waitFor();
    await pending.getByTestId("status-badge").filter({ hasText: "Cancelled" }).waitFor();
    expect(await pending.getByTestId("order-refunded").textContent()).toBe("$1.50");

    // The API: the services' terms, and the cancel refused for the same reason the card gives.
    const created = await createApiKey(shop.db, { userId: customer.id, name: "Terms panel" });
    if (!created.ok) throw new Error(created.message);
    const key = created.key;
    const listed = (await callApi({ key, action: "services" })) as Json[];
    const flags = (apiId: number) => {
      const entry = listed.find((service) => service.service === apiId);
      return entry && { refill: entry.refill, cancel: entry.cancel };
    };
    expect(flags(likes.apiId)).toEqual({ refill: true, cancel: true });
    expect(flags(followers.apiId)).toEqual({ refill: false, cancel: false });
    expect(flags(views.apiId)).toMatchObject({ cancel: true });
    // The packs are delivered by Instagram Likes: its terms, as their pages say.
    const packs = listed.filter((service) => service.type === "Package");
    expect(packs.length).toBeGreaterThan(0);
    for (const pack of packs) expect(pack).toMatchObject({ refill: true, cancel: true });
    const noCancelsId = noCancels.orderNumber.replace("ORD-", "");
    expect(await callApi({ key, action: "cancel", orders: noCancelsId })).toEqual([
      { order: Number(noCancelsId), cancel: { error: CANCEL_TEXT.providerTakesNoCancels.message } },
    ]);
    expect(upstream.cancelCalls).toEqual([]);

    // Both delivered: Refill only where the service has one.
    for (const order of [noCancels, withCancels]) {
      const [part] = await shop.db.select().from(fulfilments).where(eq(fulfilments.orderId, order.id));
      Object.assign(upstream.order(part!.providerOrderId), { status: "Completed", remains: 0 });
    }
    const statusOf = async (orderId: string) =>
      (await shop.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.status;
    for (const order of [noCancels, withCancels])
      await expect
        .poll(() => statusOf(order.id), { timeout: SLOW_WAIT_TIMEOUT_MS, interval: 250 })
        .toBe("completed");
    await page.reload();
    await page.waitForLoadState("networkidle");
    await started.getByTestId("order-terms-note").filter({ hasText: REFILL_TEXT.noRefillNote }).waitFor();
    expect(await started.getByRole("button", { name: "Request refill" }).count()).toBe(0);
    expect(await callApi({ key, action: "refill", order: noCancelsId })).toEqual({
      error: REFILL_TEXT.notAvailable,
    });

    await asked.getByRole("button", { name: "Request refill" }).click();
    await page
      .getByRole("dialog", { name: "Request a refill?" })
      .getByRole("button", { name: "Request refill" })
      .click();
    await page.getByText("Refill requested").first().waitFor();
    await asked.getByTestId("order-refill-status").filter({ hasText: "Pending" }).waitFor();
    expect(
      await callApi({ key, action: "refill", order: withCancels.orderNumber.replace("ORD-", "") }),
    ).toEqual({ error: REFILL_TEXT.inProgress });

    // The card reads at a phone's width and a laptop's, without sideways scrolling.
    for (const viewport of [PHONE, LAPTOP]) {
      await page.setViewportSize(viewport);
      expect(await started.getByTestId("order-terms-note").isVisible()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
    }
    assertNoConsoleErrors();
  });

  it("shows a service's terms before ordering: on its page and its order form", async () => {
    const { page, assertNoConsoleErrors } = await shop.signedInPage(
      browser,
      await shop.account({ fundsCents: 0 }),
      LAPTOP,
    );
    const followers = await serviceOf("instagram-followers");
    await shop.open(page, `/service/${followers.slug}`);
    const terms = page.getByTestId("service-terms");
    expect(await terms.getByRole("listitem").allTextContents()).toEqual([
      "No refill",
      "Cancel: within 30 minutes, only until it is sent to the provider",
    ]);
    await shop.open(page, `/order/${(await serviceOf("instagram-likes")).id}`);
    expect(await page.getByTestId("service-terms").getByRole("listitem").allTextContents()).toEqual([
      "Refill: 30 days",
      "Cancel: within 30 minutes; once sent, we ask the provider",
    ]);
    await shop.open(page, "/order/real-instagram-likes-big");
    expect(await page.getByTestId("service-terms").getByRole("listitem").first().textContent()).toBe(
      "Refill: 30 days",
    );
    assertNoConsoleErrors();
  });
});
