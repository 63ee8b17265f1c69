import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterEach, describe, expect, inject, it, vi } from "vitest";
import { DatabaseListener, type DatabaseListenerHooks } from "../../app/lib/database-listener.server.ts";
import { listenDatabaseUrl } from "../../app/lib/env.server.ts";
import { RECONNECT_DELAYS_MS } from "../../app/lib/live/reconnect-delays.ts";
import { WAIT_TIMEOUT_MS } from "../support/constants.ts";
import { type NoticeDroppingProxy, startNoticeDroppingProxy } from "../support/notice-dropping-proxy.ts";

// A listener trusts its connection only once it hears a notice it sent itself (docs/decisions/032): behind a
// transaction-mode pooler notices never arrive, and the render caches would serve stale pages from a deaf ear.
// The pooler is stood in for by a TCP proxy that passes everything except the server's notices.

const serverUrl = inject("pgServerUrl");

/** How long a fixed window watches for something that must not happen: past the first reconnect delay. */
const QUIET_WINDOW_MS = RECONNECT_DELAYS_MS[0] + 500;

function uniqueChannel(prefix: string) {
  return `test_${prefix}_${randomBytes(6).toString("hex")}`;
}

type Spies = {
  onNotification: ReturnType<typeof vi.fn<DatabaseListenerHooks["onNotification"]>>;
  onReady: ReturnType<typeof vi.fn<DatabaseListenerHooks["onReady"]>>;
  onLost: ReturnType<typeof vi.fn<NonNullable<DatabaseListenerHooks["onLost"]>>>;
};

const cleanups: (() => Promise<unknown>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  vi.restoreAllMocks();
});

/** A started listener on `url` with spies for its hooks; stopped after the test. */
function startListener(url: string, channels: readonly string[]): { listener: DatabaseListener } & Spies {
  const spies: Spies = {
    onNotification: vi.fn<DatabaseListenerHooks["onNotification"]>(),
    onReady: vi.fn<DatabaseListenerHooks["onReady"]>(),
    onLost: vi.fn<NonNullable<DatabaseListenerHooks["onLost"]>>(),
  };
  const listener = new DatabaseListener({ name: "test", channels, connectionString: () => url, ...spies });
  cleanups.push(() => listener.stop());
  listener.start();
  return { listener, ...spies };
}

/** A proxy that drops every notice on the connections `deafens(n)` picks (n counts from 1). */
async function withProxy(deafens: (connection: number) => boolean): Promise<NoticeDroppingProxy> {
  const proxy = await startNoticeDroppingProxy({ target: serverUrl, connections: deafens });
  cleanups.push(() => proxy.close());
  return proxy;
}

async function notify(channel: string, payload: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query("select pg_notify($1, $2)", [channel, payload]);
  } finally {
    await client.end();
  }
}

/** The listener's log lines about a connection it gave up on, kept out of the test output. */
function spyOnLostLog() {
  return vi.spyOn(console, "error").mockImplementation(() => {});
}

function probeFailures(log: ReturnType<typeof spyOnLostLog>) {
  return log.mock.calls.filter(([line]) => String(line).includes("did not hear its own notice")).length;
}

describe("a LISTEN connection that cannot hear notices", () => {
  it("is never reported ready: it counts as lost, says why, and tries again until stopped", async () => {
    const log = spyOnLostLog();
    const proxy = await withProxy(() => true);
    const { listener, onReady, onLost, onNotification } = startListener(proxy.url, [uniqueChannel("deaf")]);
    // A second deaf listener is stopped while it waits to reconnect (just after its first loss).
    const waitingProxy = await withProxy(() => true);
    const waiting = startListener(waitingProxy.url, [uniqueChannel("deaf_waiting")]);
    waiting.onLost.mockImplementation(() => setImmediate(() => void waiting.listener.stop()));

    // The first attempt waits 5 s for its own notice, then the listener reconnects after the first back-off delay.
    await expect
      .poll(() => proxy.accepted, { message: "a new connection after the deaf one was given up on" })
      .toBeGreaterThanOrEqual(2);
    await expect
      .poll(() => waiting.listener.isStopped, { message: "the second listener given up on and stopped" })
      .toBe(true);
    expect(onLost).toHaveBeenCalled();
    // One line from each listener at least, naming why.
    expect(probeFailures(log)).toBeGreaterThanOrEqual(2);
    expect(onReady).not.toHaveBeenCalled();
    expect(onNotification).not.toHaveBeenCalled();
    expect(waiting.onLost).toHaveBeenCalledTimes(1);

    // Stopped while its second connection waits for its own notice.
    await listener.stop();
    await expect.poll(() => proxy.open + waitingProxy.open).toBe(0);
    const attempts = proxy.accepted;
    const lostBefore = onLost.mock.calls.length;
    // Nothing may happen after stop(): no reconnect, no ready, no further loss reported.
    await new Promise((resolve) => setTimeout(resolve, QUIET_WINDOW_MS));
    expect(proxy.accepted).toBe(attempts);
    expect(waitingProxy.accepted).toBe(1);
    expect(onReady).not.toHaveBeenCalled();
    expect(waiting.onReady).not.toHaveBeenCalled();
    expect(onLost).toHaveBeenCalledTimes(lostBefore);
    expect(waiting.onLost).toHaveBeenCalledTimes(1);
  });

  it("is trusted again, as recovered, once a later connection hears its notice", async () => {
    const log = spyOnLostLog();
    const proxy = await withProxy((connection) => connection === 1);
    const { onReady, onLost } = startListener(proxy.url, [uniqueChannel("recovering")]);

    await expect
      .poll(() => onReady.mock.calls.length, { message: "ready on the connection after the deaf one" })
      .toBe(1);
    expect(onReady).toHaveBeenCalledWith(true);
    expect(onLost).toHaveBeenCalledTimes(1);
    expect(probeFailures(log)).toBe(1);
    expect(proxy.accepted).toBe(2);
  });

  it("through the same proxy dropping nothing, is ready at once (the proxy itself loses nothing)", async () => {
    const proxy = await withProxy(() => false);
    const channel = uniqueChannel("passed");
    const { onReady, onLost, onNotification } = startListener(proxy.url, [channel]);

    await expect.poll(() => onReady.mock.calls.length).toBe(1);
    await notify(channel, "through the proxy");
    await expect.poll(() => onNotification.mock.calls).toEqual([[channel, "through the proxy"]]);
    expect(onLost).not.toHaveBeenCalled();
    expect(proxy.accepted).toBe(1);
  });
});

