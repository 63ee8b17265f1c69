import { randomBytes } from "node:crypto";
import pg from "pg";
import { RECONNECT_DELAYS_MS } from "./live/reconnect-delays.ts";
import { shutdownRequested } from "./shutdown.ts";

export type DatabaseListenerHooks = {
  /** Names the connection (`boostly-<name>` in pg_stat_activity) and its log lines. */
  name: string;
  channels: readonly string[];
  connectionString: () => string;
  onNotification(channel: string, payload: string | undefined): void;
  /**
   * Runs once the LISTENs are in place, before `onReady`: a read on `client` of the state the notices will move on
   * from. If it throws, the connection counts as lost and is tried again.
   */
  prepare?(client: pg.Client): Promise<void>;
  /** Notices are heard (`recovered`: after a lost connection, so some may have been missed). */
  onReady(recovered: boolean): void;
  /** The connection broke: notices are not heard until `onReady` again. */
  onLost?(): void;
};

/**
 * How long a worker's start-up (the fulfilment pump, the mail worker) waits for its listener before it goes on
 * without: its periodic rounds still find whatever is due, and the listener keeps reconnecting meanwhile.
 */
export const WORKER_LISTEN_TIMEOUT_MS = 10_000;
/** How long a new connection waits to hear its own probe notice before it counts as not listening. */
const PROBE_TIMEOUT_MS = 5_000;

/**
 * One process's LISTEN connection, reopened with back-off whenever it breaks (the live hub's page events and the
 * render caches' change notices ride on these). Before it reports ready it must hear a notice it sent itself, on a
 * channel only it listens to: through a pooler that hands statements to any server connection (PgBouncer's
 * transaction mode) notices never arrive, and the caches would trust a deaf ear (docs/decisions/032).
 */
export class DatabaseListener {
  private client: pg.Client | null = null;
  private failures = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  private ready = false;
  private readyWaiters: Array<(ready: boolean) => void> = [];

  private readonly hooks: DatabaseListenerHooks;

  constructor(hooks: DatabaseListenerHooks) {
    this.hooks = hooks;
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  /**
   * Resolves `true` once notices are heard (at once if they are now), or `false` if that takes longer than
   * `timeoutMs` or the listener is stopped first. For a caller that must not start deaf, nor wait forever on a
   * database that is away.
   */
  whenReady(timeoutMs: number): Promise<boolean> {
    if (this.ready) return Promise.resolve(true);
    if (this.stopped) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.readyWaiters = this.readyWaiters.filter((waiter) => waiter !== settle);
        resolve(false);
      }, timeoutMs);
      const settle = (ready: boolean) => {
        clearTimeout(timer);
        resolve(ready);
      };
      this.readyWaiters.push(settle);
    });
  }

  /** Opens the connection unless it is open, waiting to reopen, or stopped. */
  start() {
    if (!this.client && !this.retryTimer && !this.stopped) void this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.ready = false;
    this.settleWaiters(false);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    if (this.stopped || this.client) return;
    const client = new pg.Client({
      connectionString: this.hooks.connectionString(),
      keepAlive: true,
      application_name: `boostly-${this.hooks.name}`,
    });
    this.client = client;
    const probe = `listener_probe_${randomBytes(8).toString("hex")}`;
    let heardProbe: () => void = () => {};
    const probeHeard = new Promise<void>((resolve) => {
      heardProbe = resolve;
    });
    client.on("notification", (message) => {
      if (message.channel === probe) heardProbe();
      else this.hooks.onNotification(message.channel, message.payload);
    });
    client.on("error", (error) => this.lost(client, error));
    client.on("end", () => this.lost(client));
    try {
      await client.connect();
      for (const channel of this.hooks.channels) await client.query(`LISTEN ${channel}`);
      await client.query(`LISTEN ${probe}`);
      await client.query("select pg_notify($1, '')", [probe]);
      await withTimeout(
        probeHeard,
        PROBE_TIMEOUT_MS,
        "it did not hear its own notice (a transaction-mode pooler?)",
      );
      await client.query(`UNLISTEN ${probe}`);
      await this.hooks.prepare?.(client);
    } catch (error) {
      this.lost(client, error);
      return;
    }
    if (this.client !== client) return;
    const recovered = this.failures > 0;
    this.failures = 0;
    this.ready = true;
    this.hooks.onReady(recovered);
    this.settleWaiters(true);
  }

  private settleWaiters(ready: boolean) {
    const waiters = this.readyWaiters;
    this.readyWaiters = [];
    for (const settle of waiters) settle(ready);
  }

  private lost(client: pg.Client, error?: unknown) {
    if (this.client !== client) return;
    this.client = null;
    this.ready = false;
    this.hooks.onLost?.();
    client.on("error", () => {});
    client.end().catch(() => {});
    if (this.stopped || shutdownRequested()) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(this.failures, RECONNECT_DELAYS_MS.length - 1)];
    this.failures += 1;
    const reason = error instanceof Error ? error.message : "connection ended";
    console.error(
      `${this.hooks.name} listener lost its database connection (${reason}); retrying in ${delay} ms`,
    );
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, delay);
    this.retryTimer.unref();
  }
}

function withTimeout(promise: Promise<void>, ms: number, message: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
    // A stop() during the wait must not hold the process open.
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
