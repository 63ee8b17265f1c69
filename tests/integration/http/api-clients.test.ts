import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../../../app/db/client.server.ts";
import {
  autoOrders,
  fulfilments,
  likesPacks,
  orders,
  providerServices,
  providers,
  services,
} from "../../../app/db/schema.ts";
import { queueAutoOrderPosts } from "../../../app/domain/fulfilment/queue-submissions.server.ts";
import { applyUpstreamStatus } from "../../../app/domain/order-lifecycle/fulfilment-steps.server.ts";
import { setOrderStatus } from "../../../app/domain/orders/set-order-status.server.ts";
import { createApiKey } from "../../../app/domain/reseller/api-keys.server.ts";
import { findLedgerMismatches } from "../../../app/domain/wallet/check-ledger.server.ts";
import { balanceOf, fundWallet, serviceBySlug } from "../../support/factories.ts";
import { appUrl, createAccount } from "../../support/http.ts";
import { refusalOf, StrictApiClient } from "../../support/strict-api-client.ts";

/**
 * Clients nobody here wrote, against the live API (docs/decisions/020, 049): a strict client that takes an answer
 * as a refusal only when `error` is its one member (as smm-api-php does), and a SmartPanel-style poller of a
 * subscription. Each is written from the protocol; every answer is asserted. The PHP sample class runs in
 * tests/integration/http/api-php-client.test.ts.
 */

const ENDPOINT = `${appUrl}/api/v2`;
const DUPLICATE = "You have active order with this link. Please wait until order being completed.";

async function reseller(fundsCents: number) {
  const account = await createAccount();
  if (fundsCents > 0) await fundWallet(account.id, fundsCents);
  const created = await createApiKey(db(), { userId: account.id, name: "Strict client" });
  if (!created.ok) throw new Error(created.message);
  return { ...account, key: created.key, client: new StrictApiClient(ENDPOINT, created.key) };
}

/** A service of the test's own (on a platform few tests look at), so no other test sees its orders. */
async function ownService(values: Partial<typeof services.$inferInsert>) {
  const slug = `clients-${randomUUID().slice(0, 8)}`;
  const [service] = await db()
    .insert(services)
    .values({
      slug,
      name: `Twitter Clients ${slug}`,
      platform: "twitter",
      serviceType: "one_time",
      pricePer1000: "2.0000",
      minQuantity: 10,
      maxQuantity: 1000,
      ...values,
    })
    .returning();
  return service!;
}

const tweet = () => `https://twitter.com/boostly/status/${Date.now()}${Math.floor(Math.random() * 1000)}`;
const post = () => `https://www.instagram.com/p/Strict${randomUUID().slice(0, 8)}/`;

async function orderRow(apiId: number) {
  const [row] = await db()
    .select()
    .from(orders)
    .where(eq(orders.orderNumber, `ORD-${apiId}`));
  return row!;
}

