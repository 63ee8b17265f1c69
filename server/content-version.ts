import type pg from "pg";
import { CacheListener } from "./cache-listener.ts";

/** Channel of the content NOTIFY (payload: the new content version), sent by drizzle/0014_site_content_notify.sql. */
export const SITE_CONTENT_CHANNEL = "site_content_changed";

/**
 * This process's view of the shop's content version (docs/decisions/028-visitor-page-cache.md): one LISTEN
 * connection hears every committed change to the catalogue, settings, banner or blog, from any app server or
 * script. Every notice (and every reconnection, since notices may have been missed) tells the cache to forget what
 * it rendered, including renders still running. While the listener is not connected, `trusted` is false and the
 * cache is bypassed.
 */
export class ContentVersion extends CacheListener<void> {
  /** The database's last content version, for the ETag. */
  version = "0";

  constructor(connectionString: () => string) {
    super("content", SITE_CONTENT_CHANNEL, connectionString);
  }

  /** Something changed (an admin write on this server): forget what was rendered. */
  changed(version?: string) {
    this.changeOf(version);
    this.tell();
  }

  protected changeOf(version: string | undefined): void {
    if (version && /^\d+$/.test(version) && BigInt(version) > BigInt(this.version)) this.version = version;
  }

  protected everything(): void {}

  // After LISTEN: a change committed from here on is heard, so the version read now is a safe start.
  protected async prepare(client: pg.Client): Promise<void> {
    const { rows } = await client.query<{ version: string }>(
      "select last_value::text as version from site_content_version",
    );
    this.version = rows[0]?.version ?? "0";
  }
}
