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

export type BannerSettings = { id: string; text: string; enabled: boolean; type: Banner["type"] };

/** The text a banner row starts with when none exists (admin spec section 4: a default one is created). */
const DEFAULT_BANNER_TEXT = "New here? Claim a free trial of Instagram likes, comments or followers today.";

/** The banner row as the admin edits it; created (disabled) first when there is none. */
export async function readBannerSettings(db: Executor): Promise<BannerSettings> {
  const columns = {
    id: bannerSettings.id,
    text: bannerSettings.bannerText,
    enabled: bannerSettings.bannerEnabled,
    type: bannerSettings.bannerType,
  };
  const [row] = await db.select(columns).from(bannerSettings).limit(1);
  if (row) return row;
  const [created] = await db
    .insert(bannerSettings)
    .values({ bannerText: DEFAULT_BANNER_TEXT, bannerEnabled: false, bannerType: "info" })
    .returning(columns);
  if (!created) throw new Error("The banner row could not be created");
  return created;
}
