import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "../../../app/db/client.server.ts";
import { orders, platforms, serviceCategories, services } from "../../../app/db/schema.ts";
import { formatServiceName } from "../../../app/domain/catalog/product-name.ts";
import { fundWallet } from "../../support/factories.ts";
import {
  appUrl,
  secondAppUrl,
  signedInAdmin,
  signedInCustomer,
  type Visitor,
  visibleText,
} from "../../support/http.ts";
import { redirectToast } from "../../support/redirect-toast.ts";

// A platform the operator adds (docs/decisions/038), seen from outside on the run's two app servers: its list at
// /services/{slug} (its services grouped by category, the same cards), its place in the Services menus, its
// services ordered through the generic entry with its own link rule, and every change on the next visitor page of
// either server (the content version moves with platforms and categories, docs/decisions/035). The servers'
// database is shared by the run: the platform is this test's own and goes when it ends.

const SERVERS = [appUrl, secondAppUrl];
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function visit(base: string, path: string) {
  const response = await fetch(new URL(path, base), { redirect: "manual" });
  return { response, html: await response.text() };
}

/** The very next visitor page of `path` on every server: no waiting, no retry. */
async function everyVisitorPage(path: string): Promise<string[]> {
  return Promise.all(SERVERS.map(async (base) => (await visit(base, path)).html));
}

/**
 * A platform of this test's own, added unlisted through the admin's Platforms page, removed when the test ends.
 * Listed only as long as a check needs it: another file reads the sitemap and every page it lists.
 */
async function addPlatform(admin: Visitor) {
  const marker = randomUUID().slice(0, 8);
  const slug = `telegram-${marker}`;
  const name = `Telegram ${marker}`;
  cleanups.push(async () => {
    // Its services may have orders (and their ledger rows): they stay, disabled, on "other".
    await db()
      .update(services)
      .set({ platform: "other", categoryId: null, enabled: false })
      .where(eq(services.platform, slug));
    await db().delete(serviceCategories).where(eq(serviceCategories.platform, slug));
    await db().delete(platforms).where(eq(platforms.slug, slug));
  });
  const created = await admin.request("/admin/platforms", {
    form: { intent: "create", slug, name, linkHosts: "t.me, telegram.me", sortOrder: "900" },
  });
  const { location, toast } = await redirectToast(admin, created);
  expect(location).toBe(`/admin/platforms?edit=${slug}`);
  expect(toast).toMatchObject({ title: "Platform created", description: name });
  return { slug, name };
}

