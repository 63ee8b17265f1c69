import { DELIVERY_SPEEDS, type DeliverySpeed } from "../../domain/orders/delivery-speeds.ts";

export {
  DEFAULT_DELIVERY_SPEED,
  DELIVERY_SPEEDS,
  type DeliverySpeed,
  parseDeliverySpeed,
} from "../../domain/orders/delivery-speeds.ts";

/** Delivery Speed radios (native radios: arrow keys move between them, the focus ring shows on the card). */
export function DeliverySpeedField({
  value,
  onChange,
}: {
  value: DeliverySpeed;
  onChange: (speed: DeliverySpeed) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">Delivery Speed</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-3">
        {DELIVERY_SPEEDS.map((speed) => (
          <label
            key={speed.value}
            className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 bg-white px-3 py-2.5 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600"
          >
            <input
              type="radio"
              name="deliverySpeed"
              value={speed.value}
              checked={value === speed.value}
              onChange={() => onChange(speed.value)}
              className="h-4 w-4 accent-brand-600 focus:outline-none"
            />
            <span className="text-sm">
              <span className="block font-semibold text-slate-900">{speed.label}</span>
              <span className="block text-slate-600">{speed.detail}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
