import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { bannerSettings } from "../../db/schema.ts";

export type Banner = { text: string; type: (typeof bannerSettings.$inferSelect)["bannerType"] };

export type BannerSettings = { text: string; enabled: boolean; type: Banner["type"] };

/** What the banner is while no admin has saved one (admin spec section 4: a default one, disabled). */
export const DEFAULT_BANNER: BannerSettings = {
  text: "New here? Claim a free trial of Instagram likes, comments or followers today.",
  enabled: false,
  type: "info",
};

/**
 * The stored banner and its row id, or null while none is saved. The first row by id: an older database may
 * hold two, and every save writes them all alike.
 */
export async function readStoredBanner(db: Executor): Promise<{ id: string; banner: BannerSettings } | null> {
  const [row] = await db
    .select({
      id: bannerSettings.id,
      text: bannerSettings.bannerText,
      enabled: bannerSettings.bannerEnabled,
      type: bannerSettings.bannerType,
    })
    .from(bannerSettings)
    .orderBy(bannerSettings.id)
    .limit(1);
  if (!row) return null;
  const { id, ...banner } = row;
  return { id, banner };
}

/** The site banner when it is enabled, else null. */
export async function readActiveBanner(db: Executor): Promise<Banner | null> {
  return activeBanner((await readStoredBanner(db))?.banner);
}

/** The banner the pages show from the stored one: none while it is disabled, empty or not stored. */
export function activeBanner(banner: BannerSettings | undefined | null): Banner | null {
  return banner?.enabled && banner.text.trim() ? { text: banner.text, type: banner.type } : null;
}

/** The banner as the admin edits it; the default while none is stored (reading never writes: product rules 10.1). */
export async function readBannerSettings(db: Executor): Promise<BannerSettings> {
  return (await readStoredBanner(db))?.banner ?? DEFAULT_BANNER;
}

/**
 * Stores the banner an admin saved, inside the caller's transaction; answers the row's id and the banner it
 * replaced (null when none was stored yet).
 */
export async function storeBanner(
  tx: Executor,
  banner: BannerSettings,
  adminId: string,
): Promise<{ id: string; before: BannerSettings | null }> {
  // banner_settings has no singleton key (and no migration may add one): saves take turns on this table lock
  // (it lets readers through), so two first saves at once still make one row: the second updates it.
  await tx.execute(sql`lock table ${bannerSettings} in share row exclusive mode`);
  const before = await readStoredBanner(tx);
  const values = {
    bannerText: banner.text,
    bannerEnabled: banner.enabled,
    bannerType: banner.type,
    updatedByAdminId: adminId,
    updatedAt: sql`now()`,
  };
  // Every row is updated (an older database may hold two, made by concurrent first loads): all read the same.
  if (before) await tx.update(bannerSettings).set(values);
  const [created] = before
    ? []
    : await tx.insert(bannerSettings).values(values).returning({ id: bannerSettings.id });
  return { id: before?.id ?? created?.id ?? "", before: before?.banner ?? null };
}
