import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client.server.ts";
import { bannerSettings } from "../../../db/schema.ts";
import { readBannerSettings } from "../../content/banner.server.ts";
import { type ContentAnswer, fieldErrorsOf } from "./answer.ts";
import { recordAdminAction } from "./audit.server.ts";
import { bannerForm } from "./banner-form.ts";
import { CONTENT_TEXT } from "./messages.ts";

/** Saves the site banner; the storefront shows it on its next page load while it is enabled. */
export async function saveBanner(
  db: Database,
  input: { adminId: string; form: Record<string, unknown> },
): Promise<ContentAnswer> {
  const parsed = bannerForm.safeParse(input.form);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    return {
      ok: false,
      notice: { title: CONTENT_TEXT.bannerUpdateFailed, message: Object.values(fieldErrors)[0] ?? "" },
      fieldErrors,
    };
  }
  const { text, enabled, type } = parsed.data;
  return db.transaction(async (tx) => {
    const before = await readBannerSettings(tx);
    // Every row (there is one; two admins creating the default at once could make two): all read the same.
    await tx.update(bannerSettings).set({
      bannerText: text,
      bannerEnabled: enabled,
      bannerType: type,
      updatedByAdminId: input.adminId,
      updatedAt: sql`now()`,
    });
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: "banner.update",
      subjectType: "banner",
      subjectId: before.id,
      details: {
        from: { text: before.text, enabled: before.enabled, type: before.type },
        to: { text, enabled, type },
      },
    });
    return { ok: true, notice: { title: CONTENT_TEXT.bannerUpdated, message: "" } };
  });
}
