import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { accountAdminNotes, users } from "../../db/schema.ts";
import { type ChangeMade, formRefusal } from "../admin-form.ts";
import { recordAdminAction } from "../audit/record-admin-action.server.ts";
import { isUuid } from "../ids.ts";
import type { Refusal } from "../refusal.ts";
import { ADMIN_NOTES_MAX, NOTES_TEXT } from "./user-controls-text.ts";

/**
 * Saves the admins' notes on an account (product rules 15.26), with an audit row of the text before and after, in
 * one transaction; empty notes clear them. A save that changes nothing records nothing.
 */
export async function saveAdminNotes(
  db: Executor,
  input: { adminId: string; userId: string; notes: string },
): Promise<ChangeMade | Refusal> {
  const notes = input.notes.trim();
  if (notes.length > ADMIN_NOTES_MAX)
    return formRefusal(NOTES_TEXT.refusedTitle, { notes: NOTES_TEXT.tooLong });
  const [user] = isUuid(input.userId)
    ? await db.select({ id: users.id }).from(users).where(eq(users.id, input.userId))
    : [];
  if (!user)
    return formRefusal(NOTES_TEXT.refusedTitle, {}, { kind: "not_found", message: NOTES_TEXT.noUser });
  const saved = { ok: true as const, notice: { title: NOTES_TEXT.savedTitle, message: NOTES_TEXT.saved } };
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ notes: accountAdminNotes.notes })
      .from(accountAdminNotes)
      .where(eq(accountAdminNotes.userId, input.userId))
      .for("update");
    if ((before?.notes ?? "") === notes) return saved;
    await tx
      .insert(accountAdminNotes)
      .values({ userId: input.userId, notes, updatedBy: input.adminId })
      .onConflictDoUpdate({
        target: accountAdminNotes.userId,
        set: { notes, updatedBy: input.adminId, updatedAt: new Date() },
      });
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: "user.notes",
      subjectType: "user",
      subjectId: input.userId,
      details: { before: before?.notes ?? "", after: notes },
    });
    return saved;
  });
}
