/** How fast an order is delivered (the orders table's delivery_speed). */
export type DeliverySpeed = "slow" | "normal" | "fast";

/**
 * Customer spec section 4: the three delivery speeds, normal by default, each with the time it takes. The order
 * forms offer these, and the public pages' delivery promises quote them (product rules 11.1). No imports: the
 * pages' bundles read it.
 */
export const DELIVERY_SPEEDS: readonly { value: DeliverySpeed; label: string; detail: string }[] = [
  { value: "slow", label: "Slow", detail: "5-7 days" },
  { value: "normal", label: "Normal", detail: "2-3 days" },
  { value: "fast", label: "Fast", detail: "24-48 hours" },
];

export const DEFAULT_DELIVERY_SPEED: DeliverySpeed = "normal";

/** When delivery starts after an order is placed, as the services' features promise it ("Starts within minutes"). */
export const DELIVERY_START = "within minutes";

/** The time one speed takes ("24-48 hours" for fast). */
export function deliveryTime(speed: DeliverySpeed): string {
  return DELIVERY_SPEEDS.find((candidate) => candidate.value === speed)?.detail ?? "";
}

/** Reads a saved or submitted speed, falling back to the default. */
export function parseDeliverySpeed(value: string | null | undefined): DeliverySpeed {
  return DELIVERY_SPEEDS.some((speed) => speed.value === value)
    ? (value as DeliverySpeed)
    : DEFAULT_DELIVERY_SPEED;
}
