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
  inUse: {
    title: "Provider in use",
    message: "Unmap its services first: orders and services still refer to this provider.",
  } satisfies Notice,
  balanceRefreshed: "Balance refreshed",
  noUpstreamServices: "The provider lists no services.",
  unreachable: (detail: string): Notice => ({ title: "Provider unreachable", message: detail }),
  serviceImported: "Service imported",
  serviceImportedNote: "It was added disabled, at the provider's rate plus 50%: review it under Services.",
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
  noProviders: "No providers yet. Add one below; until then every order is fulfilled by hand.",
  noAttention: "Nothing needs attention.",
  noMappedServices: "No services are mapped to this provider yet.",
  servicesLoadFailed: "The provider's services could not be loaded.",
} as const;

/** "••••abcd": all that is ever shown of a provider's key. */
export function maskedKey(hint: string): string {
  return `••••${hint}`;
}
