import { ilike, type SQL } from "drizzle-orm";
import { orders } from "../../db/schema.ts";
import { containsPattern } from "../lists/list-paging.ts";
import type { SearchRule } from "../lists/search-rules.server.ts";

/**
 * A link as a search looks for it (product rules 14.30): what is typed, without the scheme, a leading "www."
 * and a trailing slash, so "https://www.tiktok.com/@abc2/" and "tiktok.com/@abc2" find the same orders as "abc2"
 * does. The customer's /orders and the admin orders list search links through this one rule.
 */
export function linkSearchText(q: string): string {
  return q
    .trim()
    .replace(/^https?:\/\//i, "")
    .replace(/^www\./i, "")
    .replace(/\/+$/, "");
}

/** Orders whose link contains the search's link text (any case); undefined when nothing is left to look for. */
export function orderLinkContains(q: string): SQL | undefined {
  const text = linkSearchText(q);
  return text ? ilike(orders.targetLink, containsPattern(text)) : undefined;
}

/** The fewest characters of a link the admin list looks for: the trigram index serves three or more. */
export const ADMIN_LINK_SEARCH_MIN_LENGTH = 3;

/**
 * The admin orders list's link rule: orders_target_link_trgm_idx serves it (app/db/search-indexes.server.ts);
 * a shorter text ("ab") would read every order, so it looks for no link (docs/decisions/045).
 */
export const adminOrderLinkRule: SearchRule = (_db, q) =>
  linkSearchText(q).length >= ADMIN_LINK_SEARCH_MIN_LENGTH ? orderLinkContains(q) : undefined;
