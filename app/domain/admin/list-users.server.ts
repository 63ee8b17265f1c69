import { asc } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { users } from "../../db/schema.ts";

/** Accounts ordered by e-mail (the manual order page's user list). */
export async function listUsersForAdmin(db: Executor, limit = 500) {
  return db
    .select({
      id: users.id,
      email: users.email,
      balanceCents: users.balanceCents,
      createdAt: users.createdAt,
    })
    .from(users)
    .orderBy(asc(users.email))
    .limit(limit);
}
