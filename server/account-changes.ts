import { DatabaseListener } from "../app/lib/database-listener.server.ts";

/** Channel of the account NOTIFY (payload: the customer's id, or '*' for all), sent by
 * drizzle/0017_account_changed_notify.sql. */
export const ACCOUNT_CHANNEL = "account_changed";
/** The payload that stands for every customer (a TRUNCATE). */
const EVERY_ACCOUNT = "*";

/** Told which customer's pages changed; null when it may be anyone's (a reconnection, a TRUNCATE). */
export type AccountChangeListener = (userId: string | null) => void;

/**
 * This process's ear for changes to customers' own pages (docs/decisions/032-account-page-cache.md): one LISTEN
 * connection hears every committed change to a customer's balance, role, orders, transactions, auto orders or
 * tickets, from any app server, worker or script. While it is not connected, `trusted` is false: a notice may be
 * missed, so nothing rendered may be kept or served.
 */
export class AccountChanges {
  trusted = false;
  private readonly listeners = new Set<AccountChangeListener>();
  private readonly listener: DatabaseListener;

  constructor(connectionString: () => string) {
    this.listener = new DatabaseListener({
      name: "accounts",
      channels: [ACCOUNT_CHANNEL],
      connectionString,
      onNotification: (_channel, payload) =>
        this.changed(payload && payload !== EVERY_ACCOUNT ? payload : null),
      onReady: () => {
        this.changed(null);
        this.trusted = true;
      },
      onLost: () => {
        this.trusted = false;
        this.changed(null);
      },
    });
  }

  onChange(listener: AccountChangeListener) {
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

  private changed(userId: string | null) {
    for (const listener of this.listeners) listener(userId);
  }
}
