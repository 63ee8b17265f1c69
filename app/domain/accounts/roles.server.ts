import { asc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { userRoles, users } from "../../db/schema.ts";
import type { StaffRole } from "./permissions.ts";

/** The account's staff role, or null for a customer (the most powerful, should a test have left two). */
export async function staffRoleOf(db: Executor, userId: string): Promise<StaffRole | null> {
  const [row] = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(userRoles.role))
    .limit(1);
  return row?.role ?? null;
}

/** Whether the user holds any staff role: who may sign in at /admin-login (product rules 5.4, 15.1). */
export async function isStaff(db: Executor, userId: string): Promise<boolean> {
  return (await staffRoleOf(db, userId)) !== null;
}

/** The account with this e-mail, or null. */
export async function findUserId(db: Executor, email: string): Promise<string | null> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  return user?.id ?? null;
}

/** Makes `role` the account's one staff role (null: a customer again); checked on every request, so at once. */
export async function setRole(db: Executor, userId: string, role: StaffRole | null): Promise<void> {
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  if (role) await db.insert(userRoles).values({ userId, role });
}

/** Gives an existing account a staff role (owner unless told); returns false when no account has that e-mail. */
export async function grantRole(db: Executor, email: string, role: StaffRole = "owner"): Promise<boolean> {
  const userId = await findUserId(db, email);
  if (!userId) return false;
  await setRole(db, userId, role);
  return true;
}

/** Takes every staff role away; returns false when no account has that e-mail. */
export async function revokeRoles(db: Executor, email: string): Promise<boolean> {
  const userId = await findUserId(db, email);
  if (!userId) return false;
  await setRole(db, userId, null);
  return true;
}

/** Makes a confirmed address listed in ADMIN_EMAILS an owner, unless it already has a role (product rules 15.7). */
export async function grantAdminIfListed(
  db: Executor,
  email: string,
  adminEmails: string[],
): Promise<boolean> {
  if (!adminEmails.includes(email.trim().toLowerCase())) return false;
  const userId = await findUserId(db, email);
  if (!userId) return false;
  if ((await staffRoleOf(db, userId)) === null)
    await db.insert(userRoles).values({ userId, role: "owner" }).onConflictDoNothing();
  return true;
}

/** Number of staff holding a role, for the admin command's report and the last-owner rule. */
export async function countRole(db: Executor, role: StaffRole): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(userRoles)
    .where(eq(userRoles.role, role));
  return row?.count ?? 0;
}
