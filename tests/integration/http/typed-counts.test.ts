/**
 * Typed counts and amounts sent straight to each page's action, past the browser's checks
 * (docs/decisions/011-typed-counts.md): anything that is not a count within the limits gets the field's own
 * message and nothing is charged; a comma that is not a thousands separator is not an amount.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../../../app/db/client.server.ts";
import { autoOrders, deposits, orders } from "../../../app/db/schema.ts";
import { balanceOf, fundWallet, serviceBySlug } from "../../support/factories.ts";
import { signedInAdmin, signedInCustomer, type Visitor, visibleText } from "../../support/http.ts";

/**
 * Texts that are not counts, one of each kind the server reads alike (a fraction, other digits): that every
 * other text of the original bug report is not a count is tests/unit/quantity-input.test.ts, and that the domain
 * refuses what is not a count like a count out of range, tests/integration/typed-counts.test.ts. Each action
 * adds its own limits (minimum - 1, maximum + 1).
 */
const NOT_COUNTS = ["150.5", "١٥٠"];
const BAD_POSTS = ["2.5", "101"];
const POSTS_MESSAGE = "Number of posts must be between 1 and 100.";

async function fundedCustomer(cents = 10_000) {
  const customer = await signedInCustomer();
  await fundWallet(customer.id, cents);
  return customer;
}

/** Posts a form to a page's action and answers the page it renders (a refusal), as text. */
async function refusalFor(visitor: Visitor, path: string, form: Record<string, string>) {
  const response = await visitor.request(path, { form: { idempotencyKey: randomUUID(), ...form } });
  expect(response.status, `${path} ${JSON.stringify(form)}`).toBe(200);
  return response.text();
}

async function nothingCharged(userId: string, balanceCents: number) {
  expect(await db().$count(orders, eq(orders.userId, userId))).toBe(0);
  expect(await db().$count(autoOrders, eq(autoOrders.userId, userId))).toBe(0);
  expect(await balanceOf(userId)).toBe(balanceCents);
}

