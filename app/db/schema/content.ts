import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { timestamps, users } from "./accounts.ts";
import { bannerTypeEnum, blogCategoryEnum } from "./enums.ts";

/** A blog post; public only while published. */
export const blogPosts = pgTable(
  "blog_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull().default(""),
    content: text("content").notNull().default(""),
    category: blogCategoryEnum("category").notNull(),
    author: text("author").notNull().default("Boostly Team"),
    readTime: text("read_time").notNull().default("5 min read"),
    published: boolean("published").notNull().default(false),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    featuredImage: text("featured_image"),
    metaDescription: text("meta_description"),
    metaKeywords: text("meta_keywords"),
    ...timestamps,
  },
  (table) => [
    check("blog_posts_published_has_date", sql`not ${table.published} or ${table.publishedAt} is not null`),
    index("blog_posts_published_idx").on(table.published, table.publishedAt.desc()),
    index("blog_posts_category_idx").on(table.category, table.publishedAt.desc()),
  ],
);

/** The site-wide banner (a single row). */
export const bannerSettings = pgTable("banner_settings", {
  id: uuid("id").primaryKey().defaultRandom(),
  bannerText: text("banner_text").notNull(),
  bannerEnabled: boolean("banner_enabled").notNull().default(false),
  bannerType: bannerTypeEnum("banner_type").notNull().default("info"),
  updatedByAdminId: uuid("updated_by_admin_id").references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamps.updatedAt,
});

/** Admin settings that take effect (deposit limits, bonus, maintenance, page content), one row per key. */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedByAdminId: uuid("updated_by_admin_id").references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The shop's content version, one row: the last transaction that changed anything a visitor page shows (catalogue,
 * packs, settings, banner, blog), set by triggers (drizzle/0019_page_versions.sql). Part of every kept page's key
 * (docs/decisions/035-versioned-page-caches.md).
 */
export const siteContentVersion = pgTable(
  "site_content_version",
  {
    id: smallint("id").primaryKey().default(1),
    version: bigint("version", { mode: "number" }).notNull().default(0),
  },
  (table) => [check("site_content_version_one_row", sql`${table.id} = 1`)],
);
