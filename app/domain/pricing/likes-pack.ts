import { type Cents, cents } from "./cents.ts";
import { chargeForQuantity } from "./price.ts";

/** Comments add-on choices of the likes pack page (customer spec section 9). */
export const PACK_COMMENT_OPTIONS = [0, 10, 20, 30, 40, 50] as const;
export type PackCommentCount = (typeof PACK_COMMENT_OPTIONS)[number];

export type LikesPackPrices = {
  code: string;
  likes: number;
  priceCents: Cents;
  extraLikes: number;
  extraLikesFlatCents: Cents | null;
  extraViews: number;
};

export type PackChoice = { extraLikes: boolean; extraViews: boolean; comments: PackCommentCount };
/** The per-1000 rates the add-ons are priced from (product rules 3.4). */
export type PackRates = { likes: string; views: string | null; comments: string | null };

/** How a pack line is delivered: its part name, which also says which Instagram service it goes out as. */
export type PackPart = "likes" | "extra_likes" | "views" | "comments";

/** One priced part of a pack order, with the spec's labels (stored in the order's metadata). */
export type PackLine = { service_type: string; part: PackPart; quantity: number; total_cents: Cents };

/**
 * Prices a Real Instagram Likes pack and its add-ons: the base price, extra likes (flat for the small pack,
 * else from the Instagram Likes rate), extra views (Instagram Views rate), comments (Instagram Real Comments
 * rate). Returns the lines and their total; null when a chosen add-on's service is unavailable.
 */
export function priceLikesPack(
  pack: LikesPackPrices,
  choice: PackChoice,
  rates: PackRates,
): { lines: PackLine[]; totalCents: Cents; likes: number } | null {
  const lines: PackLine[] = [
    {
      service_type: `instagram_likes_${pack.code}_pack`,
      part: "likes",
      quantity: pack.likes,
      total_cents: cents(pack.priceCents),
    },
  ];
  if (choice.extraLikes) {
    const price = pack.extraLikesFlatCents ?? chargeForQuantity(rates.likes, pack.extraLikes);
    lines.push({
      service_type: `instagram_likes_extra_${pack.code}`,
      part: "extra_likes",
      quantity: pack.extraLikes,
      total_cents: cents(price),
    });
  }
  if (choice.extraViews) {
    if (!rates.views) return null;
    lines.push({
      service_type: "instagram_views",
      part: "views",
      quantity: pack.extraViews,
      total_cents: chargeForQuantity(rates.views, pack.extraViews),
    });
  }
  if (choice.comments > 0) {
    if (!rates.comments) return null;
    lines.push({
      service_type: "real_instagram_comments",
      part: "comments",
      quantity: choice.comments,
      total_cents: chargeForQuantity(rates.comments, choice.comments),
    });
  }
  const totalCents = cents(lines.reduce((sum, line) => sum + line.total_cents, 0));
  return { lines, totalCents, likes: pack.likes + (choice.extraLikes ? pack.extraLikes : 0) };
}
