import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type Browser, launchBrowser, openPage } from "../support/chromium.ts";
import { appUrl } from "../support/http.ts";

// A cached visitor page in a real browser (docs/decisions/028-visitor-page-cache.md, 035-versioned-page-caches.md):
// served from the render cache, then revalidated from the browser's own cache (a 304), its scripts still run under
// the CSP they came with; a page kept without its address's tracking parameters hydrates cleanly.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(inject("chromiumPath"));
});
afterAll(async () => {
  await browser?.close();
});

describe("a visitor page from the render cache in the browser", () => {
  it("runs its scripts on a cached page and again when the browser revalidates it (304)", async () => {
    // Another visitor fills the cache (other files may empty it meanwhile: ask until a request finds it kept).
    await expect
      .poll(async () => (await fetch(`${appUrl}/how-it-works`)).headers.get("X-Render-Cache"))
      .toBe("hit");
    const { page, context, assertNoConsoleErrors } = await openPage(browser);
    const statuses: number[] = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname === "/how-it-works") statuses.push(response.status());
    });
    for (const path of ["/how-it-works", "/about", "/how-it-works"]) {
      await page.goto(`${appUrl}${path}`);
      await page.waitForLoadState("networkidle");
      // Hydrated: React Router's inline scripts ran (a blocked script leaves no router context).
      expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(true);
    }
    const scriptNonce = await page.evaluate(() => document.querySelector("script")?.nonce ?? "");
    expect(scriptNonce).not.toBe("");
    // Client navigation works from the revalidated page.
    await page.getByRole("contentinfo").getByRole("link", { name: "About Us" }).click();
    await page.waitForURL(`${appUrl}/about`);
    expect(statuses.length).toBe(2);
    assertNoConsoleErrors();
    await context.close();
  });

  it("hydrates a page kept without the tracking parameters its address carries, with those it reads in place", async () => {
    const { page, context, assertNoConsoleErrors } = await openPage(browser);
    const link = "https://www.instagram.com/p/TrackedLink/";
    const address = `/services/instagram?utm_source=newsletter&link=${encodeURIComponent(link)}&fbclid=abc`;
    await expect
      .poll(async () => (await fetch(`${appUrl}${address}`)).headers.get("X-Render-Cache"))
      .toBe("hit");
    await page.goto(`${appUrl}${address}`);
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(true);
    // The address bar keeps what the visitor came with; the page shows the link it reads.
    expect(new URL(page.url()).searchParams.get("utm_source")).toBe("newsletter");
    expect(await page.content()).toContain(link);
    assertNoConsoleErrors();
    await context.close();
  });
});
