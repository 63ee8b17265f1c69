import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, inject } from "vitest";
import { connect, type Database } from "../../app/db/client.server.ts";
import { userRoles, users } from "../../app/db/schema.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { postLedgerEntry } from "../../app/domain/wallet/post-ledger-entry.server.ts";
import { signInContext } from "./browser-sign-in.ts";
import { type Browser, openPage, type Page } from "./chromium.ts";
import { startAppServerOnOwnDatabase } from "./global-setup.ts";
import { enableTwoFactor } from "./two-factor.ts";

/** A journey's own shop: an app server on a database of its own, and the journey's ways into it. */
export type OwnShop = {
  appUrl: string;
  db: Database;
  /** A confirmed account, signed up through the shop's real endpoint; funded (a ledger row) or an admin. */
  account(options: {
    admin?: boolean;
    fundsCents?: number;
  }): Promise<{ id: string; email: string; password: string }>;
  /** A browser page signed in as `who`, at a width (900 px high) or a whole viewport. */
  signedInPage(
    browser: Browser,
    who: { email: string; password: string },
    viewport: number | { width: number; height: number },
  ): ReturnType<typeof openPage>;
  /** Opens a path and waits until the page has hydrated, so what the test types or clicks is React's. */
  open(page: Page, path: string): Promise<void>;
  /** Stops the server and closes the connection. */
  close(): Promise<void>;
};

/**
 * Starts an app server on its own database (a journey whose worker runs inline, whose providers never take another
 * file's orders), with a connection of the test's own to it.
 */
export async function startOwnShop(options: {
  databaseName: string;
  extraEnv?: Record<string, string>;
}): Promise<OwnShop> {
  const server = await startAppServerOnOwnDatabase({ pgServerUrl: inject("pgServerUrl"), ...options });
  const client = connect(server.databaseUrl, 2);
  const { appUrl } = server;
  const db = client.db;
  return {
    appUrl,
    db,
    async account({ admin, fundsCents }) {
      const email = `${options.databaseName}-${randomUUID()}@example.test`;
      const password = "correct-horse-9";
      const response = await fetch(`${appUrl}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: appUrl },
        body: JSON.stringify({ email, password, name: "" }),
      });
      expect(response.ok, await response.text()).toBe(true);
      const [user] = await db
        .update(users)
        .set({ emailVerified: true })
        .where(eq(users.email, email))
        .returning({ id: users.id });
      if (admin) await db.insert(userRoles).values({ userId: user!.id, role: "admin" });
      // Admin pages open only with two-factor (product rules 15.14): signedInPage answers the code step.
      if (admin) await enableTwoFactor({ id: user!.id, email }, db);
      if (fundsCents) {
        const funded = await db.transaction((tx) =>
          postLedgerEntry(tx, {
            userId: user!.id,
            type: "adjustment",
            amountCents: cents(fundsCents),
            metadata: { reason: "test funding" },
          }),
        );
        expect(funded.posted).toBe(true);
      }
      return { id: user!.id, email, password };
    },
    async signedInPage(browser, who, viewport) {
      const opened = await openPage(browser, {
        viewport: typeof viewport === "number" ? { width: viewport, height: 900 } : viewport,
      });
      await signInContext(opened.context, who, appUrl);
      return opened;
    },
    async open(page, path) {
      await page.goto(`${appUrl}${path}`);
      await page.waitForLoadState("networkidle");
    },
    async close() {
      await server.stop();
      await client.pool.end();
    },
  };
}
