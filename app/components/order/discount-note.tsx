import { DISCOUNT_TEXT } from "../../domain/accounts/user-controls-text.ts";
import { discountPercentText } from "../../domain/pricing/discount.ts";

/** "Your 10% discount is applied" beside an order form's total, which already has it (product rules 15.29). */
export function DiscountNote({
  discountTenths,
  className = "",
}: {
  discountTenths: number;
  className?: string;
}) {
  if (discountTenths <= 0) return null;
  return (
    <p className={`text-sm font-medium text-emerald-700 ${className}`} data-testid="order-discount">
      {DISCOUNT_TEXT.applied(discountPercentText(discountTenths))}
    </p>
  );
}
