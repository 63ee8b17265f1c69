import type { PaymentMethod } from "../../domain/payments/payment-methods.ts";

/**
 * The footer's payment badges: one per card brand of each method the configured provider takes, and a
 * "Test checkout" note for the local sandbox (product rules 6.5). No provider: nothing, not even the SSL line.
 */
export function PaymentBadges({ methods }: { methods: readonly PaymentMethod[] }) {
  if (methods.length === 0) return null;
  const brands = [...new Set(methods.flatMap((method) => method.brands))];
  const test = methods.some((method) => method.test);
  return (
    <div className="flex flex-col items-center gap-2 sm:flex-row sm:gap-4">
      <p className="flex items-center gap-1.5 text-sm">
        <svg viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4 text-emerald-600" aria-hidden="true">
          <path
            fillRule="evenodd"
            d="M10 1a4.5 4.5 0 00-4.5 4.5V9H5a2 2 0 00-2 2v6a2 2 0 002 2h10a2 2 0 002-2v-6a2 2 0 00-2-2h-.5V5.5A4.5 4.5 0 0010 1zm3 8V5.5a3 3 0 10-6 0V9h6z"
            clipRule="evenodd"
          />
        </svg>
        Secure payments with SSL encryption
      </p>
      <ul
        aria-label="Accepted payment methods"
        className="flex flex-wrap items-center justify-center gap-1.5"
      >
        {brands.map((brand) => (
          <li
            key={brand}
            data-testid="payment-badge"
            className="rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-semibold text-slate-700"
          >
            {brand}
          </li>
        ))}
        {test ? (
          <li
            data-testid="payment-badge-test"
            className="rounded-md border border-amber-300 bg-amber-50 px-2 py-1 text-xs font-semibold text-amber-900"
          >
            Test checkout
          </li>
        ) : null}
      </ul>
    </div>
  );
}
