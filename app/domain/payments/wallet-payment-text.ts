import { formatCents } from "../../lib/format-money.ts";
import type { DepositTerms, GatewayName } from "./gateway.ts";
import { DEPOSIT_TEXT } from "./messages.ts";
import type { PaymentMethod } from "./payment-methods.ts";

/**
 * The wallet's words about paying (product rules 6.5, 16.39, 16.41), apart from the methods themselves so the
 * visitor pages, which name the methods, do not load them.
 */

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

/** The wallet's line under Add Funds: how a deposit is paid now (product rules 6.5). */
export function paidWith(methods: readonly PaymentMethod[]): string {
  const card = methods.find((method) => method.id === "card");
  if (methods.length === 0) return DEPOSIT_TEXT.notAvailable;
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
