/**
 * A customer's own form post shows on their very next dashboard from the server that took it, without the NOTIFY
 * (docs/decisions/032-account-page-cache.md): the server here hears the database through a proxy that drops every
 * notice on `account_changed` and passes everything else (its listeners' own probes and the content channel), so
 * only the page handler's forgetting after the post can make the next page fresh. A change made straight in the
 * database, whose notice the proxy holds back, shows the proxy works: that page is still the kept one.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { connect } from "../../../app/db/client.server.ts";
import { users } from "../../../app/db/schema.ts";
import { cents } from "../../../app/domain/pricing/cents.ts";
import { postLedgerEntry } from "../../../app/domain/wallet/post-ledger-entry.server.ts";
import { formatCents } from "../../../app/lib/format-money.ts";
import { ACCOUNT_CHANNEL } from "../../../server/account-changes.ts";
import { startAppServerOnOwnDatabase } from "../../support/global-setup.ts";
import { uniqueEmail, Visitor } from "../../support/http.ts";
import { type NoticeDroppingProxy, startNoticeDroppingProxy } from "../../support/notice-dropping-proxy.ts";

const DATABASE_NAME = "boostly_own_writes";
/** Until the server's listeners trust their connection and the page is kept: a cold server on a busy machine. */
const HIT = { timeout: 20_000, interval: 100 };
/** How long a notice that got through would take at most to reach the server (it takes milliseconds). */
const QUIET_WINDOW_MS = 1_500;
const NOTICE_TIMEOUT_MS = 10_000;

let proxy: NoticeDroppingProxy | undefined;
let server: { appUrl: string; databaseUrl: string; stop(): Promise<void> } | undefined;
let shop: ReturnType<typeof connect> | undefined;

beforeAll(async () => {
  const databaseUrl = new URL(inject("pgServerUrl"));
  databaseUrl.pathname = `/${DATABASE_NAME}`;
  proxy = await startNoticeDroppingProxy({ target: databaseUrl.toString(), channels: [ACCOUNT_CHANNEL] });
  server = await startAppServerOnOwnDatabase({
    pgServerUrl: inject("pgServerUrl"),
    databaseName: DATABASE_NAME,
    extraEnv: { DATABASE_LISTEN_URL: proxy.url },
  });
  shop = connect(server.databaseUrl, 2);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await proxy?.close();
  await shop?.pool.end();
});

/** A confirmed customer of this server, signed in on it (sign-up through its endpoint, confirmed directly). */
async function signedInCustomer() {
  const email = uniqueEmail("own-writes");
  const password = "correct-horse-9";
  const visitor = new Visitor(server!.appUrl);
  const signUp = await visitor.request("/api/auth/sign-up/email", { json: { email, password, name: "" } });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const [user] = await shop!.db
    .update(users)
    .set({ emailVerified: true })
    .where(eq(users.email, email))
    .returning({ id: users.id });
  await visitor.signIn(email, password);
  return { id: user!.id, visitor };
}

type Customer = Awaited<ReturnType<typeof signedInCustomer>>;

async function dashboard(customer: Customer) {
  const response = await customer.visitor.request("/dashboard");
  return {
    status: response.status,
    html: await response.text(),
    cache: response.headers.get("X-Render-Cache"),
  };
}

/** A LISTEN straight to PostgreSQL whose `heard` resolves at the first `account_changed` notice naming `userId`. */
async function accountNotice(userId: string): Promise<{ heard: Promise<void>; end(): Promise<void> }> {
  const client = new pg.Client({ connectionString: server!.databaseUrl });
  await client.connect();
  await client.query(`LISTEN ${ACCOUNT_CHANNEL}`);
  const heard = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no ${ACCOUNT_CHANNEL} notice within ${NOTICE_TIMEOUT_MS} ms`)),
      NOTICE_TIMEOUT_MS,
    );
    client.on("notification", (message) => {
      if (message.channel === ACCOUNT_CHANNEL && message.payload === userId) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return { heard, end: () => client.end() };
}

const balanceLabel = (amount: number) => `aria-label="Wallet balance ${formatCents(amount)}"`;

describe("the account page cache behind a proxy that drops the account notices", () => {
  it("keeps the page through a change it is not told of, and shows the customer's own post on the next page", async () => {
    const customer = await signedInCustomer();
    await expect.poll(async () => (await dashboard(customer)).cache, HIT).toBe("hit");

    // (a) A change straight in the database: PostgreSQL sends its notice, the proxy holds it back.
    const notice = await accountNotice(customer.id);
    try {
      const funded = await shop!.db.transaction((tx) =>
        postLedgerEntry(tx, {
          userId: customer.id,
          type: "adjustment",
          amountCents: cents(4_321),
          metadata: { reason: "test funding" },
        }),
      );
      expect(funded.posted).toBe(true);
      await notice.heard;
    } finally {
      await notice.end();
    }
    await new Promise((resolve) => setTimeout(resolve, QUIET_WINDOW_MS));
    const kept = await dashboard(customer);
    expect([kept.status, kept.cache]).toEqual([200, "hit"]);
    expect(kept.html).toContain(balanceLabel(0));
    expect(kept.html).not.toContain(balanceLabel(4_321));

    // (b) The customer's own post: its answer forgets their pages on this server, so the very next one is fresh.
    const subject = `Own ticket ${randomUUID().slice(0, 8)}`;
    const posted = await customer.visitor.request("/dashboard", {
      form: { intent: "create-ticket", category: "request", subject, message: "Where is my order?" },
    });
    expect(posted.status).toBe(200);
    await posted.text();
    const next = await dashboard(customer);
    expect([next.status, next.cache]).toEqual([200, "miss"]);
    expect(next.html).toContain(subject);
    expect(next.html).toContain(balanceLabel(4_321));
  });
});
