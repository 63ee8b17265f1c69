import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../../../app/db/client.server.ts";
import { orders } from "../../../app/db/schema.ts";
import { placeOrder } from "../../../app/domain/orders/place-order.server.ts";
import { setOrderStatus } from "../../../app/domain/orders/set-order-status.server.ts";
import { fundWallet, serviceBySlug } from "../../support/factories.ts";
import { appUrl, createAccount, signedInCustomer, Visitor, visibleText } from "../../support/http.ts";
import { adminPagePaths } from "../../support/route-table.ts";

const adminPaths = adminPagePaths();

describe("the admin area refuses everyone but admins", () => {
  it("finds the admin routes in the route table", () => {
    expect(adminPaths).toEqual(expect.arrayContaining(["/admin", "/admin/orders", "/admin/manual-order"]));
    expect(adminPaths.some((path) => path.startsWith("/admin/users/"))).toBe(true);
  });

  it.each(adminPaths)("%s sends a visitor to /admin-login and refuses their actions", async (path) => {
    const visitor = new Visitor();
    const page = await visitor.request(path);
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/admin-login");
    const action = await visitor.request(path, { form: { intent: "anything" } });
    expect(action.status).toBe(403);
    const dataRequest = await visitor.request(`${path === "/admin" ? "/admin/_index" : path}.data`);
    expect(dataRequest.status).not.toBe(200);
  });

  it.each(adminPaths)("%s sends a customer to /admin-login and refuses their actions", async (path) => {
    const { visitor } = await signedInCustomer();
    const page = await visitor.request(path);
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/admin-login");
    const action = await visitor.request(path, { form: { intent: "anything" } });
    expect(action.status).toBe(403);
  });
});

describe("signed-in pages send visitors to sign in and bring them back", () => {
  it.each(["/dashboard", "/orders", "/profile", "/mass-order"])(
    "%s redirects a visitor to /login?next=...",
    async (path) => {
      const response = await new Visitor().request(`${path}?tab=orders`);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(
        `/login?next=${encodeURIComponent(`${path}?tab=orders`)}`,
      );
    },
  );

  it("shows /dashboard to its signed-in customer", async () => {
    const { visitor, email } = await signedInCustomer();
    const response = await visitor.request("/dashboard");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(email);
  });
});

describe("/orders acts on the customer's own orders only (product rules 10.7)", () => {
  it("answers a cancel or refill of another customer's order 'not found' and changes nothing", async () => {
    const owner = await createAccount();
    await fundWallet(owner.id, 1_000);
    const placed = await placeOrder(db(), {
      userId: owner.id,
      serviceId: (await serviceBySlug("instagram-likes")).id,
      quantity: 150,
      targetLink: "https://www.instagram.com/p/NotYours/",
      deliverySpeed: "normal",
    });
    if (!placed.ok) throw new Error(placed.message);
    const { visitor } = await signedInCustomer();
    const cancel = await visitor.request("/orders", { form: { intent: "cancel", orderId: placed.order.id } });
    expect(cancel.status).toBe(200);
    expect(visibleText(await cancel.text())).toContain("This order does not exist.");
    await setOrderStatus(db(), { orderId: placed.order.id, status: "completed" });
    const refill = await visitor.request("/orders", { form: { intent: "refill", orderId: placed.order.id } });
    expect(refill.status).toBe(200);
    expect(visibleText(await refill.text())).toContain("Order not found");
    const [order] = await db().select().from(orders).where(eq(orders.id, placed.order.id));
    expect(order?.status).toBe("completed");
    // Nor does their list show it.
    const list = await visitor.request(`/orders?q=${placed.order.orderNumber}`);
    expect(visibleText(await list.text())).toContain("No orders match your search");
  });
});

describe("the security baseline", () => {
  it("refuses a state-changing request from another site", async () => {
    const response = await new Visitor().request("/login", {
      form: { email: "a@example.test", password: "whatever" },
      headers: { Origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
  });

  it("sends the security headers with a nonce-only script policy", async () => {
    const response = await fetch(appUrl);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-inline'; script");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    const html = await response.text();
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    // Every script the page carries is allowed by this response's nonce.
    for (const tag of html.match(/<script[^>]*>/g) ?? []) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("answers unknown paths with the 404 page", async () => {
    const response = await fetch(`${appUrl}/no-such-page`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Oops! Page not found");
  });
});
