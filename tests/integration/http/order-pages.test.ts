import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../../../app/db/client.server.ts";
import { autoOrders, orders, services } from "../../../app/db/schema.ts";
import { listAutoServices } from "../../../app/domain/catalog/list-auto-services.server.ts";
import { placePackOrder } from "../../../app/domain/orders/place-pack-order.server.ts";
import { createApiKey } from "../../../app/domain/reseller/api-keys.server.ts";
import { balanceOf, fundWallet, serviceBySlug } from "../../support/factories.ts";
import { appUrl, signedInCustomer, Visitor, visibleText } from "../../support/http.ts";

async function page(path: string, visitor = new Visitor()) {
  const response = await visitor.request(path);
  return { status: response.status, response, html: await response.text() };
}

const uniquePost = () => `https://www.instagram.com/p/Http${randomUUID().slice(0, 8)}/`;

describe("order pages for a visitor (server-rendered)", () => {
  it("renders the generic order page for /order/instagram-followers, prefilled from the query", async () => {
    const { status, html } = await page(
      "/order/instagram-followers?pkg=500&link=https%3A%2F%2Finstagram.com%2Fme",
    );
    expect(status).toBe(200);
    const text = visibleText(html);
    expect(text).toContain("Complete Your Order");
    expect(text).toContain("Instagram Followers");
    expect(text).toContain("Target URL");
    expect(text).toContain("Delivery Speed");
    expect(text).toContain("2-3 days");
    // 500 followers at $15/1000, priced on the server's catalogue.
    expect(text).toContain("$7.50");
    expect(html).toContain('value="500"');
    expect(html).toContain('value="https://instagram.com/me"');
    expect(html).toMatch(/<meta name="robots" content="noindex"/);
    expect(html).toMatch(/name="idempotencyKey" value="[0-9a-f-]{36}"/);
  });

  it("resolves {platform}-{id} and bare ids (Facebook, Twitter), without delivery speed off Instagram", async () => {
    const youtube = await serviceBySlug("youtube-views");
    const facebook = await serviceBySlug("facebook-page-likes");
    const prefixed = await page(`/order/youtube-${youtube.id}`);
    expect(prefixed.status).toBe(200);
    expect(visibleText(prefixed.html)).toContain("YouTube Views");
    expect(visibleText(prefixed.html)).not.toContain("Delivery Speed");
    // YouTube Views starts at 1,000: the default 100 is raised to the minimum.
    expect(prefixed.html).toContain('value="1000"');
    const bare = await page(`/order/${facebook.id}`);
    expect(bare.status).toBe(200);
    expect(visibleText(bare.html)).toContain("Facebook Page Likes");
  });

  it.each([
    "/order/not-a-service",
    `/order/${randomUUID()}`,
    "/order/tiktok-00000000-0000-4000-8000-000000000000",
    "/order/instagram/auto-nothing",
    "/order/real-instagram-likes-huge",
  ])("answers 404 for the unknown entry %s", async (path) => {
    const { status, html } = await page(path);
    expect(status).toBe(404);
    expect(visibleText(html)).toContain("Oops! Page not found");
  });

  it("answers 404 when the id belongs to another platform", async () => {
    const instagram = await serviceBySlug("instagram-likes");
    expect((await page(`/order/youtube-${instagram.id}`)).status).toBe(404);
  });

  it("sends an auto service's generic entry to the auto order page", async () => {
    const auto = await serviceBySlug("instagram-auto-likes");
    const response = await new Visitor().request(`/order/instagram-${auto.id}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/order/instagram/${auto.id}`);
  });

  it("shows the likes packs at the catalogue's prices, whatever the price query says", async () => {
    const big = await page("/order/real-instagram-likes-big?price=0.01");
    expect(big.status).toBe(200);
    const text = visibleText(big.html);
    expect(text).toContain("Complete Your Order");
    expect(text).toContain("$12.95");
    expect(text).toContain("+500 likes");
    expect(text).toContain("$2.00");
    expect(text).toContain("+5,000 views");
    expect(text).toContain("No comments");
    expect(text).not.toContain("$0.01");
    const small = visibleText((await page("/order/real-instagram-likes")).html);
    expect(small).toContain("$7.95");
    expect(small).toContain("+250 likes");
    expect(small).toContain("$3.00");
    const override = visibleText((await page("/order/real-instagram-likes-small?pkg=ultima")).html);
    expect(override).toContain("$87.95");
    expect(override).toContain("+50,000 views");
  });

  it("renders the auto order pages with their fields", async () => {
    const likes = await page("/order/instagram/auto-likes");
    expect(likes.status).toBe(200);
    const text = visibleText(likes.html);
    expect(text).toContain("Instagram Auto Likes");
    expect(text).toContain("Instagram username");
    expect(text).toContain("Likes per post");
    expect(text).toContain("Number of posts");
    expect(text).toContain("Cost per post");
    // 100 per post x 10 posts at $4/1000 (product rules 2.4).
    expect(text).toContain("$0.40");
    expect(text).toContain("$4.00");
    expect(likes.html).toMatch(/<meta name="robots" content="noindex"/);
    expect(visibleText((await page("/order/instagram/auto-real-likes")).html)).toContain(
      "Instagram Auto Real Likes",
    );
    expect(visibleText((await page("/order/instagram/auto-views")).html)).toContain("Views per post");
    const followers = visibleText((await page("/order/instagram/auto-followers")).html);
    expect(followers).toContain("Instagram Followers");
    expect(followers).toContain("Number of followers");
    expect(followers).not.toContain("Likes per post");
  });
});

