import { formatCents } from "../../lib/format-money.ts";
import type { DepositTerms, GatewayName } from "./gateway.ts";

/**
 * What a customer can pay with, from the gateways that take deposits (product rules 6.5, 16.41): Stripe's hosted
 * checkout takes cards; the local sandbox stands in for it outside production and says so; PayPal takes the
 * customer's PayPal account. No gateway, no method: the pages then promise none. No server imports: the footer,
 * the wallet's choice of gateway and the pages' copy read it.
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

/** How the wallet names each gateway when the customer chooses one (product rules 16.41). */
export const GATEWAY_LABELS: Record<GatewayName, string> = {
  stripe: "Card",
  sandbox: "Card (test checkout)",
  paypal: "PayPal",
  btcpay: "Crypto",
  manual: "Manual method",
};

/** What a way of paying takes, under its name in the wallet's choice. */
export function methodDetail(method: PaymentMethod): string {
  if (method.id === "paypal") return "Your PayPal account or card";
  if (method.id === "crypto") return "Bitcoin, to an invoice in US dollars";
  return method.test ? "No real money moves" : method.brands.join(", ");
}

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

/** The wallet's line under Add Funds: how a deposit is paid now (product rules 6.5). */
export function paidWith(methods: readonly PaymentMethod[]): string {
  const card = methods.find((method) => method.id === "card");
  if (methods.length === 0) return "Deposits are not available at the moment.";
  const others = [
    ...(methods.some((method) => method.id === "paypal") ? ["PayPal"] : []),
    ...(methods.some((method) => method.id === "crypto") ? ["crypto"] : []),
  ];
  if (card?.test) {
    return others.length
      ? `Paid with ${others.join(" or ")} or on the test checkout, where no real money moves.`
      : "Paid on the test checkout: no real money moves.";
  }
  const ways = [...(card ? ["by card"] : []), ...others.map((way) => `with ${way}`)];
  if (card && others.length) return `Paid securely by card or ${others.join(" or ")}.`;
  return `Paid securely ${ways.join(" or ")}.`;
}

/** A gateway's bonus as the wallet states it before paying (product rules 16.39), or null when it has none. */
export function bonusText(terms: DepositTerms | undefined): string | null {
  if (!terms?.bonusBasisPoints) return null;
  return `Bonus ${terms.bonusBasisPoints / 100}% of the amount, credited with it`;
}

/** A gateway's fee as the wallet states it before paying (product rules 16.39), or null when it has none. */
export function feeText(terms: DepositTerms | undefined): string | null {
  if (!terms || (terms.feeBasisPoints === 0 && terms.feeFixedCents === 0)) return null;
  const percent = terms.feeBasisPoints ? `${terms.feeBasisPoints / 100}%` : "";
  const fixed = terms.feeFixedCents ? formatCents(terms.feeFixedCents) : "";
  return `Fee ${[percent, fixed].filter(Boolean).join(" + ")}, added to the amount at checkout`;
}
