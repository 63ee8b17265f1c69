import type { Notice } from "../notice.ts";

/** The provider pages' texts (the specs have none for providers: these are ours), in one place. */
export const PROVIDER_TEXT = {
  added: "Provider added",
  saved: "Provider saved",
  deleted: "Provider deleted",
  notFound: { title: "Not found", message: "This provider does not exist." } satisfies Notice,
  invalid: { title: "Check the form", message: "Please correct the highlighted fields." } satisfies Notice,
  nameRequired: "Enter the provider's name.",
  urlInvalid: "Enter the provider's API address (http:// or https://).",
  keyRequired: "Enter the provider's API key.",
  keyRefused: (reason: string) => `The provider refused this key: "${reason}"`,
  keyCheckFailed: (reason: string) => `The address did not answer as a provider's panel: "${reason}"`,
  keyNotChecked: (message: string): Notice => ({ title: "Provider not saved", message }),
  inUse: {
    title: "Provider in use",
    message: "Unmap its services first: orders and services still refer to this provider.",
  } satisfies Notice,
  balanceRefreshed: "Balance refreshed",
  noUpstreamServices: "The provider lists no services.",
  unreachable: (detail: string): Notice => ({ title: "Provider unreachable", message: detail }),
  servicesImported: (imported: number, skipped: string[]): Notice => ({
    title: `${imported} ${imported === 1 ? "service" : "services"} imported`,
    message: skipped.join(" "),
  }),
  alreadyImported: (count: number) =>
    `${count} already mapped to a service of the shop ${count === 1 ? "was" : "were"} skipped.`,
  unsellableType: (count: number, types: string[]) =>
    `${count} of a type the shop does not sell (${types.join(", ")}) ${count === 1 ? "was" : "were"} skipped.`,
  noneSelected: {
    title: "Nothing selected",
    message: "Tick the provider's services to import first.",
  } satisfies Notice,
  nothingImported: "Nothing imported",
  notListed: (count: number) =>
    `${count} the provider no longer lists ${count === 1 ? "was" : "were"} skipped (sync it to see its list now).`,
  unknownPlatform: "Choose one of the shop's platforms.",
  chooseTargetKind: "Choose where these services are delivered: a post or a profile.",
  unknownCategory: "Choose a category of that platform, or none.",
  priceTooHigh: (name: string) => ({
    title: "Price out of range",
    message: `The price of "${name}" by this markup is more than the catalogue can hold.`,
  }),
  noRateFor: (currency: string): Notice => ({
    title: "No exchange rate",
    message: `The provider's rates are in ${currency} and the shop has no rate for it: set what one ${currency} is worth in dollars under Exchange rates first.`,
  }),
  syncRefused: "Sync failed: nothing was changed",
  synced: (listed: number, changes: number, warning: string | null): Notice => ({
    title: "Provider synced",
    message: [`${listed} services listed, ${changes} ${changes === 1 ? "change" : "changes"}.`, warning ?? ""]
      .join(" ")
      .trim(),
  }),
  syncFailed: (detail: string) => `The provider could not be read, so nothing was changed: ${detail}`,
  syncBadCurrency: (currency: string) =>
    `The provider's balance names the currency "${currency.slice(0, 20)}", which is not a currency code: nothing was changed.`,
  syncNothingListed: "The provider listed no service the shop could read, so nothing was changed.",
  syncNoRate: (currency: string) =>
    `No exchange rate for ${currency}: costs and prices were not updated. Set one under Exchange rates.`,
  markupSaved: "Markup saved",
  rateOfDollar: "A dollar is always worth one dollar.",
  rateSaved: (currency: string, usdPerUnit: string): Notice => ({
    title: "Exchange rate saved",
    message: `1 ${currency} = $${usdPerUnit}`,
  }),
  rateRemoved: "Exchange rate removed",
  rateUnknown: { title: "Not found", message: "The shop has no rate for this currency." } satisfies Notice,
  badCurrency: "Enter a three-letter currency code, such as INR.",
  badUsdPerUnit: "Enter what one unit is worth in dollars: a number above 0 with at most 8 decimals.",
  badPercent: "Enter a percent from 0 to 1000, with at most 2 decimals.",
  badMinimum: "Enter a dollar amount of 0 or more, with at most 4 decimals.",
  serviceMapped: "Service mapped",
  serviceUnmapped: "Service unmapped: it is fulfilled by hand again",
  unknownProviderService: {
    title: "Unknown service",
    message: "The provider does not list this service any more.",
  } satisfies Notice,
  unknownService: {
    title: "Unknown service",
    message: "Choose one of the shop's services.",
  } satisfies Notice,
  submissionRequeued: "Submission queued again",
  submissionResolved: "Marked as resolved",
  notSentCancelled: "The customer cancelled this order, so it was not sent again: it is closed as cancelled.",
  submissionNotHeld: {
    title: "Nothing to do",
    message: "This submission is no longer waiting for an admin.",
  } satisfies Notice,
  partResent: (providerName: string): Notice => ({
    title: "Part resent",
    message: `Queued for ${providerName}.`,
  }),
  resendWithProvider: {
    title: "The provider has this part",
    message: "This part is with its provider: cancel it first, then resend it once it has ended.",
  } satisfies Notice,
  notResendable: {
    title: "Nothing to resend",
    message: "Only a held part, or a failed or cancelled part of an order still open, can be resent.",
  } satisfies Notice,
  resendCancelled: {
    title: "Cancel requested",
    message: "The customer asked to cancel this order, so its part is not sent again.",
  } satisfies Notice,
  badProviderServiceId: "Enter the provider's service id: at most 100 characters, no spaces.",
  badProviderOrderId: "Enter the provider's order id: at most 100 characters, no spaces, or leave it empty.",
  resolvedWithId: (providerOrderId: string): Notice => ({
    title: "Marked as resolved",
    message: `Followed as the provider's order ${providerOrderId} from now on.`,
  }),
  retrying: (reason: string, nextAttempt: string, attempt: number, of: number) =>
    `Retrying: ${reason}, next attempt ${nextAttempt} (attempt ${attempt} of ${of})`,
  heldUntil: (deadline: string) => `Refunded ${deadline} unless resent`,
  noProviders: "No providers yet. Add one below; until then every order is fulfilled by hand.",
  noAttention: "Nothing needs attention.",
  noMappedServices: "No services are mapped to this provider yet.",
  noChanges: "No sync has changed its services yet.",
  servicesLoadFailed: "The provider's services could not be loaded.",
} as const;

/** "••••abcd": all that is ever shown of a provider's key. */
export function maskedKey(hint: string): string {
  return `••••${hint}`;
}
