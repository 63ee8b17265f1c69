import { autoOrderCost, chargeForQuantity } from "../../domain/pricing/price.ts";

/** A typed count without non-digits and leading zeros. */
export function digitsOnly(text: string): string {
  return text
    .replace(/\D/g, "")
    .replace(/^0+(?=\d)/, "")
    .slice(0, 9);
}

/** A count brought within limits (empty or zero becomes the minimum). */
export function clampCount(value: number, limits: { minQuantity: number; maxQuantity: number }): number {
  const whole = Number.isSafeInteger(value) ? value : 0;
  return Math.min(Math.max(whole, limits.minQuantity), limits.maxQuantity);
}

/**
 * The auto order page's live price: cost per post and total (DECISIONS.md section 2), or for followers the
 * one-time charge of that many followers; null while a count is missing.
 */
export function autoOrderPreview(
  pricePer1000: string,
  perPost: string,
  posts: string,
  followers: boolean,
): { costPerPostCents: number; totalCents: number } | null {
  const perPostCount = /^\d{1,9}$/.test(perPost) ? Number(perPost) : 0;
  const postCount = /^\d{1,9}$/.test(posts) ? Number(posts) : 0;
  if (perPostCount < 1) return null;
  if (followers) {
    const total = chargeForQuantity(pricePer1000, perPostCount);
    return { costPerPostCents: total, totalCents: total };
  }
  if (postCount < 1) return null;
  const { costPerPost, total } = autoOrderCost(pricePer1000, perPostCount, postCount);
  return { costPerPostCents: costPerPost, totalCents: total };
}
