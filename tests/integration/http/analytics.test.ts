import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../../../app/db/client.server.ts";
import { analyticsEvents, rateLimits } from "../../../app/db/schema.ts";
import { appUrl, signedInCustomer, Visitor } from "../../support/http.ts";

function visitorIdOf(visitor: Visitor): string | undefined {
  return /boostly_visitor=([^;]+)/.exec(visitor.cookieHeader())?.[1];
}

async function eventsOf(visitorId: string) {
  return db().select().from(analyticsEvents).where(eq(analyticsEvents.visitorId, visitorId));
}

function post(visitor: Visitor, body: unknown) {
  return visitor.request("/api/events", { json: body });
}

describe("POST /api/events", () => {
  it("stores a known event with a first-party visitor id in an HttpOnly, SameSite=Lax cookie and answers 204", async () => {
    const visitor = new Visitor();
    const response = await post(visitor, {
      name: "button_click",
      properties: { button_name: "hero_cta", location: "home" },
      path: "/",
    });
    expect(response.status).toBe(204);
    const cookie = response.headers.getSetCookie().find((header) => header.startsWith("boostly_visitor="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    const visitorId = visitorIdOf(visitor)!;
    expect(visitorId).toMatch(/^[A-Za-z0-9_-]{22}$/);

    // The same browser keeps its id: no new cookie, both events under it.
    const again = await post(visitor, { name: "page_view", properties: {}, path: "/services/instagram" });
    expect(again.status).toBe(204);
    expect(again.headers.getSetCookie()).toEqual([]);
    const rows = await eventsOf(visitorId);
    expect(rows.map((row) => [row.name, row.path, row.userId])).toEqual(
      expect.arrayContaining([
        ["button_click", "/", null],
        ["page_view", "/services/instagram", null],
      ]),
    );
    expect(rows.find((row) => row.name === "button_click")?.properties).toEqual({
      button_name: "hero_cta",
      location: "home",
    });
  });

  it("records the signed-in customer's id", async () => {
    const { id, visitor } = await signedInCustomer();
    const response = await post(visitor, {
      name: "place_order",
      properties: { currency: "USD", value: 0.6, service_name: "Instagram Likes" },
      path: "/quick-order",
    });
    expect(response.status).toBe(204);
    const [row] = await eventsOf(visitorIdOf(visitor)!);
    expect(row).toMatchObject({ name: "place_order", userId: id, path: "/quick-order" });
  });

  it("takes a sendBeacon-style body (any content type)", async () => {
    const visitor = new Visitor();
    const response = await visitor.request("/api/events", {
      method: "POST",
      body: JSON.stringify({ name: "sign_up", properties: { method: "email" }, path: "/register" }),
      headers: { "Content-Type": "text/plain;charset=UTF-8" },
    });
    expect(response.status).toBe(204);
    expect(await eventsOf(visitorIdOf(visitor)!)).toHaveLength(1);
  });

  it.each([
    ["an unknown event name", { name: "delete_everything", properties: {}, path: "/" }],
    ["a nested property", { name: "button_click", properties: { button: { name: "x" } }, path: "/" }],
    ["an array property", { name: "button_click", properties: { names: ["a"] }, path: "/" }],
    ["properties over 2 KB", { name: "quick_order", properties: bigProperties(), path: "/" }],
    ["a path over 500 characters", { name: "page_view", properties: {}, path: `/${"a".repeat(500)}` }],
    ["a path that is not a path", { name: "page_view", properties: {}, path: "https://evil.example/" }],
    ["an unknown field", { name: "page_view", properties: {}, path: "/", userId: "someone" }],
    ["no name", { properties: {}, path: "/" }],
  ])("refuses %s with 400 and stores nothing", async (_label, body) => {
    const visitor = new Visitor();
    const response = await post(visitor, body);
    expect(response.status).toBe(400);
    expect((await response.json()).error).toEqual(expect.any(String));
    expect(visitorIdOf(visitor)).toBeUndefined();
  });

  it("refuses bodies that are not JSON or too large", async () => {
    const visitor = new Visitor();
    const broken = await visitor.request("/api/events", { method: "POST", body: "{not json" });
    expect(broken.status).toBe(400);
    const huge = await visitor.request("/api/events", { method: "POST", body: "x".repeat(100_000) });
    expect(huge.status).toBe(413);
  });

  it("never records events from admin paths", async () => {
    const visitor = new Visitor();
    for (const path of ["/admin", "/admin/orders", "/shop/ADMIN/x"]) {
      const response = await post(visitor, { name: "page_view", properties: {}, path });
      expect(response.status, path).toBe(403);
    }
    const fromAdminPage = await visitor.request("/api/events", {
      json: { name: "page_view", properties: {}, path: "/" },
      headers: { Referer: `${appUrl}/admin/orders` },
    });
    expect(fromAdminPage.status).toBe(403);
    expect(visitorIdOf(visitor)).toBeUndefined();
  });

  it("refuses requests from other origins and GET requests", async () => {
    const visitor = new Visitor();
    const crossSite = await visitor.request("/api/events", {
      json: { name: "page_view", properties: {}, path: "/" },
      headers: { Origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    const get = await visitor.request("/api/events");
    expect(get.status).toBe(405);
  });

  it("rate limits each visitor (429 with Retry-After) and stores nothing past the limit", async () => {
    const visitor = new Visitor();
    expect((await post(visitor, { name: "page_view", properties: {}, path: "/" })).status).toBe(204);
    const visitorId = visitorIdOf(visitor)!;
    // Fill this visitor's window (the suite multiplies every limit, so it is filled directly).
    await db()
      .update(rateLimits)
      .set({ hits: 1_000_000_000 })
      .where(eq(rateLimits.key, `analytics:visitor:${visitorId}`));
    const refused = await post(visitor, { name: "page_view", properties: {}, path: "/wallet" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const rows = await db()
      .select()
      .from(analyticsEvents)
      .where(and(eq(analyticsEvents.visitorId, visitorId), eq(analyticsEvents.path, "/wallet")));
    expect(rows).toEqual([]);
  });
});

function bigProperties() {
  const properties: Record<string, string> = {};
  for (let index = 0; index < 15; index++) properties[`field_${index}`] = "x".repeat(190);
  return properties;
}
