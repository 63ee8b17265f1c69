import type { Executor } from "../../db/client.server.ts";
import { settings } from "../../db/schema.ts";
import { type SettingKey, type Settings, settingDefaults } from "./defaults.ts";

/** All admin settings in effect: stored values over the defaults. */
export async function readSettings(db: Executor): Promise<Settings> {
  const rows = await db.select({ key: settings.key, value: settings.value }).from(settings);
  const result: Record<string, unknown> = { ...settingDefaults };
  for (const row of rows) {
    if (row.key in settingDefaults && typeof row.value === typeof settingDefaults[row.key as SettingKey]) {
      result[row.key] = row.value;
    }
  }
  return result as Settings;
}