describe("a strict client (an answer is an error only when `error` is alone)", () => {
  it("gets every action's answer as data and every refusal as an error, with the panels' texts", async () => {
    const panel = await reseller(20_000);
    const { client } = panel;

    // services: integer ids, money and counts as strings, the order types by name.
    const listed = await client.services();
    expect(Array.isArray(listed)).toBe(true);
    for (const entry of listed) {
      expect(entry).toMatchObject({
        service: expect.any(Number),
        name: expect.any(String),
        type: expect.stringMatching(/^(Default|Custom Comments|Package|Subscriptions)$/),
        category: expect.any(String),
        rate: expect.stringMatching(/^\d+\.\d{2,}$/),
        min: expect.stringMatching(/^\d+$/),
        max: expect.stringMatching(/^\d+$/),
        refill: expect.any(Boolean),
        cancel: expect.any(Boolean),
      });
      expect(Number.isInteger(entry.service)).toBe(true);
    }

    // add, each order type: an integer id each.
    const likes = await serviceBySlug("instagram-likes");
    const plainLink = post();
    const plain = await client.order({ service: likes.apiId, link: plainLink, quantity: 150 });
    const drip = await ownService({ dripfeed: true });
    const dripOrder = await client.order({
      service: drip.apiId,
      link: tweet(),
      quantity: 100,
      runs: 3,
      interval: 10,
    });
    const comments = await ownService({ orderType: "custom_comments" });
    const commentsOrder = await client.order({
      service: comments.apiId,
      link: tweet(),
      comments: Array.from({ length: 10 }, (_, index) => `Nice ${index + 1}`).join("\n"),
    });
    // A likes pack is a Package: a link, nothing else.
    const [pack] = await db().select().from(likesPacks).orderBy(likesPacks.priceCents).limit(1);
    expect(listed.find((entry: { service: number }) => entry.service === pack!.apiId)).toMatchObject({
      type: "Package",
      min: "1",
      max: "1",
    });
    const packageOrder = await client.order({ service: pack!.apiId, link: post() });
    const autoLikes = await serviceBySlug("instagram-auto-likes");
    expect(listed.find((entry: { service: number }) => entry.service === autoLikes.apiId)).toMatchObject({
      type: "Subscriptions",
    });
    const subscription = await client.order({
      service: autoLikes.apiId,
      username: `strict_${randomUUID().slice(0, 6)}`,
      min: autoLikes.minQuantity,
      max: autoLikes.minQuantity,
      posts: 2,
      delay: 0,
      expiry: "",
    });
    const ids = [plain, dripOrder, commentsOrder, packageOrder, subscription];
    for (const id of ids) expect(Number.isSafeInteger(id)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);

    // status, one and many: data, with per-item errors left as data inside the batch.
    expect(await client.status(plain)).toEqual({
      charge: "0.60",
      start_count: "0",
      status: "Pending",
      remains: "150",
      currency: "USD",
    });
    expect(await client.status(dripOrder)).toMatchObject({ charge: "0.60", runs: "0", remains: "300" });
    expect(await client.status(subscription)).toMatchObject({ status: "Active", posts: "0", orders: [] });
    const many = await client.multiStatus([plain, packageOrder, 999_999_999]);
    expect(Object.keys(many).sort()).toEqual([String(plain), String(packageOrder), "999999999"].sort());
    expect(many[String(packageOrder)]).toMatchObject({ status: "Pending", remains: "1" });
    expect(many["999999999"]).toEqual({ error: "Incorrect order ID" });

    // refill of a completed order of a refillable service; refill_status; the batch forms keep item errors.
    const refillable = await ownService({ refillDays: 30 });
    const toRefill = await client.order({ service: refillable.apiId, link: tweet(), quantity: 100 });
    expect(
      (await setOrderStatus(db(), { orderId: (await orderRow(toRefill)).id, status: "completed" })).ok,
    ).toBe(true);
    const refilled = await client.refill(toRefill);
    expect(refilled).toEqual({ refill: expect.stringMatching(/^\d+$/) });
    const refillId = Number(refilled.refill);
    expect(await client.refillStatus(refillId)).toEqual({ status: "Pending" });
    expect(await client.multiRefill([toRefill, 999_999_999])).toEqual([
      { order: toRefill, refill: { error: "A refill of this order is already in progress" } },
      { order: 999_999_999, refill: { error: "Incorrect order ID" } },
    ]);
    expect(await client.multiRefillStatus([refillId, 999_999])).toEqual([
      { refill: refillId, status: "Pending" },
      { refill: 999_999, status: { error: "Refill not found" } },
    ]);
    expect(await refusalOf(client.refill(999_999_999))).toBe("Incorrect order ID");
    expect(await refusalOf(client.refillStatus(999_999))).toBe("Refill not found");

    // cancel: per item; a subscription too, its remaining posts refunded.
    expect(await client.cancel([commentsOrder, subscription, 999_999_999])).toEqual([
      { order: commentsOrder, cancel: 1 },
      { order: subscription, cancel: 1 },
      { order: 999_999_999, cancel: { error: "Incorrect order ID" } },
    ]);
    expect(await client.status(subscription)).toMatchObject({ status: "Canceled", charge: "0.00" });

    // balance: what the wallet holds, to the cent.
    const balance = await client.balance();
    expect(balance).toEqual({ balance: expect.stringMatching(/^\d+\.\d{2}$/), currency: "USD" });
    expect(Math.round(Number(balance.balance) * 100)).toBe(await balanceOf(panel.id));

    // Refusals, each an error to the strict client (nothing beside `error`), in the panels' words.
    expect(await refusalOf(new StrictApiClient(ENDPOINT, "not-a-key").balance())).toBe("Invalid API key");
    expect(await refusalOf(client.order({ service: 999_999_999, link: post(), quantity: 150 }))).toBe(
      "Incorrect service ID",
    );
    expect(
      await refusalOf(client.order({ service: likes.apiId, link: post(), quantity: 10_000_000 })),
    ).toMatch(/^Quantity more than maximal \d+$/);
    const poor = await reseller(10);
    expect(await refusalOf(poor.client.order({ service: likes.apiId, link: post(), quantity: 150 }))).toBe(
      "Not enough funds on balance",
    );
    expect(await refusalOf(client.order({ service: likes.apiId, link: plainLink, quantity: 200 }))).toBe(
      DUPLICATE,
    );
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("two simultaneous adds of one link and service: one order, one charge, the other told why", async () => {
    const panel = await reseller(5_000);
    const likes = await serviceBySlug("instagram-likes");
    const link = post();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 4 }, () => panel.client.order({ service: likes.apiId, link, quantity: 150 })),
    );
    const placed = outcomes.filter((outcome) => outcome.status === "fulfilled");
    expect(placed).toHaveLength(1);
    for (const refused of outcomes.filter((outcome) => outcome.status === "rejected"))
      expect((refused as PromiseRejectedResult).reason.error).toBe(DUPLICATE);
    expect(await db().$count(orders, eq(orders.userId, panel.id))).toBe(1);
    expect(await balanceOf(panel.id)).toBe(5_000 - 60);
  });
});

