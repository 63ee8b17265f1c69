import type { ChangeAnswer } from "../../domain/admin-form.ts";
import { alertSettingsForm } from "../../domain/alerts/alert-settings-form.ts";
import { issuesByField } from "../../domain/refusal.ts";
import { saveSettings, settingsRefused } from "../../domain/settings/save-settings.server.ts";
import {
  affiliateSettingsForm,
  pageContentForm,
  shopSettingsForm,
} from "../../domain/settings/settings-form.ts";
import { settingsSaved } from "../../domain/settings/settings-form-text.ts";
import type { Database } from "../../lib/database-context.server.ts";

/**
 * One part of the Settings tab ("shop": limits, bonus, switches; "content": page texts; "alerts": the operator's
 * alerts, with the alerts area's schema; "affiliates": the affiliate programme): parsed with that part's schema, then saveSettings.
 */
export async function saveSettingsFromForm(
  db: Database,
  input: {
    adminId: string;
    part: "shop" | "content" | "alerts" | "affiliates";
    form: Record<string, unknown>;
  },
): Promise<ChangeAnswer> {
  const schema = {
    shop: shopSettingsForm,
    content: pageContentForm,
    alerts: alertSettingsForm,
    affiliates: affiliateSettingsForm,
  }[input.part];
  const parsed = schema.safeParse(input.form);
  if (!parsed.success) return settingsRefused(issuesByField(parsed.error));
  const changed = await saveSettings(db, { adminId: input.adminId, values: parsed.data });
  return { ok: true, notice: settingsSaved(changed.length) };
}
