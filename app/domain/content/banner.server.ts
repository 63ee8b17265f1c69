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
    .orderBy(bannerSettings.id)
    .limit(1);
  return row?.enabled && row.text.trim() ? { text: row.text, type: row.type } : null;
}

export type BannerSettings = { text: string; enabled: boolean; type: Banner["type"] };

/** What the banner is while no admin has saved one (admin spec section 4: a default one, disabled). */
export const DEFAULT_BANNER: BannerSettings = {
  text: "New here? Claim a free trial of Instagram likes, comments or followers today.",
  enabled: false,
  type: "info",
};

/** The banner as the admin edits it; the default while none is stored (reading never writes: DECISIONS 10). */
export async function readBannerSettings(db: Executor): Promise<BannerSettings> {
  const [row] = await db
    .select({
      text: bannerSettings.bannerText,
      enabled: bannerSettings.bannerEnabled,
      type: bannerSettings.bannerType,
    })
    .from(bannerSettings)
    .orderBy(bannerSettings.id)
    .limit(1);
  return row ?? DEFAULT_BANNER;
}
