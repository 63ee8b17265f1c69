import { formatExactRate } from "../../lib/format-money.ts";

/** A cost, price or rate in dollars as the provider page shows it, every digit it has ("$3.00", "$0.0123"); "-": none. */
export function formatDollarRate(text: string | null): string {
  return text === null ? "-" : formatExactRate(text);
}

/** A provider's own amount in its currency: its text as it states it, with the code ("250 INR"). */
export function formatUpstreamAmount(text: string | null, currency: string): string {
  if (text === null) return "-";
  const trimmed = text.includes(".") ? text.replace(/0+$/, "").replace(/\.$/, "") : text;
  return `${trimmed} ${currency}`;
}
