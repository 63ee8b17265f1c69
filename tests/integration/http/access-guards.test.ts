import { describe, expect, it } from "vitest";
import { appUrl, signedInCustomer, Visitor } from "../../support/http.ts";
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
  it.each(["/dashboard", "/profile", "/mass-order"])(
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
