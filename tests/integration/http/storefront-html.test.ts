import { describe, expect, it } from "vitest";
import { appUrl, signedInCustomer, visibleText } from "../../support/http.ts";

describe("the storefront without JavaScript", () => {
  it("serves the seeded catalogue in the server-rendered home page", async () => {
    const response = await fetch(appUrl);
    expect(response.status).toBe(200);
    const html = visibleText(await response.text());
    expect(html).toContain("Instagram Likes");
    expect(html).toContain("$4.00/1k");
    // The likes packs come from the catalogue at one price (product rules 3.3).
    expect(html).toContain("$7.95");
    expect(html).toContain("$12.95");
    expect(html).toContain("$87.95");
  });

  it.each([
    ["instagram", "Instagram Followers"],
    ["youtube", "YouTube Subscribers"],
    ["tiktok", "TikTok Views"],
    ["spotify", "Spotify Plays"],
    ["threads", "Threads Replies"],
    ["facebook", "Facebook Page Likes"],
    ["twitter", "Twitter Reposts"],
  ])("lists the %s services with their prices", async (platform, serviceName) => {
    const response = await fetch(`${appUrl}/services/${platform}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(serviceName);
  });

  it.each(["instagram", "youtube", "tiktok", "spotify"])(
    "redirects /%s permanently to its list",
    async (platform) => {
      const response = await fetch(`${appUrl}/${platform}`, { redirect: "manual" });
      expect(response.status).toBe(301);
      expect(response.headers.get("location")).toBe(`/services/${platform}`);
    },
  );

  it("keeps order-type pages out of search engines and public pages in", async () => {
    const home = await (await fetch(appUrl)).text();
    expect(home).not.toContain('content="noindex');
    expect(home).toMatch(/<link rel="canonical" href="[^"]+\/"/);
    const adminLogin = await (await fetch(`${appUrl}/admin-login`)).text();
    expect(adminLogin).toMatch(/<meta name="robots" content="noindex/);
  });
});

describe("search-engine rules (product rules 8)", () => {
  it.each([
    "/dashboard",
    "/profile",
    "/wallet",
    "/quick-order",
    "/automatic-order",
    "/free-trial",
    "/order/instagram-followers",
    "/order/real-instagram-likes-big",
    "/order/instagram/auto-likes",
  ])("%s carries noindex for a signed-in customer", async (path) => {
    const { visitor } = await signedInCustomer();
    const response = await visitor.request(path);
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/<meta name="robots" content="noindex/);
  });

  it.each(["/", "/services/instagram", "/blog", "/about", "/service/instagram-followers", "/login"])(
    "%s is open to search engines",
    async (path) => {
      const html = await (await fetch(`${appUrl}${path}`)).text();
      expect(html).not.toMatch(/<meta name="robots" content="noindex/);
      expect(html).toMatch(/<link rel="canonical" href="http[^"]+"/);
    },
  );
});
