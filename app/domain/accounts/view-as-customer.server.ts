import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { sessions, staffViews, userRoles, users } from "../../db/schema.ts";
import { formRefusal } from "../admin-form.ts";
import { recordAdminAction } from "../audit/record-admin-action.server.ts";
import { isUuid } from "../ids.ts";
import type { Refusal } from "../refusal.ts";
import { VIEW_AS_MINUTES, VIEW_AS_TEXT } from "./view-as-text.ts";

/** A view begun: the customer's address for the toast, and when it ends. */
export type ViewStarted = { ok: true; customerEmail: string; expiresAt: Date };

/** A view ended: whose pages were viewed, so the admin goes back to them. */
export type ViewEnded = { ok: true; customerId: string };

/**
 * Starts viewing the shop as a customer from this staff session (product rules 15.31, 15.32): the session's
 * `staff_views` row (replacing an earlier view of the same session, whose end is audited) and the audit row
 * `user.view_as`, in one transaction. Only customers: a staff account is never viewed as. A suspended customer may
 * be viewed (support's most frequent question is theirs); nothing of theirs changes.
 */
export async function startViewAs(
  db: Executor,
  input: { staffId: string; sessionToken: string; customerId: string },
): Promise<ViewStarted | Refusal> {
  const notFound = formRefusal(
    VIEW_AS_TEXT.refusedTitle,
    {},
    { kind: "not_found", message: VIEW_AS_TEXT.noUser },
  );
  if (!isUuid(input.customerId)) return notFound;
  const [customer] = await db
    .select({ email: users.email, role: userRoles.role })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .where(eq(users.id, input.customerId));
  if (!customer) return notFound;
  if (customer.role !== null)
    return formRefusal(
      VIEW_AS_TEXT.refusedTitle,
      {},
      { kind: "forbidden", message: VIEW_AS_TEXT.notCustomer },
    );
  return db.transaction(async (tx) => {
    const sessionId = await staffSessionId(tx, input);
    if (!sessionId) return notFound;
    await endViewOfSession(tx, input.staffId, sessionId);
    const [stored] = await tx
      .insert(staffViews)
      .values({
        sessionId,
        staffUserId: input.staffId,
        customerId: input.customerId,
        expiresAt: sql`now() + make_interval(mins => ${VIEW_AS_MINUTES})`,
      })
      .returning({ expiresAt: staffViews.expiresAt });
    const expiresAt = stored?.expiresAt;
    if (!expiresAt) throw new Error("The view was not stored.");
    await recordAdminAction(tx, {
      adminId: input.staffId,
      action: "user.view_as",
      subjectType: "user",
      subjectId: input.customerId,
      details: { customerEmail: customer.email, expiresAt: expiresAt.toISOString() },
    });
    return { ok: true as const, customerEmail: customer.email, expiresAt };
  });
}

/**
 * Ends this staff session's view (product rules 15.32): its row deleted and the audit row `user.view_as_end`; a
 * session that views nobody is told so and nothing is written.
 */
export async function endViewAs(
  db: Executor,
  input: { staffId: string; sessionToken: string },
): Promise<ViewEnded | Refusal> {
  return db.transaction(async (tx) => {
    const sessionId = await staffSessionId(tx, input);
    const customerId = sessionId ? await endViewOfSession(tx, input.staffId, sessionId) : null;
    if (!customerId)
      return formRefusal(
        VIEW_AS_TEXT.refusedTitle,
        {},
        { kind: "conflict", message: VIEW_AS_TEXT.notViewing },
      );
    return { ok: true as const, customerId };
  });
}

async function staffSessionId(
  tx: Executor,
  input: { staffId: string; sessionToken: string },
): Promise<string | null> {
  const [session] = await tx
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.token, input.sessionToken), eq(sessions.userId, input.staffId)));
  return session?.id ?? null;
}

/** Deletes the session's view, auditing its end (whether it had expired or not); the customer viewed, or null. */
async function endViewOfSession(tx: Executor, staffId: string, sessionId: string): Promise<string | null> {
  const [ended] = await tx
    .delete(staffViews)
    .where(eq(staffViews.sessionId, sessionId))
    .returning({
      customerId: staffViews.customerId,
      startedAt: staffViews.startedAt,
      expired: sql<boolean>`${staffViews.expiresAt} <= now()`,
    });
  if (!ended) return null;
  await recordAdminAction(tx, {
    adminId: staffId,
    action: "user.view_as_end",
    subjectType: "user",
    subjectId: ended.customerId,
    details: { startedAt: ended.startedAt.toISOString(), expired: ended.expired },
  });
  return ended.customerId;
}
