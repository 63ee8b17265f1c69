import { asc, eq, ilike } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { users } from "../../db/schema.ts";
import { isUuid } from "../ids.ts";

export type AdminUserOption = { id: string; email: string; balanceCents: number };

/** Users the manual order form offers at most. */
export const USER_SEARCH_LIMIT = 20;

const columns = { id: users.id, email: users.email, balanceCents: users.balanceCents };

/** Accounts ordered by e-mail (the manual order page's user list). */
export async function listUsersForAdmin(db: Executor, limit = 500) {
  return db
    .select({ ...columns, createdAt: users.createdAt })
    .from(users)
    .orderBy(asc(users.email))
    .limit(limit);
}

/**
 * The manual order form's user list: accounts whose e-mail contains `q` (all when empty), by e-mail, at most
 * 20; the preselected account (?userId) is always included, first.
 */
export async function searchUsersForAdmin(
  db: Executor,
  input: { q?: string; preselectedId?: string | null },
): Promise<AdminUserOption[]> {
  const q = input.q?.trim().slice(0, 200) ?? "";
  const pattern = `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const [found, preselected] = await Promise.all([
    db
      .select(columns)
      .from(users)
      .where(q ? ilike(users.email, pattern) : undefined)
      .orderBy(asc(users.email))
      .limit(USER_SEARCH_LIMIT),
    input.preselectedId ? findUserForAdmin(db, input.preselectedId) : Promise.resolve(null),
  ]);
  if (!preselected) return found;
  return [preselected, ...found.filter((user) => user.id !== preselected.id)];
}

/** One account by id, or null for an unknown or malformed id. */
export async function findUserForAdmin(db: Executor, userId: string): Promise<AdminUserOption | null> {
  if (!isUuid(userId)) return null;
  const [user] = await db.select(columns).from(users).where(eq(users.id, userId)).limit(1);
  return user ?? null;
}
