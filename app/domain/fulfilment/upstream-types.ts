/**
 * How each upstream service type becomes a shop service (docs/decisions/037, product rules 13.27): Default (with
 * its drip-feed flag), Package (one unit at a fixed price, limits 1 to 1), Custom Comments, Subscriptions (an auto
 * service). Any other type is not sold: the import skips it and says so.
 */
export type ImportedShape = {
  serviceType: "one_time" | "auto";
  orderType: "default" | "custom_comments" | "package";
  dripfeed: boolean;
  /** Package: one unit, whatever the provider's limits. */
  fixedLimits: boolean;
};

const SHAPES: Record<string, (dripfeed: boolean) => ImportedShape> = {
  default: (dripfeed) => ({ serviceType: "one_time", orderType: "default", dripfeed, fixedLimits: false }),
  package: () => ({ serviceType: "one_time", orderType: "package", dripfeed: false, fixedLimits: true }),
  "custom comments": () => ({
    serviceType: "one_time",
    orderType: "custom_comments",
    dripfeed: false,
    fixedLimits: false,
  }),
  subscriptions: () => ({ serviceType: "auto", orderType: "default", dripfeed: false, fixedLimits: false }),
};

/** The types the browser's filter offers, as the panels name them. */
export const SELLABLE_UPSTREAM_TYPES = ["Default", "Package", "Custom Comments", "Subscriptions"] as const;

/** What an upstream type is imported as, or null for a type the shop does not sell. */
export function importedShape(type: string, dripfeed: boolean): ImportedShape | null {
  return SHAPES[type.trim().toLowerCase()]?.(dripfeed) ?? null;
}
