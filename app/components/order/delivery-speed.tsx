import { PACE_TEXT, type PaceVerdict, paceOrder, paceSentence } from "../../domain/orders/delivery-pace.ts";
import { DELIVERY_SPEEDS, type DeliverySpeed } from "../../domain/orders/delivery-speeds.ts";
import { formatCount } from "../../lib/format-money.ts";

export {
  DEFAULT_DELIVERY_SPEED,
  DELIVERY_SPEEDS,
  type DeliverySpeed,
  parseDeliverySpeed,
} from "../../domain/orders/delivery-speeds.ts";

/**
 * The speed an order will really go at (product rules 4.20): the chosen one when it can pace this quantity, else
 * Fast, which always applies. The form posts this one, and says what it does.
 */
export function effectiveSpeed(
  chosen: DeliverySpeed,
  quantity: number | null,
  runMinimum: number,
): { speed: DeliverySpeed; verdicts: Record<DeliverySpeed, PaceVerdict> } {
  const verdicts = Object.fromEntries(
    DELIVERY_SPEEDS.map((speed) => [speed.value, paceOrder(speed.value, quantity ?? 0, runMinimum)]),
  ) as Record<DeliverySpeed, PaceVerdict>;
  return { speed: verdicts[chosen].kind === "too_small" ? "fast" : chosen, verdicts };
}

/**
 * Delivery Speed radios (native radios: arrow keys move between them, the focus ring shows on the card), and the
 * sentence that says what the chosen speed does with this order before Place Order. A speed that cannot pace this
 * quantity is offered disabled, with the quantity it starts at.
 */
export function DeliverySpeedField({
  value,
  onChange,
  quantity,
  runMinimum,
}: {
  value: DeliverySpeed;
  onChange: (speed: DeliverySpeed) => void;
  /** The order's units as typed (null while not a count). */
  quantity: number | null;
  /** Each run's least units: the service's minimum. */
  runMinimum: number;
}) {
  const { speed, verdicts } = effectiveSpeed(value, quantity, runMinimum);
  const verdict = verdicts[speed];
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">Delivery Speed</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-3">
        {DELIVERY_SPEEDS.map((option) => {
          const own = verdicts[option.value];
          const disabled = quantity !== null && own.kind === "too_small";
          return (
            <label
              key={option.value}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 bg-white px-3 py-2.5 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600"
            >
              <input
                type="radio"
                name="deliverySpeed"
                value={option.value}
                checked={speed === option.value}
                disabled={disabled}
                onChange={() => onChange(option.value)}
                className="h-4 w-4 accent-brand-600 focus:outline-none"
              />
              <span className="text-sm">
                <span className="block font-semibold text-slate-900">{option.label}</span>
                <span className="block text-slate-600">
                  {disabled && own.kind === "too_small"
                    ? `From ${formatCount(own.leastQuantity)}`
                    : option.detail}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      <p className="mt-2 text-sm text-slate-700" data-testid="delivery-pace" aria-live="polite">
        {quantity === null ? "—" : paceSentence(speed, quantity, verdict)}
      </p>
    </fieldset>
  );
}

/** Where the speed does not apply: drip-feed's own runs set the pace, or the order goes in one go. */
export function DeliveryPaceNote({ reason }: { reason: "drip_feed" | "at_once" | "per_post" }) {
  const text = {
    drip_feed: PACE_TEXT.dripFeedReplaces,
    at_once: PACE_TEXT.atOnce,
    per_post: PACE_TEXT.perPost,
  }[reason];
  return (
    <p className="text-sm text-slate-700" data-testid="delivery-pace">
      {text}
    </p>
  );
}
