/**
 * The render caches need no notice to stay right (docs/decisions/035-versioned-page-caches.md): an app server
 * whose every LISTEN connection goes through a proxy that is frozen (it passes nothing, and says nothing, as a NAT
 * that forgot the flow) still never serves a stale dashboard or visitor page after a change made elsewhere (straight
 * in the database, as another server, the worker or a script would). And no flood of query strings pushes a page
 * out of the visitor cache. The server has a database of its own, so nothing else changes the shop meanwhile.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { connect } from "../../../app/db/client.server.ts";
import { bannerSettings, users } from "../../../app/db/schema.ts";
import { cents } from "../../../app/domain/pricing/cents.ts";
import { answerTicket } from "../../../app/domain/tickets/answer-ticket.server.ts";
import { createTicket } from "../../../app/domain/tickets/create-ticket.server.ts";
import { postLedgerEntry } from "../../../app/domain/wallet/post-ledger-entry.server.ts";
import { formatCents } from "../../../app/lib/format-money.ts";
import { startAppServerOnOwnDatabase } from "../../support/global-setup.ts";
import { uniqueEmail, Visitor } from "../../support/http.ts";
import { type NoticeDroppingProxy, startNoticeDroppingProxy } from "../../support/notice-dropping-proxy.ts";

const DATABASE_NAME = "boostly_frozen_listeners";
/** Until a page is kept: the first render of a cold server on a busy machine. */
const HIT = { timeout: 20_000, interval: 100 };

let proxy: NoticeDroppingProxy | undefined;
let server: { appUrl: string; databaseUrl: string; stop(): Promise<void> } | undefined;
let shop: ReturnType<typeof connect> | undefined;

beforeAll(async () => {
  const databaseUrl = new URL(inject("pgServerUrl"));
  databaseUrl.pathname = `/${DATABASE_NAME}`;
  proxy = await startNoticeDroppingProxy({ target: databaseUrl.toString() });
  // Frozen before the server starts: any LISTEN it opens (live pages) hangs; its queries go straight to PostgreSQL.
  proxy.freeze();
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
  const email = uniqueEmail("frozen");
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

async function page(visitor: Visitor, path: string) {
  const response = await visitor.request(path);
  return {
    status: response.status,
    html: await response.text(),
    cache: response.headers.get("X-Render-Cache"),
  };
}

async function visit(path: string) {
  const response = await fetch(new URL(path, server!.appUrl), { redirect: "manual" });
  return {
    status: response.status,
    html: await response.text(),
    cache: response.headers.get("X-Render-Cache"),
  };
}

const balanceLabel = (amount: number) => `aria-label="Wallet balance ${formatCents(cents(amount))}"`;

describe("with every LISTEN connection frozen", () => {
  it("a customer's next dashboard shows a deposit and a support reply made elsewhere, then is kept again", async () => {
    const customer = await signedInCustomer();
    await expect.poll(async () => (await page(customer.visitor, "/dashboard")).cache, HIT).toBe("hit");

    await postLedgerEntry(shop!.db, { userId: customer.id, type: "deposit", amountCents: cents(4_321) });
    const deposited = await page(customer.visitor, "/dashboard");
    expect([deposited.status, deposited.cache]).toEqual([200, "miss"]);
    expect(deposited.html).toContain(balanceLabel(4_321));

    const admin = (
      await shop!.db
        .insert(users)
        .values({ email: uniqueEmail("frozen-admin") })
        .returning()
    )[0]!;
    const subject = `Frozen ticket ${randomUUID().slice(0, 8)}`;
    const ticket = await createTicket(shop!.db, {
      userId: customer.id,
      category: "request",
      subject,
      message: "Hello?",
    });
    if (!ticket.ok) throw new Error(ticket.message);
    await expect.poll(async () => (await page(customer.visitor, "/dashboard")).cache, HIT).toBe("hit");
    const reply = `Support reply ${randomUUID().slice(0, 8)}`;
    const answered = await answerTicket(shop!.db, {
      adminId: admin.id,
      ticketId: ticket.ticket.id,
      status: "in_progress",
      response: reply,
    });
    expect(answered.ok).toBe(true);
    const support = await page(customer.visitor, "/dashboard?tab=support");
    expect(support.html).toContain(reply);
    const again = await page(customer.visitor, "/dashboard");
    expect([again.cache, again.html.includes(reply)]).toEqual(["miss", true]);
    expect((await page(customer.visitor, "/dashboard")).cache).toBe("hit");
  });

  it("a visitor's next page shows a banner changed elsewhere, then is kept again", async () => {
    await expect.poll(async () => (await visit("/")).cache, HIT).toBe("hit");
    const banner = `Frozen banner ${randomUUID().slice(0, 8)}`;
    await shop!.db.update(bannerSettings).set({ bannerText: banner, bannerEnabled: true });
    const changed = await visit("/");
    expect([changed.status, changed.cache, changed.html.includes(banner)]).toEqual([200, "miss", true]);
    expect((await visit("/")).cache).toBe("hit");
  });
});

describe("query strings", () => {
  it("600 requests with distinct unknown parameters, and 600 of a parameter a page reads, leave / a hit", async () => {
    await expect.poll(async () => (await visit("/")).cache, HIT).toBe("hit");
    for (let request = 0; request < 600; request++) {
      const unknown = await visit(`/faq?utm_source=flood${request}&fbclid=${request}`);
      expect(unknown.status).toBe(200);
      // Every one is the page's own entry, rendered once.
      if (request > 0) expect(unknown.cache).toBe("hit");
    }
    for (let request = 0; request < 600; request++) {
      expect((await visit(`/help?q=flood${request}`)).status).toBe(200);
    }
    expect((await visit("/")).cache).toBe("hit");
    expect((await visit("/faq")).cache).toBe("hit");
  });

  it("renders a page without the parameters it does not read, and with those it does", async () => {
    const tracked = await visit(
      "/services/instagram?utm_campaign=spring-sale&link=https%3A%2F%2Fwww.instagram.com%2Fp%2FKeptLink%2F",
    );
    expect(tracked.status).toBe(200);
    expect(tracked.html).not.toContain("spring-sale");
    expect(tracked.html).toContain("https://www.instagram.com/p/KeptLink/");
  });
});
