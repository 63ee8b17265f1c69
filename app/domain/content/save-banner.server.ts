import type { Database } from "../../db/client.server.ts";
import { type ChangeAnswer, formRefusal } from "../admin-form.ts";
import { changedFields, hasChanges } from "../audit/changed-fields.ts";
import { recordAdminAction } from "../audit/record-admin-action.server.ts";
import type { Refusal } from "../refusal.ts";
import { DEFAULT_BANNER, storeBanner } from "./banner.server.ts";
import type { BannerInput } from "./banner-form.ts";
import { BANNER_TEXT } from "./banner-form-text.ts";

/** 'Failed to update banner settings', each field at fault beside it. */
export function bannerRefused(fieldErrors: Record<string, string>): Refusal {
  return formRefusal(BANNER_TEXT.bannerUpdateFailed, fieldErrors);
}

/** Saves the site banner; the storefront shows it on its next page load while it is enabled. */
export async function saveBanner(
  db: Database,
  input: { adminId: string; banner: BannerInput },
): Promise<ChangeAnswer> {
  const { text, enabled, type } = input.banner;
  return db.transaction(async (tx) => {
    const stored = await storeBanner(tx, { text, enabled, type }, input.adminId);
    // A save that changes nothing records nothing (product rules 2.9).
    if (!hasChanges(changedFields(stored.before ?? DEFAULT_BANNER, { text, enabled, type })))
      return { ok: true, notice: { title: BANNER_TEXT.bannerUpdated, message: "" } };
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
    return { ok: true, notice: { title: BANNER_TEXT.bannerUpdated, message: "" } };
  });
}
