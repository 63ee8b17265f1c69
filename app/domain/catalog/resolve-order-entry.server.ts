import type { Executor } from "../../db/client.server.ts";
import { pagePath } from "../../lib/page-path.ts";
import { isUuid } from "../ids.ts";
import { findLikesPack, type LikesPack } from "./find-likes-pack.server.ts";
import {
  findOrderableService,
  findOrderableServiceBySlug,
  type OrderableService,
} from "./find-service.server.ts";
import { LIKES_PACK_SERVICES } from "./likes-pack-services.ts";
import { PREFIXED_ORDER_PLATFORMS } from "./order-path.ts";

const PREFIXED_ENTRY = new RegExp(`^(${PREFIXED_ORDER_PLATFORMS.join("|")})-(.+)$`);

/**
 * The service a generic order entry (/order/{packageId}) stands for: `instagram-followers`, any service slug,
 * `{platform}-{serviceId}` (the id must belong to that platform) or a bare service id (the lists of Facebook,
 * Twitter and every platform the operator added: any service); null for anything else. Auto services are returned
 * too: the page sends them to the auto order flow.
 */
export async function resolveOrderEntry(db: Executor, packageId: string): Promise<OrderableService | null> {
  const entry = packageId.trim().toLowerCase();
  if (isUuid(entry)) return findOrderableService(db, entry);
  const prefixed = PREFIXED_ENTRY.exec(entry);
  if (prefixed?.[2] && isUuid(prefixed[2])) {
    const service = await findOrderableService(db, prefixed[2]);
    return service?.platform === prefixed[1] ? service : null;
  }
  return /^[a-z0-9-]{1,80}$/.test(entry) ? findOrderableServiceBySlug(db, entry) : null;
}

/** What an auto order page (/order/instagram/{serviceType}) orders. */
export type AutoOrderEntry =
  | { mode: "auto"; service: OrderableService }
  /** Product rules 3.5: auto-followers is the one-time Instagram Followers service for a username. */
  | { mode: "followers"; service: OrderableService }
  /** A one-time service id: its own order page handles it. */
  | { mode: "one_time"; service: OrderableService };

const AUTO_SLUGS: Record<string, string> = {
  "auto-likes": "instagram-auto-likes",
  "auto-real-likes": "instagram-auto-real-likes",
  "auto-views": "instagram-auto-views",
};

/** The service behind an auto order page's type or id; null when it is unknown or disabled. */
export async function resolveAutoOrderEntry(
  db: Executor,
  serviceType: string,
): Promise<AutoOrderEntry | null> {
  const type = serviceType.trim().toLowerCase();
  if (type === "auto-followers") {
    const service = await findOrderableServiceBySlug(db, "instagram-followers");
    return service ? { mode: "followers", service } : null;
  }
  const slug = AUTO_SLUGS[type];
  const service = slug
    ? await findOrderableServiceBySlug(db, slug)
    : isUuid(type)
      ? await findOrderableService(db, type)
      : null;
  if (!service) return null;
  return service.serviceType === "auto" ? { mode: "auto", service } : { mode: "one_time", service };
}

/** The Real Instagram Likes pack codes; the bare page shows the small pack (the Instagram list's Real Likes). */
export const LIKES_PACK_CODES = ["small", "big", "ultima"] as const;
export type LikesPackCode = (typeof LIKES_PACK_CODES)[number];

/** The pack a likes pack page shows: `package` or `pkg` query first, then the path's suffix, else small. */
export function likesPackCodeFor(url: URL): LikesPackCode {
  const isCode = (value: string | null): value is LikesPackCode =>
    (LIKES_PACK_CODES as readonly string[]).includes(value ?? "");
  const query = (url.searchParams.get("package") ?? url.searchParams.get("pkg"))?.toLowerCase() ?? null;
  if (isCode(query)) return query;
  const fromPath = /real-instagram-likes-([a-z]+)\/?$/.exec(pagePath(url).pathname)?.[1] ?? null;
  return isCode(fromPath) ? fromPath : "small";
}

export type LikesPackEntry = {
  pack: LikesPack;
  /** The per-1000 rates the pack's add-ons are priced from; likes null means 'Service Unavailable'. */
  rates: { likes: string | null; views: string | null; comments: string | null };
};

/** A likes pack with the rates of Instagram Likes, Views and Real Comments (product rules 3.4). */
export async function resolveLikesPackEntry(db: Executor, code: string): Promise<LikesPackEntry | null> {
  const [pack, likes, views, comments] = await Promise.all([
    findLikesPack(db, code),
    findOrderableServiceBySlug(db, LIKES_PACK_SERVICES.likes),
    findOrderableServiceBySlug(db, "instagram-views"),
    findOrderableServiceBySlug(db, "instagram-real-comments"),
  ]);
  if (!pack) return null;
  return {
    pack,
    rates: {
      likes: likes?.pricePer1000 ?? null,
      views: views?.pricePer1000 ?? null,
      comments: comments?.pricePer1000 ?? null,
    },
  };
}

/** Where a visitor who sends an order goes: sign-up, then back to the order page (customer spec section 4). */
export function signUpPathFor(request: Request): string {
  return `/register?next=${encodeURIComponent(pagePath(new URL(request.url)).path)}`;
}
