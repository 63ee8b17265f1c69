import { safeNextPath } from "../accounts/safe-next.ts";
import type { GatewayName } from "./gateway.ts";

/** Where PayPal sends the customer back after approving: the wallet's page that captures the payment. */
export const PAYPAL_RETURN_PATH = "/wallet/paypal-return";

/**
 * Where the customer lands after the hosted checkout: /wallet?payment=success (and the page they came from in
 * `next`), or back to /wallet when they cancel. Local paths; a provider that needs absolute URLs prefixes them.
 * PayPal returns to PAYPAL_RETURN_PATH first, which captures the approved payment and then goes on to the success
 * address (the deposit keeps `next`).
 */
export function depositReturnPaths(
  returnPath: string | null | undefined,
  gateway?: GatewayName,
): {
  success: string;
  cancel: string;
} {
  const next = returnPath ? safeNextPath(returnPath, "") : "";
  const nextQuery = next ? `next=${encodeURIComponent(next)}` : "";
  return {
    success:
      gateway === "paypal"
        ? PAYPAL_RETURN_PATH
        : `/wallet?payment=success${nextQuery ? `&${nextQuery}` : ""}`,
    cancel: `/wallet${nextQuery ? `?${nextQuery}` : ""}`,
  };
}
