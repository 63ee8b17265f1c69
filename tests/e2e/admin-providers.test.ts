import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { AxeResults } from "axe-core";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { adminAuditLog, providerServices, providers, services } from "../../app/db/schema.ts";
import { openAdminPage, signInContext } from "../support/browser-sign-in.ts";
import { type Browser, launchBrowser } from "../support/chromium.ts";
import { type FakePanel, startFakePanel } from "../support/fake-panel.ts";
import { appUrl, createAdminAccount } from "../support/http.ts";

const KEY = `panel-key-${randomUUID()}-9876`;

/** A tiny panel (API v2) the app server talks to: one service and a balance. */
let panel: FakePanel;
let panelUrl = "";
let browser: Browser;

beforeAll(async () => {
  panel = await startFakePanel((form) => {
    if (form.get("key") !== KEY) return { status: 200, body: { error: "Invalid API key" } };
    if (form.get("action") === "balance")
      return { status: 200, body: { balance: "100.84", currency: "USD" } };
    if (form.get("action") === "services")
      return {
        status: 200,
        body: [
          {
            service: 77,
            name: "Panel Story Views",
            type: "Default",
            category: "Instagram",
            rate: "0.5",
            min: 100,
            max: 10000,
          },
        ],
      };
    return { status: 200, body: { error: "Incorrect request" } };
  });
  panelUrl = panel.url;
  browser = await launchBrowser(inject("chromiumPath"));
});

afterAll(async () => {
  await browser?.close();
  await panel?.close();
});

describe("admin providers", () => {
  it("adds a provider without ever showing its key again, syncs and imports one of its services and reads its balance", async () => {
    const name = `Panel ${randomUUID().slice(0, 8)}`;

    const { page, assertNoConsoleErrors } = await openAdminPage(browser);

    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Providers" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/providers");
    const form = page.getByRole("form", { name: "Add a provider" });
    // A wrong address is answered in place, nothing is stored.
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("API URL").fill("ftp://nowhere");
    await form.getByLabel("API key").fill(KEY);
    await form.evaluate((element) => element.setAttribute("novalidate", ""));
    await form.getByRole("button", { name: "Add provider" }).click();
    await expect.poll(() => form.getByText("Enter the provider's API address").count()).toBe(1);

    await form.getByLabel("API URL").fill(panelUrl);
    await form.getByLabel("API key").fill(KEY);
    await form.getByLabel(/Accepts idempotency keys/).check();
    await form.getByRole("button", { name: "Add provider" }).click();
    await page.waitForURL((url) => /^\/admin\/providers\/[0-9a-f-]{36}$/.test(url.pathname));
    await expect.poll(() => page.getByText("Provider added").count()).toBeGreaterThan(0);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(name);

    // The provider's list as a sync reads it; its service ticked and imported through the bulk form (left
    // disabled: "Enable at once" unticked). The import's rules are asserted in tests/integration/provider-sync.
    await page.getByRole("button", { name: "Sync now" }).click();
    await expect.poll(() => page.getByText("Provider synced").count()).toBeGreaterThan(0);
    const upstream = page.getByTestId("catalogue-row").filter({ hasText: "Panel Story Views" });
    await upstream.getByRole("checkbox", { name: "Select Panel Story Views" }).check();
    const importForm = page.getByRole("form", { name: "Import the selected services" });
    await expect.poll(() => importForm.getByTestId("catalogue-count").textContent()).toContain("1 selected");
    await importForm.getByLabel("Platform").selectOption("instagram");
    await importForm.getByRole("button", { name: "Import 1 selected" }).click();
    await expect.poll(() => page.getByText("1 service imported").count()).toBeGreaterThan(0);
    await expect
      .poll(() => page.getByTestId("mapped-service").filter({ hasText: "Panel Story Views" }).count())
      .toBe(1);

    // Back on the list: only the masked key, and the balance after a refresh.
    await page.getByRole("link", { name: "All providers" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/providers");
    const row = page.getByTestId("provider-row").filter({ hasText: name });
    expect(await row.getByTestId("masked-key").textContent()).toBe("••••9876");
    expect(await page.content()).not.toContain(KEY);
    await row.getByRole("button", { name: `Refresh the balance of ${name}` }).click();
    await expect.poll(() => row.getByTestId("provider-balance").textContent()).toBe("100.84 USD");

    const [stored] = await db().select().from(providers).where(eq(providers.name, name));
    expect(stored?.apiKeyEncrypted).not.toContain(KEY);
    const [mapping] = await db()
      .select({ enabled: services.enabled, providerServiceId: providerServices.providerServiceId })
      .from(providerServices)
      .innerJoin(services, eq(services.id, providerServices.serviceId))
      .where(eq(providerServices.providerId, stored!.id));
    expect(mapping).toEqual({ enabled: false, providerServiceId: "77" });
    const audit = await db().select().from(adminAuditLog).where(eq(adminAuditLog.subjectId, stored!.id));
    expect(audit.map((entry) => entry.action).sort()).toEqual([
      "provider.added",
      "provider.services_imported",
    ]);
    assertNoConsoleErrors();
  });

  it("has no serious accessibility problems on the list and a provider's page", async () => {
    const admin = await createAdminAccount();
    // The provider the first test added ("Panel ..."), not one another file adds for a moment.
    const [provider] = await db().select().from(providers).where(like(providers.name, "Panel %")).limit(1);
    const axeSource = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
    // bypassCSP only to inject axe; the pages themselves are unchanged.
    const context = await browser.newContext({ bypassCSP: true });
    try {
      await signInContext(context, admin);
      const page = await context.newPage();
      for (const path of ["/admin/providers", `/admin/providers/${provider!.id}`]) {
        await page.goto(`${appUrl}${path}`);
        await page.waitForLoadState("networkidle");
        await page.evaluate(axeSource);
        const results = await page.evaluate(() =>
          (window as unknown as { axe: { run: (context: Document) => Promise<AxeResults> } }).axe.run(
            document,
          ),
        );
        const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
        expect(serious.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target).join(" ")}`)).toEqual([]);
      }
    } finally {
      await context.close();
    }
  });
});
