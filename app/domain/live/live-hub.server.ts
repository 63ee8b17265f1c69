import pg from "pg";
import { databaseUrl } from "../../lib/env.server.ts";
import { isCents } from "../pricing/cents.ts";
import { BALANCE_CHANNEL } from "../wallet/ledger-sql.server.ts";
import { type LiveEvent, ORDER_STATUS_CHANNEL } from "./live-events.ts";

/** One open page of a signed-in user: receives that user's events, and `end` when the server stops. */
export type LiveSubscriber = { send(event: LiveEvent): void; end(): void };

/** Back-off between reconnection attempts of the listener (spec: realtime reconnect delays 1, 2, 5, 10 s). */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;
/** How long a new subscriber waits for the LISTEN to be in place before its stream starts anyway. */
const READY_TIMEOUT_MS = 5_000;
const CHANNELS = [BALANCE_CHANNEL, ORDER_STATUS_CHANNEL] as const;

/**
 * The process's one LISTEN connection and its fan-out to the open pages of this process. Every app server
 * runs its own, so a NOTIFY committed through any server reaches pages connected to any other.
 */
class LiveHub {
  private readonly subscribers = new Map<string, Set<LiveSubscriber>>();
  private client: pg.Client | null = null;
  private listening = false;
  private waiters: Array<() => void> = [];
  private failures = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private stopped = false;

  private readonly connectionString: () => string;

  constructor(connectionString: () => string) {
    this.connectionString = connectionString;
  }

  /** Adds a page; resolves once the listener hears notifications (or after a short wait), with its removal. */
  async subscribe(userId: string, subscriber: LiveSubscriber): Promise<() => void> {
    let set = this.subscribers.get(userId);
    if (!set) {
      set = new Set();
      this.subscribers.set(userId, set);
    }
    set.add(subscriber);
    const unsubscribe = () => {
      const current = this.subscribers.get(userId);
      current?.delete(subscriber);
      if (current?.size === 0) this.subscribers.delete(userId);
    };
    if (this.stopped) {
      unsubscribe();
      subscriber.end();
      return () => {};
    }
    if (!this.client && !this.retryTimer) void this.connect();
    await this.whenListening();
    return unsubscribe;
  }

  /** Closes the listener and ends every open stream (server shutdown). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    for (const set of this.subscribers.values()) for (const subscriber of set) subscriber.end();
    this.subscribers.clear();
    this.releaseWaiters();
    const client = this.client;
    this.client = null;
    this.listening = false;
    await client?.end().catch(() => {});
  }

  private whenListening(): Promise<void> {
    if (this.listening) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, READY_TIMEOUT_MS);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private releaseWaiters() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const release of waiters) release();
  }

  private async connect(): Promise<void> {
    if (this.stopped || this.client) return;
    const client = new pg.Client({
      connectionString: this.connectionString(),
      keepAlive: true,
      application_name: "boostly-live",
    });
    this.client = client;
    client.on("notification", (message) => this.dispatch(message.channel, message.payload));
    client.on("error", (error) => this.lost(client, error));
    client.on("end", () => this.lost(client));
    try {
      await client.connect();
      for (const channel of CHANNELS) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      this.lost(client, error);
      return;
    }
    if (this.client !== client) return;
    const recovered = this.failures > 0;
    this.failures = 0;
    this.listening = true;
    this.releaseWaiters();
    // Whatever was committed while nobody listened is lost: every open page reads its state again.
    if (recovered) this.broadcast({ type: "resync" });
  }

  /** The connection broke (or never opened): drop it and try again after the next back-off delay. */
  private lost(client: pg.Client, error?: unknown) {
    if (this.client !== client) return;
    this.client = null;
    this.listening = false;
    client.on("error", () => {});
    client.end().catch(() => {});
    if (this.stopped) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(this.failures, RECONNECT_DELAYS_MS.length - 1)];
    this.failures += 1;
    const reason = error instanceof Error ? error.message : "connection ended";
    console.error(`live listener lost its database connection (${reason}); retrying in ${delay} ms`);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, delay);
    this.retryTimer.unref();
  }

  private dispatch(channel: string, payload: string | undefined) {
    const parsed = parsePayload(payload);
    if (!parsed || typeof parsed.userId !== "string") return;
    let event: LiveEvent | null = null;
    if (channel === BALANCE_CHANNEL && isCents(parsed.balanceCents)) {
      event = { type: "balance", balanceCents: parsed.balanceCents };
    } else if (
      channel === ORDER_STATUS_CHANNEL &&
      typeof parsed.orderId === "string" &&
      typeof parsed.status === "string"
    ) {
      event = { type: "order", orderId: parsed.orderId, status: parsed.status };
    }
    if (!event) return;
    for (const subscriber of this.subscribers.get(parsed.userId) ?? []) deliver(subscriber, event);
  }

  private broadcast(event: LiveEvent) {
    for (const set of this.subscribers.values()) for (const subscriber of set) deliver(subscriber, event);
  }
}

function parsePayload(payload: string | undefined): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(payload ?? "");
    return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function deliver(subscriber: LiveSubscriber, event: LiveEvent) {
  try {
    subscriber.send(event);
  } catch (error) {
    console.error("live subscriber failed", error);
  }
}

const hubKey = Symbol.for("boostly.liveHub");
const holder = globalThis as unknown as { [hubKey]?: LiveHub };

function hub(): LiveHub {
  holder[hubKey] ??= new LiveHub(databaseUrl);
  return holder[hubKey];
}

/** Follows one user's balance and order changes; the listener starts with the first subscriber. */
export function subscribeToUser(userId: string, subscriber: LiveSubscriber): Promise<() => void> {
  return hub().subscribe(userId, subscriber);
}

/** Ends every live stream of this process and closes the listener (at shutdown; a no-op if never started). */
export async function stopLiveHub(): Promise<void> {
  // The stopped hub stays in place, so a request arriving during shutdown is ended, not re-listened.
  await holder[hubKey]?.stop();
}
