import { randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../../../app/db/client.server.ts";
import { userRoles, users } from "../../../app/db/schema.ts";
import { placeOrder } from "../../../app/domain/orders/place-order.server.ts";
import { setOrderStatus } from "../../../app/domain/orders/set-order-status.server.ts";
import { answerTicket } from "../../../app/domain/tickets/answer-ticket.server.ts";
import { createTicket } from "../../../app/domain/tickets/create-ticket.server.ts";
import { formatCents } from "../../../app/lib/format-money.ts";
import { signedToastValue } from "../../../app/lib/toast.server.ts";
import { TEST_AUTH_SECRET } from "../../support/constants.ts";
import { cspNonce, scriptNonces } from "../../support/csp.ts";
import { createUser, fundWallet, serviceBySlug } from "../../support/factories.ts";
import { appUrl, secondAppUrl, signedInCustomer, uniqueEmail } from "../../support/http.ts";

// The account page cache (docs/decisions/032-account-page-cache.md, 035-versioned-page-caches.md), seen from
// outside: a signed-in customer's dashboard on the two app servers of the run, which share one database. A change
// shows on the very next page on either server: nothing here waits for it. Other files change the shop's content
// while this one runs (a new content version), so a "served from the cache" check asks again until it is.

const SERVERS = [appUrl, secondAppUrl];
const HIT = { timeout: 15_000, interval: 100 };

type Customer = Awaited<ReturnType<typeof signedInCustomer>>;

/** A GET (or HEAD) of `path` on `base` with exactly this Cookie header, redirects not followed. */
async function get(base: string, path: string, cookie: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (cookie) headers.set("Cookie", cookie);
  const response = await fetch(new URL(path, base), { ...init, headers, redirect: "manual" });
  const html = await response.text();
  return { response, html, cache: response.headers.get("X-Render-Cache") };
}

const dashboard = (base: string, customer: Customer, path = "/dashboard") =>
  get(base, path, customer.visitor.cookieHeader());

async function reachHit(customer: Customer, bases = SERVERS, path = "/dashboard") {
  for (const base of bases) {
    await expect.poll(async () => (await dashboard(base, customer, path)).cache, HIT).toBe("hit");
  }
}

/** Checks that the customer's very next dashboard shows the change on every server: no waiting, no retry. */
async function expectShownEverywhere(
  customer: Customer,
  shown: (html: string) => boolean,
  what: string,
  path = "/dashboard",
) {
  for (const base of SERVERS) {
    expect(shown((await dashboard(base, customer, path)).html), `${base}${path}: ${what}`).toBe(true);
  }
}

const balanceLabel = (cents: number) => `aria-label="Wallet balance ${formatCents(cents)}"`;
const hasStatus = (html: string, label: string) =>
  new RegExp(`data-testid="status-badge"[^>]*>${label}<`).test(html);

describe("a customer's dashboard from the account page cache", () => {
  it("serves it again privately, with a fresh nonce on every script, gzipped or plain, and for HEAD", async () => {
    const customer = await signedInCustomer();
    await reachHit(customer, [appUrl]);
    const first = await dashboard(appUrl, customer);
    const second = await dashboard(appUrl, customer);
    for (const { response, html, cache } of [first, second]) {
      expect([response.status, cache]).toEqual([200, "hit"]);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      expect(html).toContain(customer.email);
      const nonces = scriptNonces(html);
      expect(nonces.length).toBeGreaterThan(0);
      expect(nonces.every((nonce) => nonce === cspNonce(response))).toBe(true);
      expect(html).not.toMatch(/cspnonce[0-9a-f]{24}/);
    }
    expect(cspNonce(first.response)).not.toBe(cspNonce(second.response));

    // The same kept page, compressed or not: equal once each response's own nonce is taken out.
    const plain = await get(appUrl, "/dashboard", customer.visitor.cookieHeader(), {
      headers: { "Accept-Encoding": "identity" },
    });
    expect(plain.response.headers.get("Content-Encoding")).toBeNull();
    const zipped = await new Promise<{ nonce: string; encoding?: string; body: Buffer }>(
      (resolve, reject) => {
        const headers = { "Accept-Encoding": "gzip", Cookie: customer.visitor.cookieHeader() };
        httpRequest(new URL("/dashboard", appUrl), { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => {
            const csp = String(res.headers["content-security-policy"] ?? "");
            const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? "";
            resolve({ nonce, encoding: res.headers["content-encoding"], body: Buffer.concat(chunks) });
          });
        })
          .on("error", reject)
          .end();
      },
    );
    expect(zipped.encoding).toBe("gzip");
    expect(gunzipSync(zipped.body).toString().replaceAll(zipped.nonce, "NONCE")).toBe(
      plain.html.replaceAll(cspNonce(plain.response), "NONCE"),
    );

    const head = await get(appUrl, "/dashboard", customer.visitor.cookieHeader(), { method: "HEAD" });
    expect([head.response.status, head.cache, head.html]).toEqual([200, "hit", ""]);
  });

  it("never answers one customer with another's page, nor a signed-out cookie with the kept page", async () => {
    const [alice, bob] = await Promise.all([signedInCustomer(), signedInCustomer()]);
    await Promise.all([fundWallet(alice.id, 1_111), fundWallet(bob.id, 2_222)]);
    await expectShownEverywhere(alice, (html) => html.includes(balanceLabel(1_111)), "Alice's balance");
    await expectShownEverywhere(bob, (html) => html.includes(balanceLabel(2_222)), "Bob's balance");
    for (const customer of [alice, bob]) await reachHit(customer);
    const pages = await Promise.all(
      Array.from({ length: 8 }, (_, index) => {
        const customer = index % 2 ? bob : alice;
        return dashboard(SERVERS[index % 4 < 2 ? 0 : 1]!, customer).then((page) => ({ customer, ...page }));
      }),
    );
    for (const { customer, html } of pages) {
      const other = customer === alice ? bob : alice;
      expect(html).toContain(customer.email);
      expect(html).not.toContain(other.email);
      expect(html).toContain(balanceLabel(customer === alice ? 1_111 : 2_222));
      expect(html).not.toContain(balanceLabel(customer === alice ? 2_222 : 1_111));
    }

    const oldCookie = alice.visitor.cookieHeader();
    const signOut = await alice.visitor.request("/logout", { method: "POST" });
    expect([302, 303]).toContain(signOut.status);
    for (const base of SERVERS) {
      const after = await get(base, "/dashboard", oldCookie);
      expect(after.response.status).toBe(302);
      expect(after.response.headers.get("location")).toBe("/login?next=%2Fdashboard");
      expect(after.html).not.toContain(alice.email);
    }
  });

  it("shows a balance change on the next page on both servers, on every tab kept", async () => {
    const customer = await signedInCustomer();
    const paths = ["/dashboard", "/dashboard?tab=transactions"];
    for (const path of paths) await reachHit(customer, SERVERS, path);
    await fundWallet(customer.id, 4_321);
    for (const path of paths) {
      await expectShownEverywhere(
        customer,
        (html) => html.includes(balanceLabel(4_321)),
        "the balance",
        path,
      );
    }
  });

  it("shows a new order, then its status change, on the next page on both servers", async () => {
    const customer = await signedInCustomer();
    await fundWallet(customer.id, 1_000);
    await expectShownEverywhere(customer, (html) => html.includes(balanceLabel(1_000)), "the funded balance");
    await reachHit(customer);
    const placed = await placeOrder(db(), {
      userId: customer.id,
      serviceId: (await serviceBySlug("instagram-likes")).id,
      quantity: 100,
      targetLink: "https://www.instagram.com/p/AccountCache/",
      deliverySpeed: "normal",
    });
    if (!placed.ok) throw new Error(placed.message);
    await expectShownEverywhere(customer, (html) => html.includes(placed.order.orderNumber), "the new order");
    await reachHit(customer);
    const cancelled = await setOrderStatus(db(), { orderId: placed.order.id, status: "cancelled" });
    expect(cancelled.ok).toBe(true);
    await expectShownEverywhere(customer, (html) => hasStatus(html, "Cancelled"), "the cancelled order");
  });

  it("shows an admin's ticket reply on the next page on both servers", async () => {
    const customer = await signedInCustomer();
    const admin = await createUser({ admin: true });
    const subject = `Cache ticket ${randomUUID().slice(0, 8)}`;
    const ticket = await createTicket(db(), {
      userId: customer.id,
      category: "request",
      subject,
      message: "Hi",
    });
    if (!ticket.ok) throw new Error(ticket.message);
    await expectShownEverywhere(customer, (html) => html.includes(subject), "the ticket");
    await reachHit(customer);
    const reply = `Admin reply ${randomUUID().slice(0, 8)}`;
    const answered = await answerTicket(db(), {
      adminId: admin.id,
      ticketId: ticket.ticket.id,
      status: "in_progress",
      response: reply,
    });
    expect(answered.ok).toBe(true);
    await expectShownEverywhere(customer, (html) => html.includes(reply), "the admin's reply");
  });

  it("shows the admin role granted (the header's Admin link) and a changed e-mail on the next page on both servers", async () => {
    const customer = await signedInCustomer();
    await reachHit(customer);
    expect((await dashboard(appUrl, customer)).html).not.toContain('href="/admin"');
    await db().insert(userRoles).values({ userId: customer.id, role: "admin" });
    await expectShownEverywhere(customer, (html) => html.includes('href="/admin"'), "the Admin link");
    await reachHit(customer);
    const email = uniqueEmail("renamed");
    await db().update(users).set({ email }).where(eq(users.id, customer.id));
    await expectShownEverywhere(customer, (html) => html.includes(email), "the new e-mail address");
  });

  it("shows the customer's own form post on their very next page from either server", async () => {
    const customer = await signedInCustomer();
    await reachHit(customer);
    const subject = `Own ticket ${randomUUID().slice(0, 8)}`;
    const posted = await customer.visitor.request("/dashboard", {
      form: { intent: "create-ticket", category: "request", subject, message: "Where is my order?" },
    });
    expect(posted.status).toBe(200);
    await posted.text();
    for (const base of SERVERS) {
      const next = await dashboard(base, customer);
      expect(next.response.status).toBe(200);
      expect(next.html).toContain(subject);
    }
  });

  it("keeps the customer's pages through the analytics beacon every page view sends", async () => {
    const customer = await signedInCustomer();
    await reachHit(customer, [appUrl]);
    // Asked again because a content change elsewhere may empty the cache between the beacon and the page.
    await expect
      .poll(async () => {
        const beacon = await customer.visitor.request("/api/events", {
          json: { name: "page_view", properties: {}, path: "/dashboard" },
        });
        expect(beacon.status).toBe(204);
        return (await dashboard(appUrl, customer)).cache;
      }, HIT)
      .toBe("hit");
  });

  it("renders outside the cache for a toast or any other cookie, and keeps one page per tab whatever else the query says", async () => {
    const customer = await signedInCustomer();
    const cookie = customer.visitor.cookieHeader();
    const toastText = `Cache toast ${randomUUID().slice(0, 8)}`;
    const toast = encodeURIComponent(
      signedToastValue({ title: toastText, variant: "default", path: "/dashboard" }, TEST_AUTH_SECRET),
    );
    await reachHit(customer, [appUrl]);
    await reachHit(customer, [appUrl], "/dashboard?tab=support");
    const withToast = await get(appUrl, "/dashboard", `${cookie}; boostly_toast=${toast}`);
    const withOther = await get(appUrl, "/dashboard", `${cookie}; something=else`);
    for (const page of [withToast, withOther]) {
      expect(page.response.status).toBe(200);
      expect([null, "bypass"]).toContain(page.cache);
      expect(page.response.headers.get("Cache-Control")).toBe("private, no-store");
      expect(page.html).toContain(customer.email);
      expect(page.html).not.toMatch(/cspnonce[0-9a-f]{24}/);
    }
    expect(withToast.html).toContain(toastText);
    // A parameter the dashboard does not read shares the page's entry (docs/decisions/035).
    await expect
      .poll(async () => {
        const withQuery = await get(appUrl, "/dashboard?utm_source=mail&x=1", cookie);
        const withTabAndQuery = await get(appUrl, "/dashboard?x=1&tab=support", cookie);
        return [withQuery.cache, withTabAndQuery.cache, withQuery.html.includes(customer.email)];
      }, HIT)
      .toEqual(["hit", "hit", true]);
    // The toast is neither kept nor shown again from the cache.
    await reachHit(customer, [appUrl]);
    expect((await dashboard(appUrl, customer)).html).not.toContain(toastText);
    // Analytics' visitor cookie changes nothing on the page: it may be served from the cache.
    await expect
      .poll(async () => (await get(appUrl, "/dashboard", `${cookie}; boostly_visitor=abc`)).cache, HIT)
      .toBe("hit");
  });
});
