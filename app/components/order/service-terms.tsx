import { cancelTermText, refillTermText, type ServiceTerms } from "../../domain/orders/service-terms.ts";

/**
 * A service's refill and cancel terms as its pages say them before ordering (product rules 4.14): the same
 * words /orders and the API's flags come from (app/domain/orders/service-terms.ts).
 */
export function ServiceTermsList({ terms, className = "" }: { terms: ServiceTerms; className?: string }) {
  return (
    <ul
      className={`space-y-1 text-sm ${className}`}
      aria-label="Refill and cancel"
      data-testid="service-terms"
    >
      <li>{refillTermText(terms.refillDays)}</li>
      <li>{cancelTermText(terms.cancel)}</li>
    </ul>
  );
}