describe("a Package service's pages (docs/decisions/037)", () => {
  it("sells one package at its price: no quantity field on its order page, $X per package wherever it is listed", async () => {
    const slug = `instagram-starter-package-${randomUUID().slice(0, 8)}`;
    const [starter] = await db()
      .insert(services)
      .values({
        slug,
        name: `Instagram Starter Package ${slug.slice(-8)}`,
        platform: "instagram",
        serviceType: "one_time",
        orderType: "package",
        pricePer1000: "7.9500",
        minQuantity: 1,
        maxQuantity: 1,
      })
      .returning();
    try {
      const { status, html } = await page(`/order/${slug}`);
      expect(status).toBe(200);
      const text = visibleText(html);
      expect(text).toContain("1 package");
      expect(text).toContain("$7.95 per package");
      expect(text).not.toContain("per 1000");
      // The one quantity the form sends is the hidden 1: there is no field to type one.
      expect(html.match(/name="quantity"/g)).toHaveLength(1);
      expect(html).toMatch(/<input type="hidden" name="quantity" value="1"\/>/);
      expect(html).toContain('name="expectedTotalCents" value="795"');

      for (const listing of ["/services/instagram", `/service/${slug}`]) {
        const listed = visibleText((await page(listing)).html);
        expect(listed).toContain("$7.95 per package");
        expect(listed).not.toMatch(/\$7\.95\s*\/\s*1000/);
      }

      const { id, visitor } = await signedInCustomer();
      await fundWallet(id, 1_000);
      const placed = await visitor.request(`/order/${slug}`, {
        form: {
          serviceId: starter!.id,
          targetLink: uniquePost(),
          quantity: "1",
          idempotencyKey: randomUUID(),
          expectedTotalCents: "795",
        },
      });
      expect(placed.status).toBe(302);
      const rows = await db().select().from(orders).where(eq(orders.userId, id));
      expect(rows).toMatchObject([{ totalCents: 795, quantity: 1 }]);
      expect(await balanceOf(id)).toBe(1_000 - 795);
    } finally {
      // Other tests read the Instagram list: the package leaves it.
      await db().update(services).set({ enabled: false }).where(eq(services.id, starter!.id));
    }
  });
});

