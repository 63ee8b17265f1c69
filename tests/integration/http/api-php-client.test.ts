import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../../../app/db/client.server.ts";
import { likesPacks, orders, services } from "../../../app/db/schema.ts";
import { setOrderStatus } from "../../../app/domain/orders/set-order-status.server.ts";
import { createApiKey } from "../../../app/domain/reseller/api-keys.server.ts";
import { findLedgerMismatches } from "../../../app/domain/wallet/check-ledger.server.ts";
import { balanceOf, fundWallet, serviceBySlug } from "../../support/factories.ts";
import { appUrl, createAccount } from "../../support/http.ts";
import { phpString, runPhp } from "../../support/php-runner.ts";

/**
 * The sample PHP class resellers copy from the panels' API pages (tests/support/php/Api.php), run in real PHP (8.4,
 * WebAssembly) against the live API: every method, each order type as the sample writes them (posts=0 for a
 * subscription), the refusals, and what the script prints is what the shop did (docs/decisions/049).
 */

const ENDPOINT = `${appUrl}/api/v2`;

async function reseller(fundsCents: number) {
  const account = await createAccount();
  if (fundsCents > 0) await fundWallet(account.id, fundsCents);
  const created = await createApiKey(db(), { userId: account.id, name: "PHP sample" });
  if (!created.ok) throw new Error(created.message);
  return { ...account, key: created.key };
}

