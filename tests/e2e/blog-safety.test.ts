import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { AxeResults } from "axe-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { blogPosts } from "../../app/db/schema.ts";
import { type Browser, launchBrowser, openPage } from "../support/chromium.ts";
import { appUrl } from "../support/http.ts";

/** How long a click on the post's text is watched for a script that runs: deliberately short, nothing may run. */
const NOTHING_RUNS_WITHIN_MS = 300;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(inject("chromiumPath"));
});
afterAll(async () => {
  await browser?.close();
});

describe("a blog post written with hostile markup", () => {
  it("runs none of it and shows it as text", async () => {
    const slug = `xss-${randomUUID().slice(0, 8)}`;
    await db()
      .insert(blogPosts)
      .values({
        slug,
        title: "Hostile markup",
        excerpt: '<img src=x onerror="window.__xss=4">',
        category: "Branding",
        published: true,
        publishedAt: new Date(),
        content: [
          "## Safe heading",
          "<script>window.__xss=1</script>",
          "",
          "Please [click](javascript:window.__xss=2) here.",
          "",
          '<img src=x onerror="window.__xss=3">',
          "",
          "End </script><script>window.__xss=5</script>",
        ].join("\n"),
      });

    const { page, assertNoConsoleErrors } = await openPage(browser);
    await page.goto(`${appUrl}/blog/${slug}`);
    const content = page.getByTestId("post-content");
    await content.getByText("<script>window.__xss=1</script>").waitFor();
    await content.getByText('<img src=x onerror="window.__xss=3">').waitFor();
    expect(await content.getByRole("heading", { name: "Safe heading" }).count()).toBe(1);
    // The javascript: link is plain text, not a link.
    expect(await content.getByText("click").count()).toBeGreaterThan(0);
    expect(await content.getByRole("link", { name: "click" }).count()).toBe(0);
    expect(await content.locator("img, script").count()).toBe(0);
    await page.getByText('<img src=x onerror="window.__xss=4">').first().waitFor();

    // Try the link text too: nothing runs. An absence has no moment to wait for: a short look, not a wait.
    await content.getByText("click").first().click();
    await page.waitForTimeout(NOTHING_RUNS_WITHIN_MS);
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    // The page hydrated (client navigation still works) and stayed free of errors.
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Blog" }).click();
    await page.waitForURL(`${appUrl}/blog`);
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    assertNoConsoleErrors();
  });
});

const axeSource = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

describe("the blog and service pages in a browser", () => {
  it.each([
    ["/blog", { width: 1280, height: 800 }],
    ["/blog/instagram-reels-reach-2026", { width: 1280, height: 800 }],
    ["/service/instagram-followers", { width: 1280, height: 800 }],
    ["/blog", { width: 390, height: 844 }],
    ["/blog/instagram-reels-reach-2026", { width: 390, height: 844 }],
    ["/service/youtube-subscribers", { width: 390, height: 844 }],
  ])("%s has no serious accessibility problems and fits %o", async (path, viewport) => {
    // bypassCSP only lets the checker inject axe; the page itself is unchanged.
    const context = await browser.newContext({ bypassCSP: true, viewport });
    try {
      const page = await context.newPage();
      const response = await page.goto(`${appUrl}${path}`);
      expect(response?.status()).toBe(200);
      await page.waitForLoadState("networkidle");
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(viewport.width);
      await page.evaluate(axeSource);
      const results = await page.evaluate(() =>
        (window as unknown as { axe: { run: (context: Document) => Promise<AxeResults> } }).axe.run(document),
      );
      const serious = results.violations
        .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
        .map(
          (violation) =>
            `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
        );
      expect(serious).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("subscribes to the newsletter without leaving the page", async () => {
    const { page, assertNoConsoleErrors } = await openPage(browser);
    await page.goto(`${appUrl}/blog`);
    await page.waitForLoadState("networkidle");
    await page.getByLabel("Email address").fill(`Reader-${randomUUID().slice(0, 8)}@Example.test`);
    await page.getByRole("button", { name: "Subscribe" }).click();
    await page.getByText("You're subscribed! Watch your inbox for growth tips.").waitFor();
    expect(new URL(page.url()).pathname).toBe("/blog");
    assertNoConsoleErrors();
  });
});
