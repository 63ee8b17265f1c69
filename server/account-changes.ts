import { CacheListener } from "./cache-listener.ts";

/** Channel of the account NOTIFY (payload: the customer's id, or '*' for all), sent by
 * drizzle/0017_account_changed_notify.sql. */
export const ACCOUNT_CHANNEL = "account_changed";
/** The payload that stands for every customer (a TRUNCATE). */
const EVERY_ACCOUNT = "*";

/**
 * This process's ear for changes to customers' own pages (docs/decisions/032-account-page-cache.md): one LISTEN
 * connection hears every committed change to a customer's e-mail, role, orders, transactions, auto orders or
 * tickets, from any app server, worker or script, and tells which customer (null: possibly anyone).
 */
export class AccountChanges extends CacheListener<string | null> {
  constructor(connectionString: () => string) {
    super("accounts", ACCOUNT_CHANNEL, connectionString);
  }

  protected changeOf(payload: string | undefined): string | null {
    return payload && payload !== EVERY_ACCOUNT ? payload : null;
  }

  protected everything(): null {
    return null;
  }
}
