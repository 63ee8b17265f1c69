import { useState } from "react";
import {
  DeliveryPaceNote,
  type DeliverySpeed,
  DeliverySpeedField,
  effectiveSpeed,
  parseDeliverySpeed,
} from "../../components/order/delivery-speed.tsx";

/** The speed as chosen, what the form posts, and whether the page offers a choice at all. */
export type OrderSpeed = {
  chosen: DeliverySpeed;
  setChosen: (speed: DeliverySpeed) => void;
  /** The speed that can apply to the quantity typed (Fast where a choice cannot). */
  posted: DeliverySpeed;
  applies: boolean;
  dripFeedOn: boolean;
  quantity: number | null;
  runMinimum: number;
};

/**
 * The delivery speed of the generic order page (product rules 4.20): offered for a Default order on Instagram's
 * pages, replaced by the drip-feed box when it is ticked; anything else is sent at once.
 */
export function useOrderSpeed(
  service: { platform: string; orderType: string; minQuantity: number },
  quantity: number | null,
  dripFeedOn: boolean,
): OrderSpeed {
  const [chosen, setChosen] = useState(parseDeliverySpeed(null));
  const applies = service.platform === "instagram" && service.orderType === "default" && !dripFeedOn;
  const posted = applies ? effectiveSpeed(chosen, quantity, service.minQuantity).speed : "fast";
  return { chosen, setChosen, posted, applies, dripFeedOn, quantity, runMinimum: service.minQuantity };
}

/** The speed's radios and sentence, or the line that says why no speed applies (with the speed posted). */
export function OrderSpeedField({ speed }: { speed: OrderSpeed }) {
  if (speed.applies)
    return (
      <DeliverySpeedField
        value={speed.chosen}
        onChange={speed.setChosen}
        quantity={speed.quantity}
        runMinimum={speed.runMinimum}
      />
    );
  return (
    <>
      <input type="hidden" name="deliverySpeed" value={speed.posted} />
      <DeliveryPaceNote reason={speed.dripFeedOn ? "drip_feed" : "at_once"} />
    </>
  );
}
