import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { users } from "../../db/schema.ts";

/** `q` as an ILIKE pattern matching any text that contains it; `\`, `%` and `_` in `q` match themselves. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * A row whose customer's e-mail contains `q`, as a correlated EXISTS on the row's user id: every matching
 * customer counts, however many there are (the pattern is a bound parameter).
 */
export function customerEmailContains(userId: AnyColumn, q: string): SQL {
  return sql`exists (select 1 from ${users} as u where u.id = ${userId} and u.email ilike ${containsPattern(q)})`;
}