describe("a platform the operator adds", () => {
  it("gets a list page grouped by category and a place in the menus, on the next visitor page of both servers", async () => {
    const { visitor: admin } = await signedInAdmin();
    const { slug, name } = await addPlatform(admin);
    const listed = (on: boolean) =>
      admin.request("/admin/platforms", {
        form: {
          intent: "update",
          slug,
          name,
          linkHosts: "t.me, telegram.me",
          sortOrder: "900",
          ...(on ? { listed: "on" } : {}),
        },
      });
    cleanups.push(() => listed(false));

    // A category and two services: one in it, one in none.
    const category = await admin.request("/admin/platforms", {
      form: { intent: "add-category", slug, name: "Members", sortOrder: "10" },
    });
    expect(category.status).toBe(302);
    const [members] = await db()
      .select({ id: serviceCategories.id })
      .from(serviceCategories)
      .where(eq(serviceCategories.platform, slug));
    const serviceForm = (serviceName: string, categoryId: string) => ({
      intent: "create",
      name: serviceName,
      platform: slug,
      categoryId,
      serviceType: "one_time",
      targetKind: "profile",
      pricePer1000: "3",
      minQuantity: "10",
      maxQuantity: "10000",
      enabled: "on",
    });
    for (const form of [serviceForm(`${name} Members`, members!.id), serviceForm(`${name} Reactions`, "")]) {
      const saved = await admin.request("/admin/services", { form });
      expect(saved.status, form.name).toBe(302);
    }
    const [grouped] = await db()
      .select()
      .from(services)
      .where(eq(services.name, `${name} Members`));
    expect(grouped).toMatchObject({ platform: slug, categoryId: members!.id });

    // Unlisted: no list, no menu entry.
    for (const base of SERVERS) {
      expect((await visit(base, `/services/${slug}`)).response.status).toBe(404);
      expect((await visit(base, "/")).html).not.toContain(`href="/services/${slug}"`);
    }

    // Listed: the Services menu and the footer link it at once (the header's row keeps the specification's five).
    expect((await listed(true)).status).toBe(302);
    for (const html of await everyVisitorPage("/")) {
      expect(html).toContain(`href="/services/${slug}"`);
      expect(visibleText(html)).toContain(name);
    }
    for (const html of await everyVisitorPage(`/services/${slug}`)) {
      const text = visibleText(html);
      expect(text).toContain(`${name} Services`);
      expect(text).toContain(`More ${name} Services`);
      expect(text).toContain("Members");
      expect(text).toContain(`Why choose Boostly for ${name}?`);
      // The same cards: price, limits, and Order Now through the generic entry (/order/{id}).
      expect(text).toContain("Starting at $3.00/1000");
      expect(html).toContain(`href="/register?next=${encodeURIComponent(`/order/${grouped!.id}`)}"`);
      // As the storefront writes a service's name (formatServiceName), the ungrouped first.
      const [reactions, inCategory] = [`${name} Reactions`, `${name} Members`].map(formatServiceName);
      expect(text.indexOf(reactions!)).toBeGreaterThan(-1);
      expect(text.indexOf(reactions!)).toBeLessThan(text.indexOf(inCategory!));
    }
    const sitemap = await (await fetch(new URL("/sitemap.xml", appUrl))).text();
    expect(sitemap).toContain(`${appUrl}/services/${slug}</loc>`);
    await expect
      .poll(async () => (await visit(appUrl, `/services/${slug}`)).response.headers.get("X-Render-Cache"))
      .toBe("hit");

    // A category renamed shows on the next visitor page, although the list was kept.
    const renamed = await admin.request("/admin/platforms", {
      form: { intent: "save-category", slug, categoryId: members!.id, name: "Subscribers", sortOrder: "10" },
    });
    expect(renamed.status).toBe(302);
    for (const html of await everyVisitorPage(`/services/${slug}`)) {
      expect(visibleText(html)).toContain("Subscribers");
    }

    // Unlisted again: gone from the list's address and the menus on the next page.
    expect((await listed(false)).status).toBe(302);
    for (const base of SERVERS) {
      expect((await visit(base, `/services/${slug}`)).response.status).toBe(404);
      expect((await visit(base, "/")).html).not.toContain(`href="/services/${slug}"`);
    }
  });

  it("takes orders through the generic entry with its own link rule, checked on the page and on the server", async () => {
    const { visitor: admin } = await signedInAdmin();
    const { slug, name } = await addPlatform(admin);
    const saved = await admin.request("/admin/services", {
      form: {
        intent: "create",
        name: `${name} Members`,
        platform: slug,
        serviceType: "one_time",
        targetKind: "profile",
        pricePer1000: "3",
        minQuantity: "10",
        maxQuantity: "10000",
        enabled: "on",
      },
    });
    expect(saved.status).toBe(302);
    const [service] = await db().select().from(services).where(eq(services.platform, slug));

    // The page carries the platform's hosts with the service (its loader data), which the browser's check reads.
    const page = await visit(appUrl, `/order/${service!.id}`);
    expect(page.response.status).toBe(200);
    expect(visibleText(page.html)).toContain(`${name} Members`);
    expect(page.html).toContain("telegram.me");
    expect((await visit(appUrl, `/order/${slug}-${service!.id}`)).response.status).toBe(404);

    const customer = await signedInCustomer();
    await fundWallet(customer.id, 1_000);
    const order = (targetLink: string) =>
      customer.visitor.request(`/order/${service!.id}`, {
        form: {
          serviceId: service!.id,
          targetLink,
          quantity: "100",
          deliverySpeed: "normal",
          idempotencyKey: randomUUID(),
        },
      });
    const refused = await order("https://www.instagram.com/p/C0ffeeBean12/");
    expect(refused.status).toBe(200);
    expect(visibleText(await refused.text())).toContain(`Please enter a valid ${name} link`);
    const placed = await order("https://t.me/boostly_channel");
    expect(placed.status).toBe(302);
    expect(placed.headers.get("Location")).toBe("/dashboard");
    const [row] = await db().select().from(orders).where(eq(orders.serviceId, service!.id));
    expect(row).toMatchObject({ targetLink: "https://t.me/boostly_channel", totalCents: 30 });
  });
});