describe("counts posted to the order pages' actions", () => {
  it("generic order page: TikTok Likes quantities that are not 50 to 20,000 get the quantity message", async () => {
    const { id, visitor } = await fundedCustomer();
    const tiktok = await serviceBySlug("tiktok-likes");
    for (const quantity of [...NOT_COUNTS, "", "20001", "49", "0"]) {
      const html = await refusalFor(visitor, `/order/tiktok-${tiktok.id}`, {
        serviceId: tiktok.id,
        targetLink: "https://www.tiktok.com/@typed/video/1",
        quantity,
        // The total a page would show for the number the old pages made of it: never charged either.
        expectedTotalCents: "25",
      });
      expect(visibleText(html), quantity).toContain(
        "Invalid quantity: Quantity must be between 50 and 20,000.",
      );
      expect(visibleText(html), quantity).not.toContain("Insufficient Balance");
    }
    await nothingCharged(id, 10_000);
  });

  it("refuses a total that is not digits, and a total other than the server's ('Price changed')", async () => {
    const { id, visitor } = await fundedCustomer();
    const tiktok = await serviceBySlug("tiktok-likes");
    const form = {
      serviceId: tiktok.id,
      targetLink: "https://www.tiktok.com/@typed/video/2",
      quantity: "50",
    };
    for (const expectedTotalCents of ["2.5e1", "-25", "25.0", "0x19"])
      expect(
        visibleText(await refusalFor(visitor, `/order/tiktok-${tiktok.id}`, { ...form, expectedTotalCents })),
      ).toContain("Order Failed");
    expect(
      visibleText(
        await refusalFor(visitor, `/order/tiktok-${tiktok.id}`, { ...form, expectedTotalCents: "2" }),
      ),
    ).toContain("Price changed: The price of this order is now $0.25.");
    await nothingCharged(id, 10_000);
  });

  it("auto order page: per post, posts and followers get their own messages", async () => {
    const { id, visitor } = await fundedCustomer();
    const auto = { username: "typed.counts", deliverySpeed: "normal" };
    for (const perPost of [...NOT_COUNTS, "100001", "99"]) {
      const html = await refusalFor(visitor, "/order/instagram/auto-likes", {
        ...auto,
        perPost,
        posts: "10",
      });
      expect(visibleText(html), perPost).toContain(
        "Invalid quantity: Engagement per post must be between 100 and 100,000.",
      );
    }
    for (const posts of [...BAD_POSTS, "0", ""]) {
      const html = await refusalFor(visitor, "/order/instagram/auto-likes", {
        ...auto,
        perPost: "100",
        posts,
      });
      expect(visibleText(html), posts).toContain(`Invalid Posts: ${POSTS_MESSAGE}`);
    }
    for (const followers of [...NOT_COUNTS, "50001"]) {
      const html = await refusalFor(visitor, "/order/instagram/auto-followers", { ...auto, followers });
      expect(visibleText(html), followers).toContain(
        "Invalid quantity: Quantity must be between 100 and 50,000.",
      );
    }
    await nothingCharged(id, 10_000);
  });

  it("likes pack page: the comments are one of the dropdown's options exactly", async () => {
    const { id, visitor } = await fundedCustomer();
    const pack = {
      packCode: "big",
      targetLink: "https://www.instagram.com/p/TypedPack/",
      deliverySpeed: "normal",
    };
    for (const comments of ["1e1", "10.0", "15", "-10", "+10", "", "١٠"]) {
      const html = await refusalFor(visitor, "/order/real-instagram-likes-big", { ...pack, comments });
      expect(visibleText(html), comments).toContain("Order Failed: Failed to place order. Please try again.");
    }
    await nothingCharged(id, 10_000);
    // "10" is an option: 10 comments at $500/1000 on top of the $12.95 pack.
    const placed = await visitor.request("/order/real-instagram-likes-big", {
      form: { ...pack, comments: "10", idempotencyKey: randomUUID(), expectedTotalCents: "1795" },
    });
    expect(placed.status).toBe(302);
    expect(await balanceOf(id)).toBe(10_000 - 1_795);
  });

  it("Quick Order: quantities that are not 100 to 100,000 get the quantity message", async () => {
    const { id, visitor } = await fundedCustomer();
    const likes = await serviceBySlug("instagram-likes");
    for (const quantity of [...NOT_COUNTS, "100001", "99"]) {
      const html = await refusalFor(visitor, "/quick-order", {
        serviceId: likes.id,
        targetLink: "https://www.instagram.com/p/TypedQuick/",
        quantity,
      });
      // Shown as a toast in the browser: here it travels in the page's action data.
      expect(html, quantity).toContain("Quantity must be between 100 and 100,000.");
      expect(html, quantity).not.toContain("Insufficient funds");
    }
    await nothingCharged(id, 10_000);
  });

  it("Automatic Order: engagement per post and total posts get their own messages", async () => {
    const { id, visitor } = await fundedCustomer();
    const autoLikes = await serviceBySlug("instagram-auto-likes");
    const form = { serviceId: autoLikes.id, username: "typed.counts" };
    for (const perPost of [...NOT_COUNTS, "100001"]) {
      const html = await refusalFor(visitor, "/automatic-order", { ...form, perPost, posts: "10" });
      expect(html, perPost).toContain("Engagement per post must be between 100 and 100,000.");
    }
    for (const posts of [...BAD_POSTS, "0"]) {
      const html = await refusalFor(visitor, "/automatic-order", { ...form, perPost: "100", posts });
      expect(html, posts).toContain(POSTS_MESSAGE);
    }
    await nothingCharged(id, 10_000);
  });

  it("the admin's manual order: quantity and posts get the service's messages, nothing charged", async () => {
    const { visitor } = await signedInAdmin();
    const customer = await fundedCustomer(1_000);
    const likes = await serviceBySlug("instagram-likes");
    const autoLikes = await serviceBySlug("instagram-auto-likes");
    const form = { userId: customer.id, target: "https://www.instagram.com/p/TypedManual/" };
    for (const quantity of [...NOT_COUNTS, "100001", "99"]) {
      const html = await refusalFor(visitor, "/admin/manual-order", {
        ...form,
        serviceId: likes.id,
        quantity,
      });
      expect(html, quantity).toContain("Quantity must be between 100 and 100,000.");
    }
    const auto = { ...form, serviceId: autoLikes.id, target: "typed.counts" };
    for (const quantity of ["150.5", "1e3", "100001"])
      expect(await refusalFor(visitor, "/admin/manual-order", { ...auto, quantity, posts: "10" })).toContain(
        "Engagement per post must be between 100 and 100,000.",
      );
    for (const posts of BAD_POSTS)
      expect(
        await refusalFor(visitor, "/admin/manual-order", { ...auto, quantity: "100", posts }),
        posts,
      ).toContain(POSTS_MESSAGE);
    // Admin spec section 5: posts are required and above 0.
    expect(
      await refusalFor(visitor, "/admin/manual-order", { ...auto, quantity: "100", posts: "0" }),
    ).toContain("Please enter the number of posts for auto services");
    await nothingCharged(customer.id, 1_000);
  });
});

describe("amounts posted to the wallet's Add Funds", () => {
  it("refuses a comma that is not a thousands separator, beside the field, and opens no checkout", async () => {
    const { id, visitor } = await signedInCustomer();
    for (const amount of ["10,50", "1,00", "1000,50"]) {
      const response = await visitor.request("/wallet", { form: { amount } });
      expect(response.status, amount).toBe(200);
      const html = await response.text();
      expect(visibleText(html), amount).toContain(
        "Use a point for cents, for example 10.50 (a comma only separates thousands, as in 1,000).",
      );
      expect(html).toMatch(/aria-invalid="true"/);
    }
    expect(await db().$count(deposits, eq(deposits.userId, id))).toBe(0);
  });

  it("opens a checkout of exactly $10.50 for '$10.50'", async () => {
    const { id, visitor } = await signedInCustomer();
    const response = await visitor.request("/wallet", { form: { amount: "$10.50" } });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/sandbox-checkout\/[0-9a-f-]{36}$/);
    const [deposit] = await db().select().from(deposits).where(eq(deposits.userId, id));
    expect(deposit?.amountCents).toBe(1_050);
  });
});
