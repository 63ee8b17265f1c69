import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { likesPacks, orders, transactions } from "../../app/db/schema.ts";
import { readMassOrderLines } from "../../app/domain/orders/mass-order-lines.ts";
import { previewMassOrder } from "../../app/domain/orders/mass-order-preview.server.ts";
import { MASS_ORDER_TEXT } from "../../app/domain/orders/mass-order-text.ts";
import { placeMassOrder } from "../../app/domain/orders/place-mass-order.server.ts";
import { setOrderStatus } from "../../app/domain/orders/set-order-status.server.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { findLedgerMismatches } from "../../app/domain/wallet/check-ledger.server.ts";
import { balanceOf, createUser, serviceBySlug } from "../support/factories.ts";
import { resetDatabase } from "../support/worker-database.ts";

beforeEach(resetDatabase);

/** Five lines, two of them bad: $0.60 + $1.50 + $1.50 = $3.60 for the three good ones (product rules 2.3). */
async function fiveLines(): Promise<string> {
  const likes = await serviceBySlug("instagram-likes");
  const views = await serviceBySlug("instagram-views");
  const followers = await serviceBySlug("instagram-followers");
  return [
    `${likes.apiId} | https://www.instagram.com/p/MassOne1/ | 150`,
    `${likes.apiId}|https://www.instagram.com/p/MassTwo2/|50`,
    "",
    `${views.apiId} | https://www.instagram.com/p/MassThree3/ | 1,000`,
    `999999 | https://www.instagram.com/p/MassFour4/ | 100`,
    `${followers.apiId} | natgeo | 100`,
  ].join("\n");
}

async function purchasesOf(userId: string): Promise<number> {
  return db().$count(transactions, and(eq(transactions.userId, userId), eq(transactions.type, "purchase")));
}

async function previewed(userId: string, paste: string) {
  const preview = await previewMassOrder(db(), userId, paste);
  if (!preview.ok) throw new Error(preview.message);
  return preview;
}

describe("previewing a mass order", () => {
  it("checks and prices every line like a single order, with the total of the valid lines", async () => {
    const user = await createUser({ fundsCents: 300 });
    const preview = await previewed(user.id, await fiveLines());
    expect(preview.lines.map((line) => (line.ok ? line.totalCents : line.message))).toEqual([
      60,
      "Quantity must be between 100 and 100,000.",
      150,
      "No service has the id 999999: see the service ids listed on this page.",
      150,
    ]);
    // Line numbers are the paste's own, the blank line counted.
    expect(preview.lines.map((line) => line.line)).toEqual([1, 2, 4, 5, 6]);
    expect(preview.lines[4]).toMatchObject({
      serviceName: "Instagram Followers",
      targetLink: "https://www.instagram.com/natgeo/",
    });
    expect(preview).toMatchObject({ totalCents: 360, balanceCents: 300 });
    // Nothing is charged by a preview.
    expect(await db().$count(orders, eq(orders.userId, user.id))).toBe(0);
  });

  it("answers a paste refused as a whole with the paste's own refusal (tests/unit/mass-order-lines.test.ts)", async () => {
    const user = await createUser();
    expect(await previewMassOrder(db(), user.id, " \n\n ")).toEqual(readMassOrderLines(" \n\n "));
  });

  it("refuses auto services, bad links, malformed lines; prices a likes pack at its price, quantity 1", async () => {
    const user = await createUser();
    const autoLikes = await serviceBySlug("instagram-auto-likes");
    const likes = await serviceBySlug("instagram-likes");
    const [big] = await db().select().from(likesPacks).where(eq(likesPacks.code, "big"));
    const preview = await previewed(
      user.id,
      [
        `${autoLikes.apiId} | natgeo | 100`,
        `${likes.apiId} | https://www.tiktok.com/@someone/video/1 | 100`,
        "just some words",
        `${big!.apiId} | https://www.instagram.com/p/PackPost1/ | 1`,
        `${big!.apiId} | https://www.instagram.com/p/PackPost1/ | 2`,
      ].join("\n"),
    );
    expect(preview.lines.map((line) => (line.ok ? line.totalCents : line.message))).toEqual([
      "This service works on your future posts: set it up as an automatic order.",
      "Please enter a valid Instagram post link",
      MASS_ORDER_TEXT.badFormat,
      1_295,
      MASS_ORDER_TEXT.packQuantity,
    ]);
  });
});

