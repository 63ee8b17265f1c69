import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { AxeResults } from "axe-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type Browser, launchBrowser, type Page } from "../support/chromium.ts";
import { fundWallet } from "../support/factories.ts";
import { appUrl, createAccount } from "../support/http.ts";

const axeSource = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

let browser: Browser;
let customer: { id: string; email: string; password: string };
beforeAll(async () => {
  browser = await launchBrowser(inject("chromiumPath"));
  customer = await createAccount();
  await fundWallet(customer.id, 2_500);
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Runs axe-core on a page as it is after hydration. The shop's CSP allows no inline script, so the checking
 * context bypasses it (bypassCSP) only to inject axe; the pages themselves are unchanged.
 */
async function audit(
  path: string,
  signedIn: boolean,
  viewport = { width: 1280, height: 800 },
  prepare?: (page: Page) => Promise<void>,
) {
  const context = await browser.newContext({ bypassCSP: true, viewport });
  try {
    if (signedIn) {
      const response = await context.request.post(`${appUrl}/api/auth/sign-in/email`, {
        data: { email: customer.email, password: customer.password },
        headers: { Origin: appUrl },
      });
      expect(response.ok(), await response.text()).toBe(true);
    }
    const page = await context.newPage();
    const response = await page.goto(`${appUrl}${path}`);
    expect(response?.status(), `${path} status`).toBeLessThan(400);
    expect(new URL(page.url()).pathname, "not sent elsewhere (sign-in)").toBe(path);
    await page.waitForLoadState("networkidle");
    await prepare?.(page);
    await page.evaluate(axeSource);
    const results = await page.evaluate(() =>
      (window as unknown as { axe: { run: (context: Document) => Promise<AxeResults> } }).axe.run(document),
    );
    return results.violations.filter(
      (violation) => violation.impact === "serious" || violation.impact === "critical",
    );
  } finally {
    await context.close();
  }
}

function describeViolations(violations: AxeResults["violations"]): string {
  return violations
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes
          .map(
            (node) =>
              `    ${node.target.join(" ")}${node.failureSummary ? ` | ${node.failureSummary.replace(/\s+/g, " ")}` : ""}`,
          )
          .join("\n")}`,
    )
    .join("\n");
}

describe("accessibility (axe-core: no serious or critical violations)", () => {
  it.each([
    ["/", false],
    ["/services/instagram", false],
    ["/quick-order", true],
    ["/wallet", true],
    ["/dashboard", true],
    ["/order/instagram-followers", false],
    ["/order/instagram-followers", true],
  ] as const)("%s (signed in: %s)", async (path, signedIn) => {
    const violations = await audit(path, signedIn);
    expect(describeViolations(violations), `axe violations on ${path}`).toBe("");
  });

  it("/order/instagram-followers with a quantity that is not a count (its message beside the field)", async () => {
    const violations = await audit("/order/instagram-followers", true, undefined, async (page) => {
      const main = page.getByRole("main");
      await main.getByLabel("Quantity").fill("150.5");
      await main.getByRole("alert").filter({ hasText: "Quantity must be between 100 and 50,000." }).waitFor();
    });
    expect(describeViolations(violations), "axe violations with a refused quantity").toBe("");
  });

  it("/ on a phone, with the menu drawer closed", async () => {
    const violations = await audit("/", false, { width: 390, height: 844 });
    expect(describeViolations(violations), "axe violations on / (phone)").toBe("");
  });

  it("/ on a phone, with the menu drawer open", async () => {
    const violations = await audit("/", true, { width: 390, height: 844 }, async (page) => {
      await page.getByTestId("mobile-menu-button").click();
      await page.getByRole("dialog", { name: "Menu" }).waitFor();
    });
    expect(describeViolations(violations), "axe violations on / (phone, drawer open)").toBe("");
  });
});
