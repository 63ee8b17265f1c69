import type { Database } from "../../../db/client.server.ts";
import { issuesByField } from "../../refusal.ts";
import { saveSettings } from "../../settings/save-settings.server.ts";
import { type ContentAnswer, formRefusal } from "./answer.ts";
import { CONTENT_TEXT } from "./messages.ts";
import { pageContentForm, shopSettingsForm } from "./settings-form.ts";

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
