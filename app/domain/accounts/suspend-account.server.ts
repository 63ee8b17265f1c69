import { eq, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { accountSuspensions, sessions, users } from "../../db/schema.ts";
import { type ChangeMade, formRefusal } from "../admin-form.ts";
import { recordAdminAction } from "../audit/record-admin-action.server.ts";
import { isUuid } from "../ids.ts";
import type { Refusal } from "../refusal.ts";
import { isSuspensionReason, SUSPENSION_TEXT } from "./user-controls-text.ts";

export type Suspension = { reason: string; suspendedAt: Date; suspendedBy: string | null };

/** The account's suspension, or null when it may sign in (product rules 15.20). */
export async function readSuspension(db: Executor, userId: string): Promise<Suspension | null> {
  if (!isUuid(userId)) return null;
  const [row] = await db
    .select({
      reason: accountSuspensions.reason,
      suspendedAt: accountSuspensions.suspendedAt,
      suspendedBy: accountSuspensions.suspendedBy,
    })
    .from(accountSuspensions)
    .where(eq(accountSuspensions.userId, userId));
  return row ?? null;
}

/**
 * Suspends an account (product rules 15.20, 15.21): its suspension row, every session of it deleted and the audit
 * row, in one transaction. Its API keys are refused from the next request on (the key checks read the suspension);
 * its orders already placed are left to run, complete and refund as any other.
 */
export async function suspendAccount(
  db: Executor,
  input: { adminId: string; userId: string; reason: string },
): Promise<ChangeMade | Refusal> {
  const reason = input.reason.trim();
  if (!isSuspensionReason(reason))
    return formRefusal(SUSPENSION_TEXT.refusedTitle, { reason: SUSPENSION_TEXT.reason });
  const refused = await refusalForUser(db, input.userId);
  if (refused) return refused;
  if (input.userId === input.adminId)
    return formRefusal(
      SUSPENSION_TEXT.refusedTitle,
      {},
      { kind: "forbidden", message: SUSPENSION_TEXT.notYourself },
    );
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(accountSuspensions)
      .values({ userId: input.userId, reason, suspendedBy: input.adminId })
      .onConflictDoNothing()
      .returning({ userId: accountSuspensions.userId });
    if (!inserted.length)
      return formRefusal(
        SUSPENSION_TEXT.refusedTitle,
        {},
        { kind: "conflict", message: SUSPENSION_TEXT.alreadySuspended },
      );
    // After the row exists, so a sign-in racing this either sees it or made a session this deletes.
    const ended = await tx
      .delete(sessions)
      .where(eq(sessions.userId, input.userId))
      .returning({ id: sessions.id });
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: "user.suspend",
      subjectType: "user",
      subjectId: input.userId,
      details: { reason, sessionsEnded: ended.length },
    });
    return {
      ok: true as const,
      notice: { title: SUSPENSION_TEXT.suspendedTitle, message: SUSPENSION_TEXT.suspended },
    };
  });
}

/** Lifts a suspension (product rules 15.22): sign-in and the account's unrevoked API keys work again; audited. */
export async function unsuspendAccount(
  db: Executor,
  input: { adminId: string; userId: string },
): Promise<ChangeMade | Refusal> {
  const refused = await refusalForUser(db, input.userId);
  if (refused) return refused;
  return db.transaction(async (tx) => {
    const lifted = await tx
      .delete(accountSuspensions)
      .where(eq(accountSuspensions.userId, input.userId))
      .returning({ reason: accountSuspensions.reason });
    if (!lifted[0])
      return formRefusal(
        SUSPENSION_TEXT.refusedTitle,
        {},
        { kind: "conflict", message: SUSPENSION_TEXT.notSuspended },
      );
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: "user.unsuspend",
      subjectType: "user",
      subjectId: input.userId,
      details: { suspendedFor: lifted[0].reason },
    });
    return {
      ok: true as const,
      notice: { title: SUSPENSION_TEXT.unsuspendedTitle, message: SUSPENSION_TEXT.unsuspended },
    };
  });
}

/** Deletes every session of the account: what a suspended account's sign-in leaves behind is ended at once. */
export async function endSessionsOf(db: Executor, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** The SQL condition "this account is not suspended", for statements that check an API key's owner. */
export function notSuspendedSql(userIdColumn: SQL): SQL {
  return sql`not exists (select 1 from account_suspensions where account_suspensions.user_id = ${userIdColumn})`;
}

async function refusalForUser(db: Executor, userId: string): Promise<Refusal | null> {
  if (!isUuid(userId))
    return formRefusal(
      SUSPENSION_TEXT.refusedTitle,
      {},
      { kind: "not_found", message: SUSPENSION_TEXT.noUser },
    );
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return user
    ? null
    : formRefusal(SUSPENSION_TEXT.refusedTitle, {}, { kind: "not_found", message: SUSPENSION_TEXT.noUser });
}
