import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import type { Cents } from "../cents.ts";
import { timestamps } from "./accounts.ts";
import { serviceOrderTypeEnum, serviceTypeEnum, targetKindEnum } from "./enums.ts";

/**
 * A platform the shop sells for (docs/decisions/037): data, not an enum, so an operator adds Telegram, Discord or
 * Kick from the admin. The specification's seven (and "other", unlisted) are created by drizzle/0020.
 */
export const platforms = pgTable(
  "platforms",
  {
    // The URL segment of its public list (/services/{slug}) and the services' reference.
    slug: text("slug").primaryKey(),
    name: text("name").notNull(),
    // Where an order's link may point: these hosts and their subdomains; empty: any http(s) address.
    linkHosts: text("link_hosts").array().notNull().default(sql`'{}'::text[]`),
    // Whether it has a public service list (the header, the footer, /services/{slug}).
    listed: boolean("listed").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    ...timestamps,
  },
  (table) => [check("platforms_slug_format", sql`${table.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`)],
);

/** A group of services within a platform, named by the operator ("Members", "Views"): data, like platforms. */
export const serviceCategories = pgTable(
  "service_categories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    platform: text("platform")
      .notNull()
      .references(() => platforms.slug, { onUpdate: "cascade", onDelete: "restrict" }),
    name: text("name").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    ...timestamps,
  },
  (table) => [unique("service_categories_platform_name").on(table.platform, table.name)],
);

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
    // The platform's slug (platforms.slug): any platform the shop has, the seven of the specification or the
    // operator's own (docs/decisions/037, 038).
    platform: text("platform")
      .notNull()
      .references(() => platforms.slug, { onUpdate: "cascade", onDelete: "restrict" }),
    // Its group on the platform's list, one of that platform's categories (saveService checks it); none: ungrouped.
    categoryId: uuid("category_id").references(() => serviceCategories.id, { onDelete: "set null" }),
    serviceType: serviceTypeEnum("service_type").notNull(),
    targetKind: targetKindEnum("target_kind").notNull().default("post"),
    // Exact decimal so sub-cent rates are possible (product rules 2.2); read as a string. Per 1000 units, or per
    // package for a Package (docs/decisions/037).
    pricePer1000: numeric("price_per_1000", { precision: 12, scale: 4 }).notNull(),
    // How the rate is quoted where "per 1000" is not the whole story (YouTube watch time: "/1000 hrs").
    unitLabel: text("unit_label"),
    minQuantity: integer("min_quantity").notNull(),
    maxQuantity: integer("max_quantity").notNull(),
    features: text("features").array().notNull().default(sql`'{}'::text[]`),
    defaultPosts: integer("default_posts"),
    // Default (a quantity), Custom Comments (one comment per line, the quantity is their count: docs/decisions/021)
    // or Package (a fixed price for one unit: the rate is per package, min and max 1, docs/decisions/037).
    orderType: serviceOrderTypeEnum("order_type").notNull().default("default"),
    // Whether a Default one-time order may be drip-fed: runs x quantity, one run every interval (decision 021).
    dripfeed: boolean("dripfeed").notNull().default(false),
    // How many days after an order of this service ends its customer may ask a refill (product rules 4.7);
    // null: not refillable.
    refillDays: integer("refill_days"),
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
    // A Package is one unit at its price (docs/decisions/037): one-time, 1 to 1, never drip-fed. Compared as text:
    // the migration that adds this runs in the transaction that added the enum's value.
    check(
      "services_package_one_unit",
      sql`${table.orderType}::text <> 'package' or (${table.serviceType} = 'one_time' and ${table.minQuantity} = 1
        and ${table.maxQuantity} = 1 and not ${table.dripfeed})`,
    ),
    check(
      "services_refill_days_range",
      sql`${table.refillDays} is null or ${table.refillDays} between 1 and 365`,
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
    // The pack's integer id in the reseller API, from the services' own number space so the two never collide
    // (docs/decisions/020).
    apiId: integer("api_id").notNull().unique().default(sql`nextval('services_api_id_seq')`),
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

/**
 * What changed a service's price, limits or availability without an admin's hand (a provider sync: repriced,
 * paused, limits narrowed, vanished upstream, listed again), for the operator to see (docs/decisions/037). Admin
 * edits are in admin_audit_log.
 */
export const serviceChanges = pgTable(
  "service_changes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    serviceId: uuid("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    details: jsonb("details").notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("service_changes_created_idx").on(table.createdAt.desc()),
    index("service_changes_service_idx").on(table.serviceId, table.createdAt.desc()),
  ],
);
