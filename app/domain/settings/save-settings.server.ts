import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { settings } from "../../db/schema.ts";
import { formRefusal } from "../admin-form.ts";
import { recordAdminAction } from "../audit/record-admin-action.server.ts";
import type { Refusal } from "../refusal.ts";
import type { Settings } from "./defaults.ts";
import { readSettings } from "./read-settings.server.ts";
import { SETTINGS_TEXT } from "./settings-form-text.ts";

/** 'Failed to save settings', each field at fault beside it. */
export function settingsRefused(fieldErrors: Record<string, string> = {}): Refusal {
  return formRefusal(SETTINGS_TEXT.settingsSaveFailed, fieldErrors);
}

/**
 * Stores the given settings (one row per key) and records each change, with its old and new value, in the
 * admin audit log, in one transaction. They take effect on the next request of every app server, since
 * every reader goes to the settings table. Returns the keys that changed.
 */
export async function saveSettings(
  db: Database,
  input: { adminId: string; values: Partial<Settings> },
): Promise<string[]> {
  return db.transaction(async (tx) => {
    // One settings save at a time, so each audit row's "from" is the value it replaced.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('boostly.settings'))`);
    const before = await readSettings(tx);
    const changed = Object.entries(input.values).filter(
      ([key, value]) => value !== undefined && before[key as keyof Settings] !== value,
    );
    for (const [key, value] of changed) {
      await tx
        .insert(settings)
        .values({ key, value, updatedByAdminId: input.adminId })
        .onConflictDoUpdate({
          target: settings.key,
          set: { value, updatedByAdminId: input.adminId, updatedAt: sql`now()` },
        });
      await recordAdminAction(tx, {
        adminId: input.adminId,
        action: "settings.update",
        subjectType: "setting",
        subjectId: key,
        details: { from: before[key as keyof Settings], to: value },
      });
    }
    return changed.map(([key]) => key);
  });
}
