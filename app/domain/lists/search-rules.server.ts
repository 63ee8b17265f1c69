import { type AnyColumn, eq, ilike, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.server.ts";
import { users } from "../../db/schema.ts";
import { containsPattern } from "./list-paging.ts";

/**
 * One way a list's search text finds rows, on an index of its own (docs/decisions/030): a list declares its rules
 * and a row matches when any of them does. A rule gives no condition when the text cannot be what it looks for
 * (a number rule for "ann").
 */
export type SearchRule = (db: Executor, q: string) => SQL | undefined | Promise<SQL | undefined>;

/** An e-mail as stored (accounts keep theirs lower-cased), if `q` is a whole address, else null. */
export function wholeEmail(q: string): string | null {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(q) ? q.toLowerCase() : null;
}

/**
 * The shop's number of a row (`ORD-100001`, `TKT-100001`), typed whole in any case, with or without its prefix
 * or dash ("ord100001", "100001"): an equality on the number's unique index.
 */
export function numberIs(column: PgColumn, prefix: string): SearchRule {
  const pattern = new RegExp(`^(?:${prefix}-?)?(\\d{1,12})$`, "i");
  return (_db, q) => {
    const digits = pattern.exec(q)?.[1];
    return digits ? eq(column, `${prefix}-${digits}`) : undefined;
  };
}

/** Text the column contains (its trigram index for three characters or more), `clean` applied to `q` first. */
export function contains(column: PgColumn, clean: (q: string) => string = (q) => q): SearchRule {
  return (_db, q) => ilike(column, containsPattern(clean(q)));
}

/** An account's own e-mail: the whole address (users_email_unique) or the e-mails containing `q`. */
export function emailIs(column: PgColumn): SearchRule {
  return (_db, q) => {
    const email = wholeEmail(q);
    return email ? eq(column, email) : ilike(column, containsPattern(q));
  };
}

/** Accounts a search names by id at most; beyond, the condition stays a subquery (docs/decisions/030). */
const LISTED_CUSTOMERS = 1_000;

/**
 * A row whose customer's e-mail is `q` (a whole address: users_email_unique) or contains it (users_email_trgm_idx),
 * every matching customer however many (docs/decisions/030). The accounts are looked up first: up to 1,000 become
 * `user_id = any(<their ids>)`, which the planner sizes and can combine with a list's other indexed conditions
 * (a BitmapOr); more than that means the rows are common, and a semi-join lets the newest-first walk stop early.
 */
export function customerEmail(userId: AnyColumn): SearchRule {
  return (db, q) => customerEmailMatches(db, userId, q);
}

async function customerEmailMatches(db: Executor, userId: AnyColumn, q: string): Promise<SQL> {
  const email = wholeEmail(q);
  const match = email ? sql`${users.email} = ${email}` : sql`${users.email} ilike ${containsPattern(q)}`;
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(match)
    .limit(LISTED_CUSTOMERS + 1);
  if (found.length === 0) return sql`false`;
  if (found.length <= LISTED_CUSTOMERS) {
    const ids = found.map((row) => row.id);
    return sql`${userId} = any(${sql.param(ids)}::uuid[])`;
  }
  return sql`${userId} in (select ${users.id} from ${users} where ${match})`;
}