async function ownService(values: Partial<typeof services.$inferInsert>) {
  const slug = `php-${randomUUID().slice(0, 8)}`;
  const [service] = await db()
    .insert(services)
    .values({
      slug,
      name: `Twitter PHP ${slug}`,
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

/** The script's head: the sample class set up as its README says, for this shop and key. */
function sampleApi(key: string): string {
  return `<?php
require '/sample/Api.php';
$api = new Api();
$api->api_url = ${phpString(ENDPOINT)};
$api->api_key = ${phpString(key)};
$out = [];
`;
}

// biome-ignore lint/suspicious/noExplicitAny: the JSON the PHP script printed, asserted field by field
type Printed = any;

describe("the panels' sample PHP class, run in PHP against the live API", () => {
  it("places every order type, reads statuses, refills, cancels and reads the balance, and gets refusals as errors", async () => {
    const panel = await reseller(10_000);
    const poor = await reseller(10);
    const likes = await serviceBySlug("instagram-likes");
    const autoLikes = await serviceBySlug("instagram-auto-likes");
    const drip = await ownService({ dripfeed: true });
    const comments = await ownService({ orderType: "custom_comments" });
    const refillable = await ownService({ refillDays: 30 });
    const [pack] = await db().select().from(likesPacks).orderBy(likesPacks.priceCents).limit(1);
    const post = `https://www.instagram.com/p/Php${randomUUID().slice(0, 8)}/`;
    const tweet = (n: number) => `https://twitter.com/boostly/status/${Date.now()}${n}`;
    const tenComments = Array.from({ length: 10 }, (_, index) => `good pic ${index + 1}`).join("\\n");

    const placing = await runPhp(`${sampleApi(panel.key)}
$services = $api->services();
$out['services'] = count($services);
$out['firstService'] = $services[0];
$out['default'] = $api->order(['service' => ${likes.apiId}, 'link' => ${phpString(post)}, 'quantity' => 150]);
$out['dripfeed'] = $api->order(['service' => ${drip.apiId}, 'link' => ${phpString(tweet(1))}, 'quantity' => 100, 'runs' => 3, 'interval' => 10]);
$out['comments'] = $api->order(['service' => ${comments.apiId}, 'link' => ${phpString(tweet(2))}, 'comments' => "${tenComments}"]);
$out['package'] = $api->order(['service' => ${pack!.apiId}, 'link' => ${phpString(`https://www.instagram.com/p/PhpPack${randomUUID().slice(0, 8)}/`)}]);
$out['subscription'] = $api->order(['service' => ${autoLikes.apiId}, 'username' => 'php_sample_profile', 'min' => 100, 'max' => 110, 'posts' => 0, 'delay' => 30, 'expiry' => '31/12/2099']);
$out['refillable'] = $api->order(['service' => ${refillable.apiId}, 'link' => ${phpString(tweet(3))}, 'quantity' => 100]);
$out['duplicate'] = $api->order(['service' => ${likes.apiId}, 'link' => ${phpString(post)}, 'quantity' => 200]);
$out['status'] = $api->status($out['default']->order);
$out['multiStatus'] = $api->multiStatus([$out['default']->order, $out['subscription']->order, 999999999]);
echo json_encode($out);
`);
    const placed: Printed = JSON.parse(placing);
    expect(placed.services).toBeGreaterThan(0);
    expect(placed.firstService).toMatchObject({
      service: expect.any(Number),
      name: expect.any(String),
      type: expect.any(String),
      rate: expect.any(String),
      min: expect.any(String),
      max: expect.any(String),
    });
    const ids: Record<string, number> = {};
    for (const name of ["default", "dripfeed", "comments", "package", "subscription", "refillable"]) {
      expect(placed[name], name).toEqual({ order: expect.any(Number) });
      ids[name] = placed[name].order;
    }
    expect(new Set(Object.values(ids)).size).toBe(6);
    expect(placed.duplicate).toEqual({
      error: "You have active order with this link. Please wait until order being completed.",
    });
    expect(placed.status).toEqual({
      charge: "0.60",
      start_count: "0",
      status: "Pending",
      remains: "150",
      currency: "USD",
    });
    expect(placed.multiStatus).toEqual({
      [String(ids.default)]: placed.status,
      [String(ids.subscription)]: {
        // posts=0: as many posts as one subscription holds, 100 x 110 likes at $4.00 per 1000.
        charge: "44.00",
        status: "Active",
        posts: "0",
        orders: [],
        remains: "100",
        currency: "USD",
      },
      "999999999": { error: "Incorrect order ID" },
    });
    const [refillableRow] = await db()
      .select()
      .from(orders)
      .where(eq(orders.orderNumber, `ORD-${ids.refillable}`));
    expect((await setOrderStatus(db(), { orderId: refillableRow!.id, status: "completed" })).ok).toBe(true);

    const following = await runPhp(`${sampleApi(panel.key)}
$out['refill'] = $api->refill(${ids.refillable});
$out['refillStatus'] = $api->refillStatus((int) $out['refill']->refill);
$out['multiRefill'] = $api->multiRefill([${ids.refillable}, 999999999]);
$out['multiRefillStatus'] = $api->multiRefillStatus([(int) $out['refill']->refill, 999999]);
$out['cancel'] = $api->cancel([${ids.comments}, ${ids.subscription}, 999999999]);
$out['canceled'] = $api->status(${ids.subscription});
$out['balance'] = $api->balance();
$stranger = new Api();
$stranger->api_url = $api->api_url;
$stranger->api_key = 'not-a-key';
$out['badKey'] = $stranger->balance();
$stranger->api_key = ${phpString(poor.key)};
$out['poor'] = $stranger->order(['service' => ${likes.apiId}, 'link' => ${phpString(post)}, 'quantity' => 150]);
echo json_encode($out);
`);
    const followed: Printed = JSON.parse(following);
    expect(followed.refill).toEqual({ refill: expect.stringMatching(/^\d+$/) });
    const refillId = Number(followed.refill.refill);
    expect(followed.refillStatus).toEqual({ status: "Pending" });
    expect(followed.multiRefill).toEqual([
      { order: ids.refillable, refill: { error: "A refill of this order is already in progress" } },
      { order: 999_999_999, refill: { error: "Incorrect order ID" } },
    ]);
    expect(followed.multiRefillStatus).toEqual([
      { refill: refillId, status: "Pending" },
      { refill: 999_999, status: { error: "Refill not found" } },
    ]);
    expect(followed.cancel).toEqual([
      { order: ids.comments, cancel: 1 },
      { order: ids.subscription, cancel: 1 },
      { order: 999_999_999, cancel: { error: "Incorrect order ID" } },
    ]);
    expect(followed.canceled).toMatchObject({
      status: "Canceled",
      charge: "0.00",
      posts: "0",
      remains: "100",
    });
    expect(followed.badKey).toEqual({ error: "Invalid API key" });
    expect(followed.poor).toEqual({ error: "Not enough funds on balance" });
    // What the script read as the balance is the wallet, to the cent, after the cancels' refunds.
    expect(followed.balance).toEqual({ balance: expect.stringMatching(/^\d+\.\d{2}$/), currency: "USD" });
    expect(Math.round(Number(followed.balance.balance) * 100)).toBe(await balanceOf(panel.id));
    expect(await balanceOf(poor.id)).toBe(10);
    expect(await findLedgerMismatches(db())).toEqual([]);
  });
});
