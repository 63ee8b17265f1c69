import type { Database } from "../../../db/client.server.ts";
import { recordAdminAction } from "../../audit/record-admin-action.server.ts";
import { DEFAULT_BANNER, storeBanner } from "../../content/banner.server.ts";
import { issuesByField } from "../../refusal.ts";
import { type ContentAnswer, formRefusal } from "./answer.ts";
import { bannerForm } from "./banner-form.ts";
import { CONTENT_TEXT } from "./messages.ts";

/** Saves the site banner; the storefront shows it on its next page load while it is enabled. */
export async function saveBanner(
  db: Database,
  input: { adminId: string; form: Record<string, unknown> },
): Promise<ContentAnswer> {
  const parsed = bannerForm.safeParse(input.form);
  if (!parsed.success) return formRefusal(CONTENT_TEXT.bannerUpdateFailed, issuesByField(parsed.error));
  const { text, enabled, type } = parsed.data;
  return db.transaction(async (tx) => {
    const stored = await storeBanner(tx, { text, enabled, type }, input.adminId);
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: "banner.update",
      subjectType: "banner",
      subjectId: stored.id,
      details: {
        from: stored.before ?? DEFAULT_BANNER,
        to: { text, enabled, type },
      },
    });
    return { ok: true, notice: { title: CONTENT_TEXT.bannerUpdated, message: "" } };
  });
}
