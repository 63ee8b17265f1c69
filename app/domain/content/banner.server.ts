import type { Executor } from "../../db/client.server.ts";
import { bannerSettings } from "../../db/schema.ts";

export type Banner = { text: string; type: "info" | "success" | "warning" | "error" };

/** The site banner when it is enabled, else null. */
export async function readActiveBanner(db: Executor): Promise<Banner | null> {
  const [row] = await db
    .select({
      text: bannerSettings.bannerText,
      enabled: bannerSettings.bannerEnabled,
      type: bannerSettings.bannerType,
    })
    .from(bannerSettings)
    .limit(1);
  return row?.enabled && row.text.trim() ? { text: row.text, type: row.type } : null;
}
