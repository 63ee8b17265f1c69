import { existsSync } from "node:fs";
import { type Browser, chromium, type Page } from "playwright-core";
import { expect } from "vitest";
import { WAIT_TIMEOUT_MS } from "./constants.ts";

/** The system's Chromium when present (CHROMIUM_PATH or /usr/bin/chromium), else the @sparticuz/chromium build. */
export async function chromiumExecutable(): Promise<string> {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium"].filter(Boolean) as string[];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (found) return found;
  const sparticuz = (await import("@sparticuz/chromium")).default;
  return sparticuz.executablePath();
}

// This machine's network is closed: these flags stop Chromium's own background connections.
export const LAUNCH_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-zygote",
];

/**
 * The suite's Chromium. Every context it opens, however a test opens it (`openPage`, `browser.newContext()`), waits
 * WAIT_TIMEOUT_MS for each action, wait and navigation of its pages, not Playwright's 30 s: this is the one place
 * those defaults are set, so no test sets its own.
 */
export async function launchBrowser(executablePath: string): Promise<Browser> {
  const browser = await chromium.launch({ executablePath, headless: true, args: LAUNCH_FLAGS });
  // Emitted for each new context before browser.newContext() returns it.
  browser.on("context", (context) => {
    context.setDefaultTimeout(WAIT_TIMEOUT_MS);
    context.setDefaultNavigationTimeout(WAIT_TIMEOUT_MS);
  });
  return browser;
}

/**
 * A new page that records console errors and page errors; `assertNoConsoleErrors` fails the test on any.
 * `clientAddress` makes every request of the page's context come from that address, as the test servers' trusted
 * proxy reports it (X-Forwarded-For): a second person on another connection (docs/decisions/056).
 */
export async function openPage(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; clientAddress?: string } = {},
) {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 800 },
    ...(options.clientAddress ? { extraHTTPHeaders: { "X-Forwarded-For": options.clientAddress } } : {}),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return {
    page,
    context,
    assertNoConsoleErrors() {
      expect(errors, "console errors on the page").toEqual([]);
    },
  };
}

export type { Browser, Page };
