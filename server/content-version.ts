import pg from "pg";

/** Channel of the content NOTIFY (payload: the new content version), sent by drizzle/0014_site_content_notify.sql. */
export const SITE_CONTENT_CHANNEL = "site_content_changed";
const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;

/**
 * This process's view of the shop's content version (docs/decisions/028-visitor-page-cache.md): one LISTEN
 * connection hears every committed change to the catalogue, settings, banner or blog, from any app server or
 * script. `generation` moves on every notice (and on every reconnection, since notices may have been missed), so
 * whatever was rendered under an older generation is never served again. While the listener is not connected,
 * `trusted` is false and the cache is bypassed.
 */
export class ContentVersion {
  /** The database's last content version, for the ETag. */
  version = "0";
  /** Moves on every change heard (or possibly missed). */
  generation = 0;
  trusted = false;
  private client: pg.Client | null = null;
  private failures = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly listeners = new Set<() => void>();
  private readonly connectionString: () => string;

  constructor(connectionString: () => string) {
    this.connectionString = connectionString;
  }

  /** Calls `listener` whenever the content may have changed. */
  onChange(listener: () => void) {
    this.listeners.add(listener);
  }

  /** Opens the listener (idempotent); the cache stays bypassed until it hears notices. */
  start() {
    if (!this.client && !this.retryTimer && !this.stopped) void this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.trusted = false;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  /** Something changed (a notice, a reconnection, an admin write on this server): forget what was rendered. */
  changed(version?: string) {
    if (version && /^\d+$/.test(version) && BigInt(version) > BigInt(this.version)) this.version = version;
    this.generation += 1;
    for (const listener of this.listeners) listener();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.connectionString(),
      keepAlive: true,
      application_name: "boostly-content",
    });
    this.client = client;
    client.on("notification", (message) => {
      if (message.channel === SITE_CONTENT_CHANNEL) this.changed(message.payload);
    });
    client.on("error", (error) => this.lost(client, error));
    client.on("end", () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${SITE_CONTENT_CHANNEL}`);
      // After LISTEN: a change committed from here on is heard, so the version read now is a safe start.
      const { rows } = await client.query<{ version: string }>(
        "select last_value::text as version from site_content_version",
      );
      if (this.client !== client) return;
      this.version = rows[0]?.version ?? "0";
    } catch (error) {
      this.lost(client, error);
      return;
    }
    this.failures = 0;
    this.changed();
    this.trusted = true;
  }

  private lost(client: pg.Client, error?: unknown) {
    if (this.client !== client) return;
    this.client = null;
    this.trusted = false;
    this.changed();
    client.on("error", () => {});
    client.end().catch(() => {});
    if (this.stopped) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(this.failures, RECONNECT_DELAYS_MS.length - 1)];
    this.failures += 1;
    const reason = error instanceof Error ? error.message : "connection ended";
    console.error(`content listener lost its database connection (${reason}); retrying in ${delay} ms`);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, delay);
    this.retryTimer.unref();
  }
}
