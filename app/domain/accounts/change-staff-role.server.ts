import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { userRoles } from "../../db/schema.ts";
import { withAdminAction } from "../audit/record-admin-action.server.ts";
import { type Refusal, refuse } from "../refusal.ts";
import type { StaffRole } from "./permissions.ts";
import { findUserId, setRole, staffRoleOf } from "./roles.server.ts";

export const STAFF_TEXT = {
  noAccount: "No account has this e-mail. The person must register first.",
  lastOwner:
    "The shop's last owner cannot be removed or made anything else. Make someone else an owner first.",
  unchanged: "This account already has that role.",
  granted: "Role saved",
  revoked: "Staff role removed",
} as const;

export type StaffChange = { ok: true; userId: string; from: StaffRole | null; to: StaffRole | null };

/**
 * An owner gives an account a staff role, changes it or takes it away (null), audited (product rules 15.5, 15.6).
 * The shop always keeps an owner: the owners are locked, so two owners demoting each other at once cannot both
 * succeed.
 */
export async function changeStaffRole(
  db: Executor,
  input: { ownerId: string; email: string; role: StaffRole | null },
): Promise<StaffChange | Refusal> {
  const userId = await findUserId(db, input.email);
  if (!userId) return refuse("not_found", STAFF_TEXT.noAccount, { field: "email" });
  return withAdminAction<StaffChange | Refusal>(
    db,
    async (tx) => {
      const owners = await tx.execute<{ user_id: string }>(
        sql`select user_id from ${userRoles} where role = 'owner' for update`,
      );
      const from = await staffRoleOf(tx, userId);
      if (from === input.role) return refuse("conflict", STAFF_TEXT.unchanged);
      const ownerIds = owners.rows.map((row) => row.user_id);
      if (from === "owner" && ownerIds.length <= 1) return refuse("conflict", STAFF_TEXT.lastOwner);
      await setRole(tx, userId, input.role);
      return { ok: true, userId, from, to: input.role };
    },
    (result) =>
      result.ok
        ? {
            adminId: input.ownerId,
            action: result.to ? "staff.grant" : "staff.revoke",
            subjectType: "user",
            subjectId: result.userId,
            details: { email: input.email.trim().toLowerCase(), from: result.from, to: result.to },
          }
        : null,
  );
}

/** The staff, owners first, for the Staff page. */
export async function listStaff(db: Executor): Promise<{ userId: string; email: string; role: StaffRole }[]> {
  const rows = await db.execute<{ user_id: string; email: string; role: StaffRole }>(
    sql`select r.user_id, u.email, r.role from user_roles r join users u on u.id = r.user_id order by r.role, u.email`,
  );
  return rows.rows.map((row) => ({ userId: row.user_id, email: row.email, role: row.role }));
}
