/**
 * A cost, price or rate in dollars as the provider page shows it: two decimals, or up to four where the
 * sub-cent digits matter ("$3.00", "$0.0123"), never rounded down past what it is.
 */
export function formatDollarRate(text: string | null): string {
  if (text === null) return "-";
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(text.trim());
  if (!match) return text;
  const [, sign = "", whole = "0", fraction = ""] = match;
  const kept = fraction
    .slice(0, 4)
    .padEnd(2, "0")
    .replace(/(\d{2}\d*?)0+$/, "$1");
  return `${sign}$${Number(whole).toLocaleString("en-US")}.${kept}`;
}

/** A provider's own amount in its currency: its text as it states it, with the code ("250 INR"). */
export function formatUpstreamAmount(text: string | null, currency: string): string {
  if (text === null) return "-";
  const trimmed = text.includes(".") ? text.replace(/0+$/, "").replace(/\.$/, "") : text;
  return `${trimmed} ${currency}`;
}
