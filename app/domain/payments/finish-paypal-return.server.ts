import type { Database } from "../../db/client.server.ts";
import { type CaptureOutcome, captureApprovedPayment } from "./capture-approved-payment.server.ts";
import { webhookProvider } from "./payment-provider.server.ts";
import { depositReturnPaths } from "./return-urls.ts";

export type PaypalReturn = {
  outcome: CaptureOutcome;
  /** Where the customer goes now: the wallet's success address (with the deposit's `next`) or the wallet. */
  successPath: string;
  cancelPath: string;
};

/**
 * The customer is back from approving a PayPal order (`token` is its id): takes the payment, once, for their
 * own pending deposit (product rules 16.43, docs/decisions/058). Null when PayPal is not enabled.
 */
export async function finishPaypalReturn(
  db: Database,
  input: { userId: string; orderId: string },
): Promise<PaypalReturn | null> {
  const gateway = await webhookProvider(db, "paypal");
  if (!gateway) return null;
  const captured = await captureApprovedPayment(db, gateway, {
    reference: input.orderId,
    userId: input.userId,
  });
  const paths = depositReturnPaths(captured.deposit?.returnPath);
  return { outcome: captured.outcome, successPath: paths.success, cancelPath: paths.cancel };
}
