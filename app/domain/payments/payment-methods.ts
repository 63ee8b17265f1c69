import type { GatewayName } from "./gateway.ts";

/**
 * What a customer can pay with, from the gateways that take deposits (product rules 6.5, 16.41): Stripe's hosted
 * checkout takes cards; the local sandbox stands in for it outside production and says so; PayPal takes the
 * customer's PayPal account. No gateway, no method: the pages then promise none. No server imports: the footer
 * and the pages' copy read it (the wallet's own words are in wallet-payment-text.ts).
 */
export type PaymentMethod = {
  id: "card" | "paypal" | "crypto";
  provider: GatewayName;
  /** The brands shown as badges. */
  brands: readonly string[];
  /** True for the local sandbox: no real money moves. */
  test: boolean;
};

/** The card brands Stripe's checkout takes by default. */
export const CARD_BRANDS = ["Visa", "Mastercard", "American Express"] as const;

/** The methods the enabled gateways take, in their order ([] without one). */
export function paymentMethodsOf(gateways: readonly GatewayName[]): PaymentMethod[] {
  return gateways.map((provider): PaymentMethod => {
    if (provider === "paypal") return { id: "paypal", provider, brands: ["PayPal"], test: false };
    if (provider === "btcpay") return { id: "crypto", provider, brands: ["Bitcoin"], test: false };
    return { id: "card", provider, brands: CARD_BRANDS, test: provider === "sandbox" };
  });
}

/** The methods in words for the pages' copy: "card (Visa, Mastercard or American Express) or PayPal". */
export function paymentMethodsPhrase(methods: readonly PaymentMethod[]): string | null {
  const phrases: string[] = [];
  const card = methods.find((method) => method.id === "card");
  if (card) {
    const brands = [...card.brands];
    const last = brands.pop();
    phrases.push(`card (${brands.length ? `${brands.join(", ")} or ${last}` : last})`);
  }
  if (methods.some((method) => method.id === "paypal")) phrases.push("PayPal");
  if (methods.some((method) => method.id === "crypto")) phrases.push("crypto");
  return phrases.length ? phrases.join(" or ") : null;
}
