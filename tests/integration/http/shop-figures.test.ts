import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { connect, type Database } from "../../../app/db/client.server.ts";
import { services, ticketMessages, tickets, users } from "../../../app/db/schema.ts";
import { listPlatformFromPrices } from "../../../app/domain/catalog/list-platform-from-prices.server.ts";
import { formatCents } from "../../../app/lib/format-money.ts";
import { SLOW_WAIT_TIMEOUT_MS } from "../../support/constants.ts";
import { startAppServerOnOwnDatabase } from "../../support/global-setup.ts";
import { appUrl, visibleText } from "../../support/http.ts";

/**
 * The storefront's figures as rendered (product rules 7.9 to 7.11), on a shop of its own so its customers and
 * tickets are the test's alone. How each figure is measured and rounded is asserted at the levels below
 * (tests/unit/shop-figures.test.ts, tests/integration/shop-figures.test.ts).
 */
let shop: { url: string; db: Database; end(): Promise<void>; stop(): Promise<void> };

beforeAll(async () => {
  const server = await startAppServerOnOwnDatabase({
    pgServerUrl: inject("pgServerUrl"),
    databaseName: "boostly_figures",
  });
  const connection = connect(server.databaseUrl, 2);
  shop = { url: server.appUrl, db: connection.db, end: () => connection.pool.end(), stop: server.stop };
}, SLOW_WAIT_TIMEOUT_MS);

afterAll(async () => {
  await shop?.stop();
  await shop?.end();
});

/**
 * A page as a visitor's first view renders it now. Customers and tickets move no content version, so a kept page
 * may show a figure up to SHOP_FIGURES_MAX_AGE_MINUTES old (product rules 7.12); a cookie the cache does not know
 * steps it aside, as a first view after that period would.
 */
async function freshPage(path: string): Promise<string> {
  const response = await fetch(new URL(path, shop.url), { headers: { Cookie: "figures_test=1" } });
  expect(response.status, path).toBe(200);
  return response.text();
}

/** Each platform card of the home page with its from-price as shown. */
function platformCards(html: string): Record<string, string> {
  const cards: Record<string, string> = {};
  for (const match of html.matchAll(/<li data-platform="([^"]+)">([\s\S]*?)<\/li>/g))
    cards[match[1]!] = visibleText(
      /data-testid="platform-from-price">([\s\S]*?<\/span>[^<]*)<\/span>/.exec(match[2]!)?.[1] ?? "",
    ).trim();
  return cards;
}

describe("the home page's platform cards (product rules 7.9)", () => {
  it("quote the catalogue's from-price of each platform, and follow a price change", async () => {
    const expected = async () =>
      Object.fromEntries(
        [...(await listPlatformFromPrices(shop.db))]
          .filter(([platform]) => ["instagram", "youtube", "spotify", "tiktok"].includes(platform))
          .map(([platform, price]) => [platform, `from ${formatCents(price)} an order`]),
      );
    // The home page as visitors get it, kept or not: a price change moves the content version.
    const home = async () => (await fetch(new URL("/", shop.url))).text();
    const before = platformCards(await home());
    expect(Object.keys(before).sort()).toEqual(["instagram", "spotify", "tiktok", "youtube"]);
    expect(before).toEqual(await expected());

    await shop.db
      .update(services)
      .set({ pricePer1000: "0.0100", minQuantity: 1000 })
      .where(eq(services.slug, "tiktok-views"));
    await shop.db.update(services).set({ enabled: false }).where(eq(services.platform, "spotify"));
    const after = platformCards(await home());
    expect(after.tiktok).toBe("from $0.01 an order");
    expect(after).not.toHaveProperty("spotify");
    expect(after).toEqual(await expected());
  });

  it("Real Instagram Likes shows its packs' sizes, not a quantity range", async () => {
    const card = /data-testid="real-likes-card"[\s\S]*?<\/article>/.exec(
      await freshPage("/services/instagram"),
    )?.[0];
    expect(visibleText(card ?? "")).toContain("Packs500, 1,000 or 10,000 likes");
    expect(visibleText(card ?? "")).not.toMatch(/Min|Max|50,000/);
  });
});

describe("the customer count (product rules 7.10)", () => {
  it("is hidden on a small shop and shown rounded down above the threshold", async () => {
    await shop.db.insert(users).values({ email: "first@example.test", emailVerified: true });
    for (const path of ["/", "/about", "/reviews"])
      expect(await freshPage(path), path).not.toMatch(/data-testid="shop-figure"|Trusted by/);

    await shop.db.execute(sql`
      insert into users (email, email_verified)
      select 'many-' || n || '@example.test', true from generate_series(1, 1233) n`);
    const home = visibleText(await freshPage("/"));
    expect(home).toContain("Trusted by 1,200+ customers");
    expect(home).toContain("Customers1,200+");
    for (const path of ["/about", "/reviews"])
      expect(visibleText(await freshPage(path)), path).toContain("Customers1,200+");
  });
});

describe("support's reply time (product rules 7.11)", () => {
  it("is hidden with too few answered tickets and shown as the measured median with enough", async () => {
    const [customer] = await shop.db.select({ id: users.id }).from(users).limit(1);
    const answeredAfter = async (minutes: number) => {
      const opened = Date.now() - 24 * 60 * 60_000;
      const [ticket] = await shop.db
        .insert(tickets)
        .values({ userId: customer!.id, category: "request", subject: "Help", createdAt: new Date(opened) })
        .returning();
      await shop.db.insert(ticketMessages).values([
        { ticketId: ticket!.id, authorRole: "customer", body: "Hello", createdAt: new Date(opened) },
        {
          ticketId: ticket!.id,
          authorRole: "admin",
          body: "Hi",
          createdAt: new Date(opened + minutes * 60_000),
        },
      ]);
    };
    for (const minutes of [5, 20, 25, 300]) await answeredAfter(minutes);
    expect(await freshPage("/")).not.toContain("median reply time");

    await answeredAfter(40);
    // 5, 20, 25, 40, 300 minutes: the median is 25.
    for (const path of ["/", "/about"])
      expect(visibleText(await freshPage(path)), path).toContain(
        "median reply time, tickets of the last 30 days25 minutes",
      );
  });
});

describe("no invented figure on any page of the sitemap (product rules 7.9 to 7.11)", () => {
  it("says no 98%, 50,000+, 2 hours or Min 100", async () => {
    const xml = await (await fetch(`${appUrl}/sitemap.xml`)).text();
    const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (match) => new URL(match[1]!.replace(/&amp;/g, "&")).pathname,
    );
    expect(paths).toContain("/");
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) {
      const response = await fetch(new URL(path, appUrl));
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(visibleText(html), path).not.toMatch(/98%|50,000\+|2 hours|Min 100|satisfaction/i);
      expect(html, path).not.toMatch(/98%|50,000\+|satisfaction rate/i);
    }
  });
});
