import { DatabaseListener } from "../app/lib/database-listener.server.ts";

/** Channel of the content NOTIFY (payload: the new content version), sent by drizzle/0014_site_content_notify.sql. */
export const SITE_CONTENT_CHANNEL = "site_content_changed";

/**
 * This process's view of the shop's content version (docs/decisions/028-visitor-page-cache.md): one LISTEN
 * connection hears every committed change to the catalogue, settings, banner or blog, from any app server or
 * script. Every notice (and every reconnection, since notices may have been missed) tells the cache to forget what
 * it rendered, including renders still running. While the listener is not connected, `trusted` is false and the
 * cache is bypassed.
 */
export class ContentVersion {
  /** The database's last content version, for the ETag. */
  version = "0";
  trusted = false;
  private readonly listeners = new Set<() => void>();
  private readonly listener: DatabaseListener;

  constructor(connectionString: () => string) {
    this.listener = new DatabaseListener({
      name: "content",
      channels: [SITE_CONTENT_CHANNEL],
      connectionString,
      onNotification: (_channel, payload) => this.changed(payload),
      // After LISTEN: a change committed from here on is heard, so the version read now is a safe start.
      prepare: async (client) => {
        const { rows } = await client.query<{ version: string }>(
          "select last_value::text as version from site_content_version",
        );
        this.version = rows[0]?.version ?? "0";
      },
      onReady: () => {
        this.changed();
        this.trusted = true;
      },
      onLost: () => {
        this.trusted = false;
        this.changed();
      },
    });
  }

  /** Calls `listener` whenever the content may have changed. */
  onChange(listener: () => void) {
    this.listeners.add(listener);
  }

  /** Opens the listener (idempotent); the cache stays bypassed until it hears notices. */
  start() {
    this.listener.start();
  }

  async stop(): Promise<void> {
    this.trusted = false;
    await this.listener.stop();
  }

  /** Something changed (a notice, a reconnection, an admin write on this server): forget what was rendered. */
  changed(version?: string) {
    if (version && /^\d+$/.test(version) && BigInt(version) > BigInt(this.version)) this.version = version;
    for (const listener of this.listeners) listener();
  }
}
