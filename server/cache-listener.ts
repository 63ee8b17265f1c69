import type pg from "pg";
import { DatabaseListener } from "../app/lib/database-listener.server.ts";

/**
 * A render cache's ear (docs/decisions/028-visitor-page-cache.md, 032-account-page-cache.md): one LISTEN
 * connection whose notices tell the cache what to forget. It is `trusted` only while it hears them: until its
 * first LISTEN, and after a lost connection, the cache is bypassed; a reconnection tells it to forget everything,
 * since notices may have been missed meanwhile.
 */
export abstract class CacheListener<Change> {
  trusted = false;
  private readonly listeners = new Set<(change: Change) => void>();
  private readonly listener: DatabaseListener;

  constructor(name: string, channel: string, connectionString: () => string) {
    this.listener = new DatabaseListener({
      name,
      channels: [channel],
      connectionString,
      onNotification: (_channel, payload) => this.tell(this.changeOf(payload)),
      prepare: (client) => this.prepare(client),
      onReady: () => {
        this.tell(this.everything());
        this.trusted = true;
      },
      onLost: () => {
        this.trusted = false;
        this.tell(this.everything());
      },
    });
  }

  /** What a notice's payload says changed. */
  protected abstract changeOf(payload: string | undefined): Change;
  /** The change that stands for everything. */
  protected abstract everything(): Change;
  /** A read once the LISTEN is in place, before the listener is trusted (DatabaseListenerHooks.prepare). */
  protected async prepare(_client: pg.Client): Promise<void> {}

  onChange(listener: (change: Change) => void) {
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

  protected tell(change: Change) {
    for (const listener of this.listeners) listener(change);
  }
}
