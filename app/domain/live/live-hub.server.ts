import { DatabaseListener } from "../../lib/database-listener.server.ts";
import { listenDatabaseUrl } from "../../lib/env.server.ts";
import { isCents } from "../pricing/cents.ts";
import { BALANCE_CHANNEL } from "../wallet/ledger-sql.server.ts";
import { type LiveEvent, ORDER_STATUS_CHANNEL } from "./live-events.ts";

/** One open page of a signed-in user: receives that user's events, and `end` when the server stops. */
export type LiveSubscriber = { send(event: LiveEvent): void; end(): void };

/** How long a new subscriber waits for the LISTEN to be in place before its stream starts anyway. */
const READY_TIMEOUT_MS = 5_000;
const CHANNELS = [BALANCE_CHANNEL, ORDER_STATUS_CHANNEL] as const;

/**
 * The process's one LISTEN connection and its fan-out to the open pages of this process. Every app server
 * runs its own, so a NOTIFY committed through any server reaches pages connected to any other.
 */
class LiveHub {
  private readonly subscribers = new Map<string, Set<LiveSubscriber>>();
  private readonly listener: DatabaseListener;

  constructor(connectionString: () => string) {
    this.listener = new DatabaseListener({
      name: "live",
      channels: CHANNELS,
      connectionString,
      onNotification: (channel, payload) => this.dispatch(channel, payload),
      onReady: (recovered) => {
        // Whatever was committed while nobody listened is lost: every open page reads its state again.
        if (recovered) this.broadcast({ type: "resync" });
      },
    });
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
    if (this.listener.isStopped) {
      unsubscribe();
      subscriber.end();
      return () => {};
    }
    this.listener.start();
    await this.listener.whenReady(READY_TIMEOUT_MS);
    return unsubscribe;
  }

  /** Closes the listener and ends every open stream (server shutdown). */
  async stop(): Promise<void> {
    const stopping = this.listener.stop();
    for (const set of this.subscribers.values()) for (const subscriber of set) subscriber.end();
    this.subscribers.clear();
    await stopping;
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
  holder[hubKey] ??= new LiveHub(listenDatabaseUrl);
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
