import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, numeric, pgTable, text, uuid } from "drizzle-orm/pg-core";
import type { Cents } from "../cents.ts";
import { timestamps } from "./accounts.ts";
import { platformEnum, serviceOrderTypeEnum, serviceTypeEnum, targetKindEnum } from "./enums.ts";

/** A sellable service, priced per 1000 units. */
export const services = pgTable(
  "services",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // The service's integer id in the reseller API (/api/v2): panels sort and compare service ids as numbers
    // (docs/decisions/020-api-v2-conventions.md). Never reused or changed; existing services numbered in creation order.
    apiId: integer("api_id").notNull().unique().generatedAlwaysAsIdentity(),
    // Stable address of the service's public page (/service/{slug}) and its seed identity.
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    platform: platformEnum("platform").notNull(),
    serviceType: serviceTypeEnum("service_type").notNull(),
    targetKind: targetKindEnum("target_kind").notNull().default("post"),
    // Exact decimal so sub-cent rates are possible (product rules 2.2); read as a string.
    pricePer1000: numeric("price_per_1000", { precision: 12, scale: 4 }).notNull(),
    // How the rate is quoted where "per 1000" is not the whole story (YouTube watch time: "/1000 hrs").
    unitLabel: text("unit_label"),
    minQuantity: integer("min_quantity").notNull(),
    maxQuantity: integer("max_quantity").notNull(),
    features: text("features").array().notNull().default(sql`'{}'::text[]`),
    defaultPosts: integer("default_posts"),
    // Default (a quantity) or Custom Comments (one comment per line, the quantity is their count): docs/decisions/021.
    orderType: serviceOrderTypeEnum("order_type").notNull().default("default"),
    // Whether a Default one-time order may be drip-fed: runs x quantity, one run every interval (decision 021).
    dripfeed: boolean("dripfeed").notNull().default(false),
    enabled: boolean("enabled").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    ...timestamps,
  },
  (table) => [
    check("services_price_not_negative", sql`${table.pricePer1000} >= 0`),
    check("services_min_positive", sql`${table.minQuantity} >= 1`),
    check("services_max_at_least_min", sql`${table.maxQuantity} >= ${table.minQuantity}`),
    check(
      "services_default_posts_auto_only",
      sql`${table.defaultPosts} is null or (${table.serviceType} = 'auto' and ${table.defaultPosts} between 1 and 100)`,
    ),
    check(
      "services_dripfeed_default_one_time",
      sql`not ${table.dripfeed} or (${table.orderType} = 'default' and ${table.serviceType} = 'one_time')`,
    ),
    index("services_platform_idx").on(table.platform, table.sortOrder, table.name),
  ],
);

/** A Real Instagram Likes pack (small, big, ultima) with its add-on sizes. */
export const likesPacks = pgTable(
  "likes_packs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull().unique(),
    name: text("name").notNull(),
    likes: integer("likes").notNull(),
    priceCents: bigint("price_cents", { mode: "number" }).$type<Cents>().notNull(),
    extraLikes: integer("extra_likes").notNull(),
    // The small pack's extra likes cost a flat amount instead of the Instagram Likes rate.
    extraLikesFlatCents: bigint("extra_likes_flat_cents", { mode: "number" }).$type<Cents>(),
    extraViews: integer("extra_views").notNull(),
    features: text("features").array().notNull().default(sql`'{}'::text[]`),
    sortOrder: integer("sort_order").notNull().default(0),
    ...timestamps,
  },
  (table) => [
    check("likes_packs_price_positive", sql`${table.priceCents} > 0`),
    check("likes_packs_likes_positive", sql`${table.likes} > 0`),
  ],
);
