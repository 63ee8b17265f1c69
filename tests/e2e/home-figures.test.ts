import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type Browser, launchBrowser, openPage } from "../support/chromium.ts";
import { appUrl } from "../support/http.ts";

/**
 * The home page's platform cards and the Real Instagram Likes card as a phone and a laptop show them (product
 * rules 7.9): each card's from-price legible and nothing scrolling sideways. The prices themselves are asserted
 * over HTTP (tests/integration/http/shop-figures.test.ts); a screenshot of each width is kept in the system's
 * temporary folder for a person to look at.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser(inject("chromiumPath"));
});
afterAll(async () => {
  await browser?.close();
});

describe.each([
  { name: "phone", width: 390, height: 844 },
  { name: "laptop", width: 1366, height: 768 },
])("the home page on a $name ($width px)", ({ width, height }) => {
  it("shows each platform card with its from-price and the likes packs' sizes", async () => {
    const { page, context, assertNoConsoleErrors } = await openPage(browser, { viewport: { width, height } });
    await page.goto(`${appUrl}/`);
    const prices = page.getByTestId("platform-from-price");
    await prices.first().waitFor();
    expect(await prices.count()).toBeGreaterThan(0);
    for (const text of await prices.allTextContents()) expect(text).toMatch(/^from \$\d+\.\d\d an order$/);
    const grid = page.locator('section[aria-labelledby="categories-title"]');
    for (const card of await page.locator("li[data-platform]").all()) {
      const box = await card.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: path.join(tmpdir(), `boostly-home-top-${width}.png`) });
    await grid.screenshot({ path: path.join(tmpdir(), `boostly-home-platforms-${width}.png`) });

    await page.goto(`${appUrl}/services/instagram`);
    await expect
      .poll(() => page.getByTestId("real-likes-pack-sizes").textContent())
      .toBe("500, 1,000 or 10,000 likes");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page
      .getByTestId("real-likes-card")
      .screenshot({ path: path.join(tmpdir(), `boostly-likes-card-${width}.png`) });
    assertNoConsoleErrors();
    await context.close();
  });
});
