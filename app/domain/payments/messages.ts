import type { Cents } from "../pricing/cents.ts";
/** The wallet's toast texts (customer spec sections 5 and 8), kept in one place. */
export const DEPOSIT_TEXT = {
  invalidAmountTitle: "Invalid Amount",
  notAnAmount: "Enter an amount in dollars, for example 25 or 25.50.",
  commaInAmount: "Use a point for cents, for example 10.50 (a comma only separates thousands, as in 1,000).",
  errorTitle: "Error",
  initiateFailed: "Failed to initiate payment",
  maintenanceTitle: "Maintenance",
  maintenance: "Boostly is under maintenance. Deposits are paused for a short while; please try again soon.",
  rateLimited: "Too many deposit attempts. Please wait a few minutes and try again.",
  paymentSuccessTitle: "Payment Successful!",
  paymentSuccess: "Your payment was received and the funds are in your wallet.",
  declinedTitle: "Payment Declined",
  declined: "Your card was declined. No money was taken; you can try again.",
  paypalDeclined: "PayPal declined this payment. No money was taken; you can try again.",
  pendingTitle: "Payment pending",
  pending: "PayPal is still processing this payment. Your wallet is credited as soon as it completes.",
  notConfirmedTitle: "Payment not confirmed",
  notConfirmed: "We could not confirm this payment. Nothing was charged to your wallet; please try again.",
} as const;

/** A deposit limit the way the spec writes it: whole dollars without cents ("$10", "$10,000"), else "$12.50". */
export function formatDepositLimit(amount: Cents): string {
  const dollars = new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: amount % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  });
  return dollars.format(amount / 100);
}

export function minimumDepositText(minCents: Cents): string {
  return `Minimum deposit is ${formatDepositLimit(minCents)}`;
}

export function maximumDepositText(maxCents: Cents): string {
  return `Maximum deposit is ${formatDepositLimit(maxCents)}`;
}
