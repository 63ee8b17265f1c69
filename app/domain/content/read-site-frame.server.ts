import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { executePrepared } from "../../db/prepared-statement.server.ts";
import type { PlatformLink } from "../catalog/platforms.ts";
import type { GatewaySwitch } from "../payments/payment-provider.server.ts";
import type { Settings } from "../settings/defaults.ts";
import { settingsFromRows } from "../settings/read-settings.server.ts";
import { activeBanner, type Banner, type BannerSettings } from "./banner.server.ts";

export type SiteFrame = {
  settings: Settings;
  banner: Banner | null;
  /** The listed platforms, in their order: the storefront's Services menus (docs/decisions/038). */
  platforms: PlatformLink[];
  /** The deposit gateways an operator set up, on or off: with the environment, what the pages say customers can pay with. */
  gateways: GatewaySwitch[];
};

/**
 * What every page's frame shows besides the visitor (the settings in effect, the active banner and the platforms
 * the menus list), read fresh in one round trip: one prepared statement instead of a query each
 * (docs/decisions/029-lean-request-path.md). Fresh on every request, so an admin's change shows on the next page
 * whichever server answers it.
 */
export async function readSiteFrame(db: Executor): Promise<SiteFrame> {
  const result = await executePrepared<{
    settings: { key: string; value: unknown }[];
    banner: BannerSettings | null;
    platforms: PlatformLink[];
    gateways: GatewaySwitch[];
  }>(
    db,
    sql`select
      (select coalesce(json_agg(json_build_object('key', s.key, 'value', s.value)), '[]'::json)
        from settings s) as settings,
      (select json_build_object('text', b.banner_text, 'enabled', b.banner_enabled, 'type', b.banner_type)
        from banner_settings b order by b.id limit 1) as banner,
      (select coalesce(json_agg(json_build_object('slug', p.slug, 'name', p.name) order by p.sort_order, p.name),
          '[]'::json)
        from platforms p where p.listed) as platforms,
      (select coalesce(json_agg(json_build_object('gateway', g.gateway, 'enabled', g.enabled)), '[]'::json)
        from payment_gateways g) as gateways`,
  );
  const row = result.rows[0];
  return {
    settings: settingsFromRows(row?.settings ?? []),
    banner: activeBanner(row?.banner),
    platforms: row?.platforms ?? [],
    gateways: row?.gateways ?? [],
  };
}
