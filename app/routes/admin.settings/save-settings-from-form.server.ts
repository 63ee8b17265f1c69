import { pageContentForm, shopSettingsForm } from "../../domain/admin/content/settings-form.ts";
import { type ContentAnswer, formRefusal } from "../../domain/admin-form.ts";
import { CONTENT_TEXT } from "../../domain/catalog/service-form-text.ts";
import { issuesByField } from "../../domain/refusal.ts";
import { saveSettings } from "../../domain/settings/save-settings.server.ts";
import type { Database } from "../../lib/database-context.server.ts";

/** Saves one part of the Settings tab ("shop": limits, bonus, switches; "content": page texts). */
export async function saveSettingsFromForm(
  db: Database,
  input: { adminId: string; part: "shop" | "content"; form: Record<string, unknown> },
): Promise<ContentAnswer> {
  const schema = input.part === "shop" ? shopSettingsForm : pageContentForm;
  const parsed = schema.safeParse(input.form);
  if (!parsed.success) return formRefusal(CONTENT_TEXT.settingsSaveFailed, issuesByField(parsed.error));
  const changed = await saveSettings(db, { adminId: input.adminId, values: parsed.data });
  return {
    ok: true,
    notice: {
      title: CONTENT_TEXT.settingsSaved,
      message: changed.length ? `${changed.length} setting(s) changed.` : "Nothing changed.",
    },
  };
}
