import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { fulfilments, orders, providers } from "../../app/db/schema.ts";
import { closeOrderPart } from "../../app/domain/orders/close-order-part.server.ts";
import { placeOrder } from "../../app/domain/orders/place-order.server.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { createApiKey } from "../../app/domain/reseller/api-keys.server.ts";
import { postLedgerEntry } from "../../app/domain/wallet/post-ledger-entry.server.ts";
import { signInAs } from "../support/browser-sign-in.ts";
import { type Browser, launchBrowser, openPage } from "../support/chromium.ts";
import { serviceBySlug } from "../support/factories.ts";
import { appUrl, createAccount } from "../support/http.ts";

// A delivery speed that paces the order, said before Place Order, and a drip-feed order's progress run by run on
// /orders and in the API (product rules 4.20 to 4.22; docs/decisions/047).

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(inject("chromiumPath"));
});
afterAll(async () => {
  await browser?.close();
});

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
];
const screenshots = process.env.SCREENSHOTS_DIR;

async function fundedAccount(amountCents: number) {
  const account = await createAccount();
  await db().transaction((tx) =>
    postLedgerEntry(tx, { userId: account.id, type: "adjustment", amountCents: cents(amountCents) }),
  );
  return account;
}

describe("the order page's delivery speed (product rules 4.20)", () => {
  for (const viewport of VIEWPORTS)
    it(`says what the speed does, offers only what applies and gives way to drip-feed, at ${viewport.width} px`, async () => {
      const { page, assertNoConsoleErrors } = await openPage(browser, { viewport });
      const account = await fundedAccount(2_000);
      const post = `https://www.instagram.com/p/Pace${randomUUID().slice(0, 8)}/`;

      // Instagram Views: $1.50 per 1000, at least 100 a run, drip-feed allowed.
      await signInAs(page, account, "/order/instagram-views");
      const main = page.getByRole("main");
      const pace = page.getByTestId("delivery-pace");
      await main.getByLabel("Target URL").fill(post);
      await main.getByLabel("Quantity").fill("1000");
      await pace
        .filter({
          hasText:
            "Normal: 1,000 delivered in 9 runs of about 111, one every 6 hours, finishing within 2-3 days.",
        })
        .waitFor();
      await main.getByText("Slow", { exact: true }).click();
      await pace.filter({ hasText: "Slow: 1,000 delivered in 10 runs of about 100" }).waitFor();
      await main.getByText("Fast", { exact: true }).click();
      await pace.filter({ hasText: "Fast: all 1,000 sent to the provider at once" }).waitFor();

      // Too small to spread: Slow and Normal are offered disabled with the quantity they start at.
      await main.getByText("Normal", { exact: true }).click();
      await main.getByLabel("Quantity").fill("200");
      await pace.filter({ hasText: "Fast: all 200 sent to the provider at once" }).waitFor();
      expect(await main.getByRole("radio", { name: /Normal/ }).isDisabled()).toBe(true);
      expect(await main.getByRole("radio", { name: /Slow/ }).isDisabled()).toBe(true);
      await main.getByText("From 300").waitFor();
      await main.getByText("From 600").waitFor();
      if (screenshots)
        await page.screenshot({
          path: `${screenshots}/order-too-small-${viewport.width}.png`,
          fullPage: true,
        });

      // Back to 1,000: the Normal chosen applies again. Drip-feed replaces the speed, and the page says so.
      await main.getByLabel("Quantity").fill("1000");
      await pace.filter({ hasText: "Normal: 1,000 delivered in 9 runs" }).waitFor();
      if (screenshots)
        await page.screenshot({ path: `${screenshots}/order-speed-${viewport.width}.png`, fullPage: true });
      await main.getByLabel("Drip-feed").check();
      await pace
        .filter({ hasText: "Drip-feed sets the pace of this order: the delivery speed does not apply." })
        .waitFor();
      expect(await main.getByText("Delivery Speed", { exact: true }).count()).toBe(0);
      if (screenshots)
        await page.screenshot({
          path: `${screenshots}/order-drip-feed-${viewport.width}.png`,
          fullPage: true,
        });
      await main.getByLabel("Drip-feed").uncheck();
      await pace.filter({ hasText: "Normal: 1,000 delivered in 9 runs" }).waitFor();

      await main.getByRole("button", { name: "Place Order" }).click();
      await page.waitForURL((url) => url.pathname === "/dashboard");
      const [order] = await db().select().from(orders).where(eq(orders.targetLink, post));
      expect(order).toMatchObject({
        quantity: 1_000,
        deliverySpeed: "normal",
        paced: true,
        runs: 9,
        intervalMinutes: 360,
        totalCents: 150,
      });

      // The order says its pace on /orders.
      await page.goto(`${appUrl}/orders?q=${order!.orderNumber}`);
      const card = page.getByTestId("customer-order").filter({ hasText: order!.orderNumber });
      expect(await card.getByTestId("order-delivery").textContent()).toBe(
        "Delivery: Normal (2-3 days): 9 runs of about 111, one every 6 hours",
      );
      expect(await card.getByTestId("order-runs").textContent()).toBe("Runs delivered: 0 of 9");
      assertNoConsoleErrors();
    });
});

