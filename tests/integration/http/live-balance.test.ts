import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../../../app/db/client.server.ts";
import { notifyOrderStatusChanged } from "../../../app/domain/live/notify-order-status-changed.server.ts";
import { cents } from "../../../app/domain/pricing/cents.ts";
import { postLedgerEntry } from "../../../app/domain/wallet/post-ledger-entry.server.ts";
import { WAIT_TIMEOUT_MS } from "../../support/constants.ts";
import { appUrl, createAccount, secondAppUrl, Visitor } from "../../support/http.ts";

/** The spec's promise for a change committed anywhere: on the page within a second. Deliberately short. */
const PUSHED_WITHIN_MS = 1_000;

type ServerEvent = { event: string; data: unknown };

/** Opens /api/live for a visitor and reads it event by event (comments and `retry:` lines are skipped). */
async function openLiveStream(visitor: Visitor) {
  const abort = new AbortController();
  const response = await visitor.request("/api/live", {
    signal: abort.signal,
    headers: { Accept: "text/event-stream", "Accept-Encoding": "gzip" },
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let pending: Promise<ReadableStreamReadResult<string>> | null = null;

  async function nextEvent(timeoutMs = WAIT_TIMEOUT_MS): Promise<ServerEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = buffer.indexOf("\n\n");
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const lines = block.split("\n");
        const event = lines.find((line) => line.startsWith("event: "))?.slice(7);
        const data = lines.find((line) => line.startsWith("data: "))?.slice(6);
        if (event && data !== undefined) return { event, data: JSON.parse(data) };
        continue;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no event within ${timeoutMs} ms`);
      pending ??= reader.read();
      const result = await Promise.race([
        pending,
        new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), left)),
      ]);
      if (result === "timeout") throw new Error(`no event within ${timeoutMs} ms`);
      pending = null;
      if (result.done) throw new Error("the stream ended");
      buffer += result.value;
    }
  }

  return {
    response,
    nextEvent,
    close() {
      abort.abort();
      reader.cancel().catch(() => {});
    },
  };
}

async function credit(userId: string, amountCents: number) {
  return db().transaction((tx) =>
    postLedgerEntry(tx, { userId, type: "adjustment", amountCents: cents(amountCents) }),
  );
}

describe("GET /api/live", () => {
  it("refuses a visitor with 401 and no stream", async () => {
    const response = await new Visitor().request("/api/live");
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).not.toMatch(/event-stream/);
  });

  it("pushes a change committed elsewhere to a page on the other server within a second", async () => {
    const account = await createAccount();
    const other = await createAccount();
    const onA = new Visitor(appUrl);
    await onA.signIn(account.email, account.password);
    const stream = await openLiveStream(onA.on(secondAppUrl));
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get("content-type")).toMatch(/^text\/event-stream/);
      expect(stream.response.headers.get("cache-control")).toBe("no-cache, no-transform");
      expect(stream.response.headers.get("x-accel-buffering")).toBe("no");
      expect(stream.response.headers.get("content-encoding")).toBeNull();
      expect(await stream.nextEvent()).toEqual({ event: "balance", data: { balanceCents: 0 } });

      // Another customer's money is not this page's business; its own change arrives next, and fast.
      await credit(other.id, 700);
      const started = Date.now();
      await credit(account.id, 2500);
      expect(await stream.nextEvent(PUSHED_WITHIN_MS)).toEqual({
        event: "balance",
        data: { balanceCents: 2500 },
      });
      expect(Date.now() - started).toBeLessThan(PUSHED_WITHIN_MS);

      const orderId = randomUUID();
      await db().transaction((tx) =>
        notifyOrderStatusChanged(tx, { userId: account.id, orderId, status: "completed" }),
      );
      expect(await stream.nextEvent(PUSHED_WITHIN_MS)).toEqual({
        event: "order",
        data: { orderId, status: "completed" },
      });
    } finally {
      stream.close();
    }
  });

  it("sends nothing for a transaction that rolled back", async () => {
    const account = await createAccount();
    const visitor = new Visitor(appUrl);
    await visitor.signIn(account.email, account.password);
    const stream = await openLiveStream(visitor);
    try {
      expect(await stream.nextEvent()).toEqual({ event: "balance", data: { balanceCents: 0 } });
      await db()
        .transaction(async (tx) => {
          await postLedgerEntry(tx, { userId: account.id, type: "adjustment", amountCents: cents(900) });
          throw new Error("rolled back");
        })
        .catch(() => {});
      await credit(account.id, 100);
      expect(await stream.nextEvent()).toEqual({ event: "balance", data: { balanceCents: 100 } });
    } finally {
      stream.close();
    }
  });

  it("listens again after the listener's database connection drops, and resends the balance", async () => {
    const account = await createAccount();
    const visitor = new Visitor(appUrl);
    await visitor.signIn(account.email, account.password);
    const stream = await openLiveStream(visitor);
    try {
      expect(await stream.nextEvent()).toEqual({ event: "balance", data: { balanceCents: 0 } });
      await db().execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'boostly-live'`,
      );
      // Reconnected (first back-off step: 1 s): the page gets the balance again, in case it missed a change, and
      // word that orders may have changed unheard (a page showing them reads them again, product rules 12.5).
      expect(await stream.nextEvent()).toEqual({ event: "balance", data: { balanceCents: 0 } });
      expect(await stream.nextEvent()).toEqual({ event: "resync", data: {} });
      await credit(account.id, 300);
      expect(await stream.nextEvent()).toEqual({ event: "balance", data: { balanceCents: 300 } });
    } finally {
      stream.close();
    }
  });
});
