import type { DepositTerms, GatewayName } from "../../domain/payments/gateway.ts";
import type { PaymentMethod } from "../../domain/payments/payment-methods.ts";
import {
  bonusText,
  feeText,
  GATEWAY_LABELS,
  methodDetail,
} from "../../domain/payments/wallet-payment-text.ts";

/**
 * How the customer pays this deposit, when more than one gateway is enabled (product rules 16.41): one radio per
 * gateway, the first chosen. With one gateway there is nothing to choose and nothing is shown.
 */
export function GatewayChoice({
  methods,
  terms,
}: {
  methods: readonly PaymentMethod[];
  terms: Partial<Record<GatewayName, DepositTerms>>;
}) {
  const [only, ...others] = methods;
  if (!only) return null;
  if (others.length === 0) {
    // Nothing to choose; a fee or a bonus is still stated before paying (product rules 16.39).
    const stated = [feeText(terms[only.provider]), bonusText(terms[only.provider])].filter(Boolean);
    return stated.length ? <p className="text-sm text-slate-600">{stated.join(". ")}.</p> : null;
  }
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">Pay with</legend>
      <div className="mt-2 grid gap-2">
        {methods.map((method, index) => (
          <label
            key={method.provider}
            className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 bg-white px-3 py-2.5 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600"
          >
            <input
              type="radio"
              name="gateway"
              value={method.provider}
              defaultChecked={index === 0}
              className="h-4 w-4 shrink-0 accent-brand-600 focus:outline-none"
            />
            <span className="min-w-0 text-sm">
              <span className="block font-semibold text-slate-900">{GATEWAY_LABELS[method.provider]}</span>
              <span className="block text-slate-600">{methodDetail(method)}</span>
              {[feeText(terms[method.provider]), bonusText(terms[method.provider])]
                .filter(Boolean)
                .map((line) => (
                  <span key={line} className="block text-slate-600">
                    {line}
                  </span>
                ))}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