/**
 * A SmartPanel-style subscription poller: it polls `status` while the word is Active, Paused or empty, keeps the
 * posts' `orders`, and on Completed, Expired or Canceled refunds its own customer the share of the posts not
 * served (charge x remains / (posts + remains), rounded down to the cent).
 */
async function pollSubscription(
  client: StrictApiClient,
  id: number,
  between: (poll: number) => Promise<void>,
): Promise<{ word: string; seen: number[][]; last: Record<string, unknown> }> {
  const seen: number[][] = [];
  for (let poll = 0; poll < 20; poll++) {
    const answer = await client.status(id);
    seen.push(answer.orders);
    if (!["Active", "Paused", ""].includes(answer.status)) return { word: answer.status, seen, last: answer };
    await between(poll);
  }
  throw new Error("The subscription never ended within 20 polls");
}

function smartPanelRefundCents(chargedCents: number, answer: Record<string, unknown>): number {
  const served = Number(answer.posts);
  const remains = Number(answer.remains);
  return Math.floor((chargedCents * remains) / (served + remains));
}

describe("a SmartPanel-style subscription poller", () => {
  it("places posts=0, sees each post's order id appear while Active, stops on Canceled and refunds the rest", async () => {
    const panel = await reseller(10_000);
    // An auto service of the test's own, sent post by post to a provider of its own (no one else's posts move).
    const service = await ownService({
      platform: "instagram",
      name: `Instagram Auto Likes ${randomUUID().slice(0, 8)}`,
      serviceType: "auto",
      pricePer1000: "4.0000",
      minQuantity: 100,
      maxQuantity: 1000,
    });
    const [provider] = await db()
      .insert(providers)
      .values({
        name: "Poller upstream",
        apiUrl: "http://127.0.0.1:9/api/v2",
        apiKeyEncrypted: "unused",
        apiKeyHint: "used",
      })
      .returning();
    await db()
      .insert(providerServices)
      .values({ serviceId: service.id, providerId: provider!.id, providerServiceId: "7" });
    try {
      // What SmartPanel sends for an unlimited subscription: posts=0, expiry blank.
      const id = await panel.client.order({
        service: service.apiId,
        username: "poller_profile",
        min: 100,
        max: 150,
        posts: 0,
        old_posts: 0,
        delay: 0,
        expiry: "",
      });
      // As many posts as one subscription holds: 100 x 150 likes at $4.00 per 1000 = $60.00, paid up front.
      const chargedCents = 6_000;
      expect(await balanceOf(panel.id)).toBe(10_000 - chargedCents);
      const [autoOrder] = await db().select().from(autoOrders).where(eq(autoOrders.apiId, id));

      /** One post of the profile: the fulfilment round queues it, the provider takes it and completes it. */
      const deliverPost = async () => {
        expect(await queueAutoOrderPosts(db())).toBeGreaterThanOrEqual(1);
        const [queued] = await db()
          .select()
          .from(fulfilments)
          .where(and(eq(fulfilments.autoOrderId, autoOrder!.id), eq(fulfilments.state, "queued")));
        const [sent] = await db()
          .update(fulfilments)
          .set({ state: "submitted", providerOrderId: randomUUID(), submittedAt: new Date() })
          .where(eq(fulfilments.id, queued!.id))
          .returning();
        // In flight: the post's order id is listed before it is delivered.
        const inFlight = await panel.client.status(id);
        expect(inFlight.orders.at(-1)).toBe(queued!.postOrderId);
        // The post's own id answers like an order: sent, nothing delivered yet.
        expect(await panel.client.status(queued!.postOrderId!)).toEqual({
          charge: "0.60",
          start_count: "0",
          status: "In progress",
          remains: "150",
          currency: "USD",
        });
        await applyUpstreamStatus(
          db(),
          sent!,
          {
            reported: true,
            status: "Completed",
            remains: "0",
            charge: null,
            posts: undefined,
            startCount: "10",
          },
          3600,
        );
      };

      const polled = await pollSubscription(panel.client, id, async (poll) => {
        if (poll < 3) await deliverPost();
        // The panel's own customer cancels after three posts.
        else expect(await panel.client.cancel([id])).toEqual([{ order: id, cancel: 1 }]);
      });
      expect(polled.word).toBe("Canceled");
      // Polled four times Active (0, 1, 2 and 3 posts served), then Canceled: `orders` grew a post at a time.
      expect(polled.seen.map((ids) => ids.length)).toEqual([0, 1, 2, 3, 3]);
      const postIds = polled.seen.at(-1)!;
      expect(postIds.every((postId) => Number.isSafeInteger(postId))).toBe(true);
      expect([...postIds].sort((a, b) => a - b)).toEqual(postIds);
      expect(new Set(postIds).size).toBe(3);
      expect(polled.last).toEqual({
        charge: "1.80",
        status: "Canceled",
        posts: "3",
        orders: postIds,
        remains: "97",
        currency: "USD",
      });
      // Each post's id answers its own status, alone or in a batch with the subscription.
      const batch = await panel.client.multiStatus([...postIds, id]);
      for (const postId of postIds)
        expect(batch[String(postId)]).toEqual({
          charge: "0.60",
          start_count: "10",
          status: "Completed",
          remains: "0",
          currency: "USD",
        });
      expect(batch[String(id)]).toEqual(polled.last);
      // SmartPanel refunds its customer the 97 posts not served: $58.20, exactly what Boostly refunded it.
      const refund = smartPanelRefundCents(chargedCents, polled.last);
      expect(refund).toBe(5_820);
      expect(await balanceOf(panel.id)).toBe(10_000 - chargedCents + refund);
      expect(await findLedgerMismatches(db())).toEqual([]);
    } finally {
      await db().update(services).set({ enabled: false }).where(eq(services.id, service.id));
    }
  });
});
