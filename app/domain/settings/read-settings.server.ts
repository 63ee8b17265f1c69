import type { Executor } from "../../db/client.server.ts";
import { settings } from "../../db/schema.ts";
import { type SettingKey, type Settings, settingDefaults } from "./defaults.ts";

/** All admin settings in effect: stored values over the defaults. */
export async function readSettings(db: Executor): Promise<Settings> {
  return settingsFromRows(await db.select({ key: settings.key, value: settings.value }).from(settings));
}

/** The settings in effect from the stored rows (key and JSON value): stored values over the defaults. */
export function settingsFromRows(rows: readonly { key: string; value: unknown }[]): Settings {
  const result: Record<string, unknown> = { ...settingDefaults };
  for (const row of rows) {
    if (row.key in settingDefaults && typeof row.value === typeof settingDefaults[row.key as SettingKey]) {
      result[row.key] = row.value;
    }
  }
  // The one cast of a stored setting: a value of the default's JSON type is taken as the setting's type, so a
  // money setting is read as Cents. Only saveSettings writes these rows, from the settings form's parser, which
  // gives Cents (decisions/018).
  return result as Settings;
}

/** How long this process reuses the settings for a check that the database re-checks when it matters. */
const SETTINGS_CACHE_MS = 1_000;
let cached: { settings: Settings; readAt: number } | null = null;

/** Forgets this process's cached settings: for the tests' database reset, which rewrites the settings table. */
export function forgetCachedSettings(): void {
  cached = null;
}

/**
 * The settings from this process's one-second cache, for hot paths whose decision is re-checked in the database
 * (an order's statement re-checks maintenance) or that read them fresh before refusing.
 */
export async function readSettingsCached(db: Executor, options: { fresh?: boolean } = {}): Promise<Settings> {
  if (!options.fresh && cached && Date.now() - cached.readAt < SETTINGS_CACHE_MS) return cached.settings;
  const settings = await readSettings(db);
  cached = { settings, readAt: Date.now() };
  return settings;
}
