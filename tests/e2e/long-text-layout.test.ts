import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import {
  apiKeys,
  autoOrders,
  contactMessages,
  orders,
  refills,
  ticketMessages,
  tickets,
  users,
} from "../../app/db/schema.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { signInContext } from "../support/browser-sign-in.ts";
import { type Browser, launchBrowser, openPage } from "../support/chromium.ts";
import { serviceId } from "../support/factories.ts";
import { appUrl, createAccount, createAdminAccount } from "../support/http.ts";

/**
 * People's words never widen a page (product rules 12.1): every field a customer or an admin writes holds a
 * 5,000-character string with no place to break, and no page scrolls sideways on a phone or a laptop. A page
 * that shows user-written text joins PAGES.
 */
const UNBROKEN = 5_000;

/** A string of `length` characters with no space, hyphen or other break opportunity. */
function unbroken(prefix: string, length = UNBROKEN): string {
  return `${prefix}${"x".repeat(length - prefix.length)}`;
}

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
];

type Seeded = { customerId: string; ticketId: string };
type Viewer = "customer" | "admin";

/** The pages that show the seeded words, and who looks at them. */
const PAGES: { path: (seeded: Seeded) => string; viewer: Viewer }[] = [
  { path: () => "/dashboard?tab=orders", viewer: "customer" },
  { path: () => "/dashboard?tab=transactions", viewer: "customer" },
  { path: () => "/dashboard?tab=auto-orders", viewer: "customer" },
  { path: () => "/dashboard?tab=support", viewer: "customer" },
  { path: () => "/orders", viewer: "customer" },
  { path: () => "/orders?status=pending", viewer: "customer" },
  { path: () => "/profile", viewer: "customer" },
  { path: () => "/wallet", viewer: "customer" },
  { path: () => "/admin/tickets", viewer: "admin" },
  { path: (seeded) => `/admin/tickets/${seeded.ticketId}`, viewer: "admin" },
  { path: () => "/admin/orders", viewer: "admin" },
  { path: (seeded) => `/admin/users/${seeded.customerId}`, viewer: "admin" },
  { path: () => "/admin/manual-work", viewer: "admin" },
  { path: () => "/admin/auto-orders", viewer: "admin" },
  { path: () => "/admin/messages", viewer: "admin" },
  { path: () => "/admin/users", viewer: "admin" },
];

let browser: Browser;
let customer: { id: string; email: string; password: string };
let admin: { id: string; email: string; password: string };
let seeded: Seeded;

/** Every user-written field of one customer, filled with unbroken strings, inserted as the shop stores them. */
async function seedLongWords(userId: string): Promise<Seeded> {
  await db()
    .update(users)
    .set({ name: unbroken("name") })
    .where(eq(users.id, userId));
  const likes = await serviceId("Instagram Likes");
  const link = unbroken("https://www.instagram.com/p/");
  const note = unbroken("note");
  const [pending, completed] = await db()
    .insert(orders)
    .values([
      {
        userId,
        serviceId: likes,
        quantity: 100,
        targetLink: link,
        totalCents: cents(150),
        status: "pending",
        delivery: "manual",
        metadata: { created_by_admin: true, manual_order: true, admin_notes: note },
      },
      {
        userId,
        serviceId: likes,
        quantity: 100,
        targetLink: link,
        totalCents: cents(150),
        status: "completed",
        delivery: "manual",
        endedAt: new Date(),
        metadata: { admin_notes: note },
      },
    ])
    .returning({ id: orders.id });
  await db()
    .insert(refills)
    .values({ orderId: completed!.id, userId, delivery: "manual", status: "pending" });
  const [answered, open] = await db()
    .insert(tickets)
    .values([
      {
        userId,
        category: "order",
        orderId: pending!.id,
        subject: unbroken("subject"),
        status: "in_progress",
      },
      { userId, category: "request", subject: unbroken("open") },
    ])
    .returning({ id: tickets.id });
  // Each ticket's thread (product rules 7.8): the customer's message, and on the first an admin's reply.
  await db()
    .insert(ticketMessages)
    .values([
      {
        ticketId: answered!.id,
        authorId: userId,
        authorRole: "customer",
        body: unbroken("See https://example.com/"),
      },
      { ticketId: answered!.id, authorRole: "admin", body: unbroken("reply"), status: "in_progress" },
      { ticketId: open!.id, authorId: userId, authorRole: "customer", body: unbroken("message") },
    ]);
  await db()
    .insert(apiKeys)
    .values({
      userId,
      name: unbroken("key"),
      prefix: "bst_test",
      keyHash: randomBytes(32).toString("hex"),
    });
  await db()
    .insert(autoOrders)
    .values({
      userId,
      serviceId: likes,
      targetUsername: unbroken("user"),
      likesPerPost: 50,
      costPerPostCents: cents(100),
      totalPosts: 4,
      remainingPosts: 4,
    });
  await db()
    .insert(contactMessages)
    .values({
      name: unbroken("name"),
      email: customer.email,
      subject: "general",
      message: unbroken("contact"),
    });
  return { customerId: userId, ticketId: answered!.id };
}

beforeAll(async () => {
  browser = await launchBrowser(inject("chromiumPath"));
  customer = await createAccount();
  admin = await createAdminAccount();
  seeded = await seedLongWords(customer.id);
});
afterAll(async () => {
  await browser?.close();
});

describe("5,000-character unbroken strings in every user-written field", () => {
  for (const viewport of VIEWPORTS) {
    it(`no page scrolls sideways at ${viewport.width} px`, async () => {
      const viewers = {
        customer: await openPage(browser, { viewport }),
        admin: await openPage(browser, { viewport }),
      };
      await signInContext(viewers.customer.context, customer);
      await signInContext(viewers.admin.context, admin);
      const widths: Record<string, number> = {};
      for (const { path, viewer } of PAGES) {
        const { page } = viewers[viewer];
        await page.goto(`${appUrl}${path(seeded)}`);
        await page.waitForLoadState("load");
        widths[path(seeded)] = await page.evaluate(() =>
          Math.max(0, document.documentElement.scrollWidth - window.innerWidth),
        );
      }
      // Every page's overflow at once, so one run names every page that still scrolls.
      expect(widths).toEqual(Object.fromEntries(Object.keys(widths).map((path) => [path, 0])));
      viewers.customer.assertNoConsoleErrors();
      viewers.admin.assertNoConsoleErrors();
      await viewers.customer.context.close();
      await viewers.admin.context.close();
    });
  }
});
