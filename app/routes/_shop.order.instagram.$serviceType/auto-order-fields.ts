import { autoOrderCost, chargeForQuantity } from "../../domain/pricing/price.ts";

/**
 * The auto order page's live price: cost per post and total (product rules 2.4), or for followers the
 * one-time charge of that many followers; null while a count is not one that can be ordered.
 */
export function autoOrderPreview(
  pricePer1000: string,
  perPost: number | null,
  posts: number | null,
  followers: boolean,
): { costPerPostCents: number; totalCents: number } | null {
  if (perPost === null) return null;
  if (followers) {
    const total = chargeForQuantity(pricePer1000, perPost);
    return { costPerPostCents: total, totalCents: total };
  }
  if (posts === null) return null;
  const { costPerPost, total } = autoOrderCost(pricePer1000, perPost, posts);
  return { costPerPostCents: costPerPost, totalCents: total };
}