describe("placing orders over HTTP", () => {
  it("charges a signed-in customer the server's price and refuses a tampered total", async () => {
    const { id, visitor } = await signedInCustomer();
    await fundWallet(id, 2_500);
    const link = "https://www.instagram.com/http_customer/";
    const form = {
      serviceId: (await serviceBySlug("instagram-followers")).id,
      targetLink: link,
      quantity: "200",
      deliverySpeed: "fast",
      idempotencyKey: randomUUID(),
    };
    const tampered = await visitor.request("/order/instagram-followers", {
      form: { ...form, expectedTotalCents: "1" },
    });
    expect(tampered.status).toBe(200);
    const refusal = visibleText(await tampered.text());
    expect(refusal).toContain("Complete Your Order");
    expect(refusal).toContain("Price changed: The price of this order is now $3.00.");
    expect(await balanceOf(id)).toBe(2_500);

    const placed = await visitor.request("/order/instagram-followers", {
      form: { ...form, idempotencyKey: randomUUID(), expectedTotalCents: "300" },
    });
    expect(placed.status).toBe(302);
    expect(placed.headers.get("Location")).toBe("/dashboard");
    const rows = await db().select().from(orders).where(eq(orders.userId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      totalCents: 300,
      quantity: 200,
      deliverySpeed: "fast",
      targetLink: link,
    });
    expect(await balanceOf(id)).toBe(2_200);
  });

  it("answers insufficient funds with the spec's text and charges nothing", async () => {
    const { id, visitor } = await signedInCustomer();
    const response = await visitor.request("/order/instagram-followers", {
      form: {
        serviceId: (await serviceBySlug("instagram-followers")).id,
        targetLink: "https://www.instagram.com/broke/",
        quantity: "100",
        idempotencyKey: randomUUID(),
      },
    });
    expect(response.status).toBe(200);
    expect(visibleText(await response.text())).toContain(
      "Insufficient Balance: You need $1.50 but only have $0.00. Please add funds to your wallet.",
    );
    expect(await db().select().from(orders).where(eq(orders.userId, id))).toHaveLength(0);
  });

  it("sends a visitor's order to sign-up and charges nothing", async () => {
    const targetLink = uniquePost();
    const response = await new Visitor().request("/order/instagram-likes?pkg=150", {
      form: {
        serviceId: (await serviceBySlug("instagram-likes")).id,
        targetLink,
        quantity: "150",
        idempotencyKey: randomUUID(),
      },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(
      `/register?next=${encodeURIComponent("/order/instagram-likes?pkg=150")}`,
    );
    expect(await db().select().from(orders).where(eq(orders.targetLink, targetLink))).toHaveLength(0);
  });

  it("prices a big likes pack with every add-on at $32.45 on the server", async () => {
    const { id, visitor } = await signedInCustomer();
    await fundWallet(id, 5_000);
    const targetLink = uniquePost();
    const response = await visitor.request("/order/real-instagram-likes-big", {
      form: {
        packCode: "big",
        targetLink,
        deliverySpeed: "normal",
        extraLikes: "on",
        extraViews: "on",
        comments: "20",
        idempotencyKey: randomUUID(),
        expectedTotalCents: "3245",
      },
    });
    expect(response.status).toBe(302);
    const [order] = await db().select().from(orders).where(eq(orders.targetLink, targetLink));
    expect(order?.totalCents).toBe(3_245);
    expect(order?.quantity).toBe(1_500);
    expect(await balanceOf(id)).toBe(5_000 - 3_245);
  });

  it("places an auto order and a followers order for a username", async () => {
    const { id, visitor } = await signedInCustomer();
    await fundWallet(id, 2_000);
    const auto = await visitor.request("/order/instagram/auto-likes", {
      form: {
        username: "@http_auto",
        perPost: "100",
        posts: "10",
        deliverySpeed: "normal",
        idempotencyKey: randomUUID(),
        expectedTotalCents: "400",
      },
    });
    expect(auto.status).toBe(302);
    expect(auto.headers.get("Location")).toBe("/dashboard?tab=auto-orders");
    const [created] = await db()
      .select()
      .from(autoOrders)
      .where(and(eq(autoOrders.userId, id), eq(autoOrders.targetUsername, "http_auto")));
    expect(created).toMatchObject({ likesPerPost: 100, totalPosts: 10, costPerPostCents: 40 });

    const followers = await visitor.request("/order/instagram/auto-followers", {
      form: {
        username: "http_auto",
        followers: "100",
        idempotencyKey: randomUUID(),
        expectedTotalCents: "150",
      },
    });
    expect(followers.status).toBe(302);
    expect(followers.headers.get("Location")).toBe("/dashboard");
    const [order] = await db().select().from(orders).where(eq(orders.userId, id));
    expect(order).toMatchObject({ totalCents: 150, targetLink: "https://www.instagram.com/http_auto/" });
    expect(await balanceOf(id)).toBe(2_000 - 400 - 150);
  });

  it("refuses an auto order without a username", async () => {
    const { id, visitor } = await signedInCustomer();
    const response = await visitor.request("/order/instagram/auto-views", {
      form: { username: " ", perPost: "100", posts: "10", idempotencyKey: randomUUID() },
    });
    // Said beside the username field, in the page the server renders (product rules 12.3).
    const html = await response.text();
    expect(html).toMatch(/<p id="[^"]+-error" role="alert"[^>]*>Please enter your Instagram username<\/p>/);
    expect(visibleText(html)).not.toContain("Error: Please enter your Instagram username");
    expect(await db().select().from(autoOrders).where(eq(autoOrders.userId, id))).toHaveLength(0);
  });
});

describe("a second order on a link with an active order (product rules 4.27)", () => {
  it("is refused about the link in the panels' words, charging nothing", async () => {
    const { id, visitor } = await signedInCustomer();
    await fundWallet(id, 2_500);
    const form = {
      serviceId: (await serviceBySlug("instagram-followers")).id,
      targetLink: `https://www.instagram.com/dup_${randomUUID().slice(0, 8)}/`,
      quantity: "200",
      deliverySpeed: "fast",
      expectedTotalCents: "300",
    };
    const first = await visitor.request("/order/instagram-followers", {
      form: { ...form, idempotencyKey: randomUUID() },
    });
    expect(first.status).toBe(302);
    const second = await visitor.request("/order/instagram-followers", {
      form: { ...form, idempotencyKey: randomUUID() },
    });
    expect(second.status).toBe(200);
    // Answered about the link, in the form the server renders, as the page says its link refusals (rules 12.3);
    // the domain's test is tests/integration/duplicate-link.test.ts.
    expect(visibleText(await second.text())).toContain(
      "You have active order with this link. Please wait until order being completed.",
    );
    expect(await db().select().from(orders).where(eq(orders.userId, id))).toHaveLength(1);
    expect(await balanceOf(id)).toBe(2_200);
  });
});

describe("visitors on the auto order and free trial pages", () => {
  it("sends visitors to sign in (automatic order) or sign up (free trial) and back", async () => {
    const visitor = new Visitor();
    const automatic = await visitor.request("/automatic-order");
    expect(automatic.status).toBe(302);
    expect(automatic.headers.get("Location")).toBe("/login?next=%2Fautomatic-order");
    const trialPage = await visitor.request("/free-trial");
    expect(trialPage.status).toBe(200);
    const html = await trialPage.text();
    expect(html).toContain('href="/register?next=/free-trial"');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    const claim = await visitor.request("/free-trial", { form: { trial: "likes", targetLink: "x" } });
    expect(claim.headers.get("Location")).toBe("/register?next=/free-trial");
  });
});

describe("a customer's orders", () => {
  it("lists a likes pack's add-ons on the customer's order, each with what it cost", async () => {
    const customer = await signedInCustomer();
    await fundWallet(customer.id, 5_000);
    const placed = await placePackOrder(db(), {
      userId: customer.id,
      packCode: "big",
      targetLink: uniquePost(),
      deliverySpeed: "normal",
      extraLikes: true,
      extraViews: true,
      comments: 20,
    });
    if (!placed.ok) throw new Error(placed.message);
    const { html } = await page(`/orders?q=${placed.order.orderNumber}`, customer.visitor);
    const card = html.split('data-testid="customer-order"')[1] ?? "";
    const items = (card.split('data-testid="order-parts"')[1]?.split("</ul>")[0] ?? "")
      .split("<li")
      .slice(1)
      .map((item) => visibleText(`<li${item}`));
    // Product rules 3.7's vector: $12.95 + $2.00 + $7.50 + $10.00 = $32.45.
    expect(items).toEqual([
      "Real Instagram Likes (Big pack): 1,000$12.95",
      "Extra Instagram Likes: 500$2.00",
      "Extra Instagram Views: 5,000$7.50",
      "Instagram Real Comments: 20$10.00",
    ]);
    expect(visibleText(card)).toContain("$32.45");
  });

  it("lists a subscription placed through the API under the id the API answered, and finds it by that id", async () => {
    const customer = await signedInCustomer();
    await fundWallet(customer.id, 5_000);
    const created = await createApiKey(db(), { userId: customer.id, name: "Panel" });
    if (!created.ok) throw new Error(created.message);
    const [autoLikes] = (await listAutoServices(db())).filter((service) => service.platform === "instagram");
    const answer = await fetch(`${appUrl}/api/v2`, {
      method: "POST",
      body: new URLSearchParams({
        key: created.key,
        action: "add",
        service: String(autoLikes!.apiId),
        username: "https://www.instagram.com/api_subscriber/",
        min: String(autoLikes!.minQuantity),
        max: String(autoLikes!.minQuantity),
        posts: "4",
      }),
    });
    const { order } = (await answer.json()) as { order: number };
    expect(Number.isSafeInteger(order)).toBe(true);
    for (const path of ["/orders", `/orders?q=${order}`, `/orders?q=ORD-${order}`]) {
      const { html } = await page(path, customer.visitor);
      const rows = html.split('data-testid="customer-subscription"').slice(1).map(visibleText);
      expect(rows, path).toHaveLength(1);
      expect(rows[0], path).toContain(`ORD-${order}`);
      expect(rows[0], path).toContain("@api_subscriber");
      expect(rows[0], path).toContain("0 of 4 posts served");
    }
    // Another number finds no subscription.
    const { html } = await page("/orders?q=ORD-1", customer.visitor);
    expect(html).not.toContain('data-testid="customer-subscription"');
  });
});
