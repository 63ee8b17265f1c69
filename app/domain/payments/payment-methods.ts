import type { GatewayName } from "./gateway.ts";

/**
 * What a customer can pay with, from the provider that takes deposits (product rules 6.5): Stripe's hosted
 * checkout takes cards; the local sandbox stands in for it outside production and says so. No provider, no
 * method: the pages then promise none. No server imports: the footer and the pages' copy read it.
 */
export type PaymentMethod = {
  id: "card";
  provider: GatewayName;
  /** The card brands shown as badges. */
  brands: readonly string[];
  /** True for the local sandbox: no real money moves. */
  test: boolean;
};

/** The card brands Stripe's checkout takes by default. */
export const CARD_BRANDS = ["Visa", "Mastercard", "American Express"] as const;

/** The methods the active provider takes ([] without one). */
export function paymentMethodsOf(provider: GatewayName | null): PaymentMethod[] {
  if (!provider) return [];
  return [{ id: "card", provider, brands: CARD_BRANDS, test: provider === "sandbox" }];
}

/** The methods in words for the pages' copy: "card (Visa, Mastercard or American Express)". */
export function paymentMethodsPhrase(methods: readonly PaymentMethod[]): string | null {
  const card = methods.find((method) => method.id === "card");
  if (!card) return null;
  const brands = [...card.brands];
  const last = brands.pop();
  return `card (${brands.length ? `${brands.join(", ")} or ${last}` : last})`;
}

/** The wallet's line under Add Funds: how a deposit is paid now (product rules 6.5). */
export function paidWith(methods: readonly PaymentMethod[]): string {
  const card = methods.find((method) => method.id === "card");
  if (!card) return "Deposits are not available at the moment.";
  return card.test ? "Paid on the test checkout: no real money moves." : "Paid securely by card.";
}
