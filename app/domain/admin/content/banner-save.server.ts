import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client.server.ts";
import { bannerSettings } from "../../../db/schema.ts";
import { recordAdminAction } from "../../audit/record-admin-action.server.ts";
import { DEFAULT_BANNER, readStoredBanner } from "../../content/banner.server.ts";
import { type ContentAnswer, fieldErrorsOf, formRefusal } from "./answer.ts";
import { bannerForm } from "./banner-form.ts";
import { CONTENT_TEXT } from "./messages.ts";

/** Saves the site banner; the storefront shows it on its next page load while it is enabled. */
export async function saveBanner(
  db: Database,
  input: { adminId: string; form: Record<string, unknown> },
): Promise<ContentAnswer> {
  const parsed = bannerForm.safeParse(input.form);
  if (!parsed.success) return formRefusal(CONTENT_TEXT.bannerUpdateFailed, fieldErrorsOf(parsed.error));
  const { text, enabled, type } = parsed.data;
  return db.transaction(async (tx) => {
    // banner_settings has no singleton key (and no migration may add one): saves take turns on this table lock
    // (it lets readers through), so two first saves at once still make one row: the second updates it.
    await tx.execute(sql`lock table ${bannerSettings} in share row exclusive mode`);
    const before = await readStoredBanner(tx);
    const values = {
      bannerText: text,
      bannerEnabled: enabled,
      bannerType: type,
      updatedByAdminId: input.adminId,
      updatedAt: sql`now()`,
    };
    // Every row is updated (an older database may hold two, made by concurrent first loads): all read the same.
    if (before) await tx.update(bannerSettings).set(values);
    const [created] = before
      ? []
      : await tx.insert(bannerSettings).values(values).returning({ id: bannerSettings.id });
    const subjectId = before?.id ?? created?.id ?? "";
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: "banner.update",
      subjectType: "banner",
      subjectId,
      details: {
        from: before?.banner ?? DEFAULT_BANNER,
        to: { text, enabled, type },
      },
    });
    return { ok: true, notice: { title: CONTENT_TEXT.bannerUpdated, message: "" } };
  });
}