describe("a drip-feed order's progress (product rules 4.21)", () => {
  it("moves run by run on /orders and in the API's status, at 390 and 1366 px", async () => {
    const account = await fundedAccount(2_000);
    const views = await serviceBySlug("instagram-views");
    const post = `https://www.instagram.com/p/Runs${randomUUID().slice(0, 8)}/`;
    // 3 runs of 100 Instagram Views. The test servers run no worker and no provider: the runs' submissions are
    // written as the order statement writes them for a mapped service, and ended as a provider's answers end them.
    const placed = await placeOrder(db(), {
      userId: account.id,
      serviceId: views.id,
      quantity: 100,
      targetLink: post,
      deliverySpeed: "normal",
      dripFeed: { runs: 3, intervalMinutes: 60 },
    });
    if (!placed.ok) throw new Error(placed.message);
    const [provider] = await db()
      .insert(providers)
      .values({
        name: `Runs ${randomUUID()}`,
        apiUrl: "http://127.0.0.1:9/api/v2",
        apiKeyEncrypted: "x",
        apiKeyHint: "x",
      })
      .returning({ id: providers.id });
    const runs = await db()
      .insert(fulfilments)
      .values(
        [1, 2, 3].map((run) => ({
          orderId: placed.order.id,
          part: `run-${run}`,
          providerId: provider!.id,
          providerServiceId: "1",
          link: post,
          quantity: 100,
          chargeCents: cents(5),
          idempotencyKey: `runs-${placed.order.id}-${run}`,
          state: run === 1 ? ("submitted" as const) : ("queued" as const),
        })),
      )
      .returning({ id: fulfilments.id, part: fulfilments.part });
    const runId = (part: string) => runs.find((run) => run.part === part)!.id;
    const { key } = (await createApiKey(db(), { userId: account.id, name: "Progress" })) as { key: string };
    const apiStatus = async () => {
      const response = await fetch(`${appUrl}/api/v2`, {
        method: "POST",
        body: new URLSearchParams({
          key,
          action: "status",
          order: placed.order.orderNumber.replace("ORD-", ""),
        }),
      });
      const body = (await response.json()) as { runs: string; remains: string };
      return { runs: body.runs, remains: body.remains };
    };

    for (const viewport of VIEWPORTS) {
      const { page, assertNoConsoleErrors } = await openPage(browser, { viewport });
      await signInAs(page, account, `/orders?q=${placed.order.orderNumber}`);
      const card = page.getByTestId("customer-order").filter({ hasText: placed.order.orderNumber });
      const seen = async () => {
        await page.reload();
        return {
          runs: await card.getByTestId("order-runs").textContent(),
          remains: await card.getByTestId("order-remains").textContent(),
        };
      };
      if (viewport.width === 390) {
        expect(await seen()).toEqual({ runs: "Runs delivered: 0 of 3", remains: "300" });
        expect(await apiStatus()).toEqual({ runs: "0", remains: "300" });

        // Run 1 delivered in full.
        await closeOrderPart(db(), {
          orderId: placed.order.id,
          fulfilmentId: runId("run-1"),
          outcome: "completed",
          remains: 0,
        });
        expect(await seen()).toEqual({ runs: "Runs delivered: 1 of 3", remains: "200" });
        expect(await apiStatus()).toEqual({ runs: "1", remains: "200" });

        // Run 2 delivered in full: two of three.
        await closeOrderPart(db(), {
          orderId: placed.order.id,
          fulfilmentId: runId("run-2"),
          outcome: "completed",
          remains: 0,
        });
        expect(await seen()).toEqual({ runs: "Runs delivered: 2 of 3", remains: "100" });
        expect(await apiStatus()).toEqual({ runs: "2", remains: "100" });
      } else {
        expect(await seen()).toEqual({ runs: "Runs delivered: 2 of 3", remains: "100" });
      }
      // Remains per run: each run's units left and where it stands.
      await card.getByText("Remains per run").click();
      const list = card.getByTestId("order-run-list");
      expect(await list.getByRole("listitem").allTextContents()).toEqual([
        "Run 1: 0 of 100 leftDelivered",
        "Run 2: 0 of 100 leftDelivered",
        expect.stringMatching(/^Run 3: 100 of 100 leftDue .+ UTC$/),
      ]);
      expect(await card.getByTestId("order-delivery").textContent()).toBe(
        "Delivery: Drip-feed: 3 runs, one every 60 minutes",
      );
      if (screenshots)
        await page.screenshot({
          path: `${screenshots}/orders-drip-feed-${viewport.width}.png`,
          fullPage: true,
        });
      assertNoConsoleErrors();
    }
    // The stand-in provider leaves with its submissions, so no other page lists it.
    await db().delete(fulfilments).where(eq(fulfilments.orderId, placed.order.id));
    await db().delete(providers).where(eq(providers.id, provider!.id));
  });
});
