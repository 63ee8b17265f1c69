import { z } from "zod";

/** The needs-attention panel's Dismiss button (product rules 14.27): the alert it takes off the panel. */
export const dismissAlertForm = z.strictObject({
  intent: z.literal("dismiss-alert"),
  alertId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
