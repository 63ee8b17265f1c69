import { discountedAutoOrderCost, discountedCharge } from "../../domain/pricing/discount.ts";
import { chargeForQuantity } from "../../domain/pricing/price.ts";

/**
 * The auto order page's live price: cost per post and total (product rules 2.4), or for followers the
 * one-time charge of that many followers; null while a count is not one that can be ordered. Less the
 * customer's discount, as the server charges it (product rules 15.28).
 */
export function autoOrderPreview(
  { pricePer1000 }: { pricePer1000: string },
  counts: { perPost: number | null; posts: number | null; followers: boolean; discountTenths: number },
): { costPerPostCents: number; totalCents: number } | null {
  const { perPost, posts, followers, discountTenths } = counts;
  if (perPost === null) return null;
  if (followers) {
    const total = discountedCharge(chargeForQuantity(pricePer1000, perPost), discountTenths);
    return { costPerPostCents: total, totalCents: total };
  }
  if (posts === null) return null;
  const { costPerPost, total } = discountedAutoOrderCost(pricePer1000, perPost, posts, discountTenths);
  return { costPerPostCents: costPerPost, totalCents: total };
}