describe("a LISTEN connection straight to PostgreSQL", () => {
  it("is ready, passes on its channels' notices with their payloads, and never its own probe's", async () => {
    const content = uniqueChannel("content");
    const accounts = uniqueChannel("accounts");
    const { onReady, onLost, onNotification } = startListener(serverUrl, [content, accounts]);

    await expect.poll(() => onReady.mock.calls.length).toBe(1);
    expect(onReady).toHaveBeenCalledWith(false);
    // The probe was heard before onReady: nothing has reached onNotification yet.
    expect(onNotification).not.toHaveBeenCalled();

    await notify(content, "42");
    await notify(accounts, "");
    await notify(uniqueChannel("unheard"), "not listened to");
    await expect.poll(() => onNotification.mock.calls.length).toBe(2);
    expect(onNotification.mock.calls).toEqual([
      [content, "42"],
      [accounts, ""],
    ]);
    expect(onLost).not.toHaveBeenCalled();
  });
});

describe("waiting for a listener to be ready (whenReady)", () => {
  it("resolves true once it hears notices, and at once while it does", async () => {
    const { listener, onReady } = startListener(serverUrl, [uniqueChannel("awaited")]);
    expect(await listener.whenReady(WAIT_TIMEOUT_MS)).toBe(true);
    expect(onReady).toHaveBeenCalledTimes(1);
    expect(await listener.whenReady(0)).toBe(true);
  });

  it("resolves false when it cannot hear within the bound, and when it is stopped while waited for", async () => {
    spyOnLostLog();
    const proxy = await withProxy(() => true);
    const { listener, onReady } = startListener(proxy.url, [uniqueChannel("never_ready")]);
    // Shorter than the probe's own wait: the caller's bound ends the wait, not the listener giving up.
    expect(await listener.whenReady(500)).toBe(false);
    const waiting = listener.whenReady(WAIT_TIMEOUT_MS);
    await listener.stop();
    expect(await waiting).toBe(false);
    expect(await listener.whenReady(WAIT_TIMEOUT_MS)).toBe(false);
    expect(onReady).not.toHaveBeenCalled();
  });
});

describe("listenDatabaseUrl", () => {
  const saved = process.env.DATABASE_LISTEN_URL;
  afterEach(() => {
    if (saved === undefined) delete process.env.DATABASE_LISTEN_URL;
    else process.env.DATABASE_LISTEN_URL = saved;
  });

  it("prefers DATABASE_LISTEN_URL (a direct address beside a pooler) over its fallback", () => {
    process.env.DATABASE_LISTEN_URL = "postgres://direct.example:5432/boostly";
    expect(listenDatabaseUrl("postgres://pooler.example:6432/boostly")).toBe(
      "postgres://direct.example:5432/boostly",
    );
  });

  it("falls back when DATABASE_LISTEN_URL is unset or empty", () => {
    delete process.env.DATABASE_LISTEN_URL;
    expect(listenDatabaseUrl("postgres://pooler.example:6432/boostly")).toBe(
      "postgres://pooler.example:6432/boostly",
    );
    process.env.DATABASE_LISTEN_URL = "";
    expect(listenDatabaseUrl("postgres://pooler.example:6432/boostly")).toBe(
      "postgres://pooler.example:6432/boostly",
    );
  });
});
