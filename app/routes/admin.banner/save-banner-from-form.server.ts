import type { ChangeAnswer } from "../../domain/admin-form.ts";
import { bannerForm } from "../../domain/content/banner-form.ts";
import { bannerRefused, saveBanner } from "../../domain/content/save-banner.server.ts";
import { issuesByField } from "../../domain/refusal.ts";
import type { Database } from "../../lib/database-context.server.ts";

/** The Banner tab's form: parsed with the content area's schema, then saveBanner. */
export async function saveBannerFromForm(
  db: Database,
  input: { adminId: string; form: Record<string, unknown> },
): Promise<ChangeAnswer> {
  const parsed = bannerForm.safeParse(input.form);
  if (!parsed.success) return bannerRefused(issuesByField(parsed.error));
  return saveBanner(db, { adminId: input.adminId, banner: parsed.data });
}
