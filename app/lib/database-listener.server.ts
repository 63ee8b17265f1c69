import pg from "pg";
import { RECONNECT_DELAYS_MS } from "./live/reconnect-delays.ts";

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
  onLost(): void;
};

/**
 * One process's LISTEN connection, reopened with back-off whenever it breaks (the live hub's page events and the
 * visitor page cache's content version both ride on one of these).
 */
export class DatabaseListener {
  private client: pg.Client | null = null;
  private failures = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private stopped = false;

  private readonly hooks: DatabaseListenerHooks;

  constructor(hooks: DatabaseListenerHooks) {
    this.hooks = hooks;
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  /** Opens the connection unless it is open, waiting to reopen, or stopped. */
  start() {
    if (!this.client && !this.retryTimer && !this.stopped) void this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
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
    client.on("notification", (message) => this.hooks.onNotification(message.channel, message.payload));
    client.on("error", (error) => this.lost(client, error));
    client.on("end", () => this.lost(client));
    try {
      await client.connect();
      for (const channel of this.hooks.channels) await client.query(`LISTEN ${channel}`);
      await this.hooks.prepare?.(client);
    } catch (error) {
      this.lost(client, error);
      return;
    }
    if (this.client !== client) return;
    const recovered = this.failures > 0;
    this.failures = 0;
    this.hooks.onReady(recovered);
  }

  private lost(client: pg.Client, error?: unknown) {
    if (this.client !== client) return;
    this.client = null;
    this.hooks.onLost();
    client.on("error", () => {});
    client.end().catch(() => {});
    if (this.stopped) return;
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
