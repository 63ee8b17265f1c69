import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { users } from "../../db/schema.ts";
import { type ChangeMade, formRefusal } from "../admin-form.ts";
import { recordAdminAction } from "../audit/record-admin-action.server.ts";
import { isUuid } from "../ids.ts";
import { failed, type Refusal } from "../refusal.ts";
import { auth } from "./auth.server.ts";
import { runAuthCall } from "./auth-response.server.ts";
import { RESET_MAIL_TEXT } from "./user-controls-text.ts";

/**
 * Sends the account a password-reset link from its admin page (product rules 15.23): better-auth's own reset flow,
 * so the link, its hour of validity and the mail are the customer's "Forgot password" ones, queued in the outbox;
 * then the audit row. The admin never sees the link.
 */
export async function sendPasswordResetByAdmin(
  db: Executor,
  input: { adminId: string; userId: string },
): Promise<ChangeMade | Refusal> {
  const [user] = isUuid(input.userId)
    ? await db.select({ email: users.email }).from(users).where(eq(users.id, input.userId))
    : [];
  if (!user)
    return formRefusal(
      RESET_MAIL_TEXT.refusedTitle,
      {},
      { kind: "not_found", message: RESET_MAIL_TEXT.noUser },
    );
  const outcome = await runAuthCall(() =>
    auth().api.requestPasswordReset({
      body: { email: user.email, redirectTo: "/reset-password" },
      asResponse: true,
    }),
  );
  if (!outcome.succeeded) {
    console.error("admin password reset mail failed", outcome.status, outcome.code, outcome.message);
    return failed(RESET_MAIL_TEXT.failed);
  }
  await recordAdminAction(db, {
    adminId: input.adminId,
    action: "user.password_reset_mail",
    subjectType: "user",
    subjectId: input.userId,
    details: { email: user.email },
  });
  return {
    ok: true,
    notice: { title: RESET_MAIL_TEXT.sentTitle, message: RESET_MAIL_TEXT.sent(user.email) },
  };
}