describe("placing a mass order", () => {
  it("places the valid lines as independent orders: 3 orders, 3 charges, 2 refusals charging nothing", async () => {
    const user = await createUser({ fundsCents: 1_000 });
    const paste = await fiveLines();
    const preview = await previewed(user.id, paste);
    const result = await placeMassOrder(db(), {
      userId: user.id,
      batchId: preview.batchId,
      paste,
      expectedTotalCents: preview.totalCents,
    });
    expect(result).toMatchObject({ ok: true, placed: 3, refused: 2, chargedCents: 360 });
    if (!result.ok) return;
    expect(result.lines.map((line) => (line.ok ? line.orderNumber : line.message))).toEqual([
      expect.stringMatching(/^ORD-\d{6,}$/),
      "Quantity must be between 100 and 100,000.",
      expect.stringMatching(/^ORD-\d{6,}$/),
      "No service has the id 999999: see the service ids listed on this page.",
      expect.stringMatching(/^ORD-\d{6,}$/),
    ]);
    expect(await db().$count(orders, eq(orders.userId, user.id))).toBe(3);
    expect(await purchasesOf(user.id)).toBe(3);
    expect(await balanceOf(user.id)).toBe(1_000 - 360);
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("a double submit places each line once and answers with the same orders", async () => {
    const user = await createUser({ fundsCents: 1_000 });
    const paste = await fiveLines();
    const preview = await previewed(user.id, paste);
    const input = {
      userId: user.id,
      batchId: preview.batchId,
      paste,
      expectedTotalCents: preview.totalCents,
    };
    const first = await placeMassOrder(db(), input);
    const second = await placeMassOrder(db(), input);
    expect(second).toMatchObject({ ok: true, placed: 3 });
    if (!first.ok || !second.ok) return;
    expect(second.lines.filter((line) => line.ok).every((line) => line.replayed)).toBe(true);
    expect(second.lines.map((line) => (line.ok ? line.orderNumber : null))).toEqual(
      first.lines.map((line) => (line.ok ? line.orderNumber : null)),
    );
    expect(await db().$count(orders, eq(orders.userId, user.id))).toBe(3);
    expect(await purchasesOf(user.id)).toBe(3);
    expect(await balanceOf(user.id)).toBe(1_000 - 360);
  });

  it("two submits of one batch at once charge each line once", async () => {
    const user = await createUser({ fundsCents: 1_000 });
    const paste = await fiveLines();
    const preview = await previewed(user.id, paste);
    const input = {
      userId: user.id,
      batchId: preview.batchId,
      paste,
      expectedTotalCents: preview.totalCents,
    };
    const results = await Promise.all([placeMassOrder(db(), input), placeMassOrder(db(), input)]);
    expect(results.map((result) => result.ok && result.placed)).toEqual([3, 3]);
    expect(await db().$count(orders, eq(orders.userId, user.id))).toBe(3);
    expect(await purchasesOf(user.id)).toBe(3);
    expect(await balanceOf(user.id)).toBe(1_000 - 360);
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("a new batch of the same paste (a new preview) places the orders again", async () => {
    const user = await createUser({ fundsCents: 1_000 });
    const paste = await fiveLines();
    for (const _ of [1, 2]) {
      const preview = await previewed(user.id, paste);
      await placeMassOrder(db(), {
        userId: user.id,
        batchId: preview.batchId,
        paste,
        expectedTotalCents: preview.totalCents,
      });
      // Delivered before the paste comes again: a link with an active order takes no second one (rules 4.27).
      for (const order of await db().select({ id: orders.id }).from(orders).where(eq(orders.userId, user.id)))
        await setOrderStatus(db(), { orderId: order.id, status: "completed" });
    }
    expect(await db().$count(orders, eq(orders.userId, user.id))).toBe(6);
  });

  it("when the balance runs out midway, the remaining lines are refused clearly and charge nothing", async () => {
    const user = await createUser({ fundsCents: 100 });
    const likes = await serviceBySlug("instagram-likes");
    const paste = [150, 300, 100]
      .map((quantity, index) => `${likes.apiId} | https://www.instagram.com/p/Short${index}/ | ${quantity}`)
      .join("\n");
    const preview = await previewed(user.id, paste);
    expect(preview.totalCents).toBe(60 + 120 + 40);
    const result = await placeMassOrder(db(), {
      userId: user.id,
      batchId: preview.batchId,
      paste,
      expectedTotalCents: preview.totalCents,
    });
    if (!result.ok) throw new Error(result.message);
    expect(result.lines.map((line) => (line.ok ? line.totalCents : line.message))).toEqual([
      60,
      "You need $1.20 but only have $0.40. Please add funds to your wallet.",
      MASS_ORDER_TEXT.notPlacedAfterShortfall,
    ]);
    expect(await balanceOf(user.id)).toBe(40);
    expect(await purchasesOf(user.id)).toBe(1);
  });

  it("another total than the preview's places nothing and answers the new preview", async () => {
    const user = await createUser({ fundsCents: 1_000 });
    const paste = await fiveLines();
    const preview = await previewed(user.id, paste);
    const result = await placeMassOrder(db(), {
      userId: user.id,
      batchId: preview.batchId,
      paste,
      expectedTotalCents: cents(preview.totalCents - 1),
    });
    expect(result).toMatchObject({ ok: false, ...MASS_ORDER_TEXT.changed, totalCents: 360 });
    expect(await db().$count(orders, eq(orders.userId, user.id))).toBe(0);
    expect(await balanceOf(user.id)).toBe(1_000);
  });
});
