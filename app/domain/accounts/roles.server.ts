import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { userRoles, users } from "../../db/schema.ts";

/** Whether the user holds the admin role (checked on every admin request). */
export async function isAdmin(db: Executor, userId: string): Promise<boolean> {
  const rows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")))
    .limit(1);
  return rows.length > 0;
}

async function findUserId(db: Executor, email: string): Promise<string | null> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  return user?.id ?? null;
}

/** Gives the admin role to an existing account; returns false when no account has that e-mail. */
export async function grantAdmin(db: Executor, email: string): Promise<boolean> {
  const userId = await findUserId(db, email);
  if (!userId) return false;
  await db.insert(userRoles).values({ userId, role: "admin" }).onConflictDoNothing();
  return true;
}

/** Takes the admin role away (it is checked on every request, so it takes effect at once); returns false when no account has that e-mail. */
export async function revokeAdmin(db: Executor, email: string): Promise<boolean> {
  const userId = await findUserId(db, email);
  if (!userId) return false;
  await db.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")));
  return true;
}

/** Grants the admin role when a confirmed address is listed in ADMIN_EMAILS (product rules 5.3). */
export async function grantAdminIfListed(
  db: Executor,
  email: string,
  adminEmails: string[],
): Promise<boolean> {
  if (!adminEmails.includes(email.trim().toLowerCase())) return false;
  return grantAdmin(db, email);
}

/** Number of admins, for the admin command's report. */
export async function countAdmins(db: Executor): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(userRoles);
  return row?.count ?? 0;
}
