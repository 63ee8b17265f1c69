/** The shop's promise (public pages): a customer may cancel an order within 30 minutes of placing it. */
export const CANCEL_WINDOW_MINUTES = 30;
export const CANCEL_WINDOW_MS = CANCEL_WINDOW_MINUTES * 60 * 1000;

/** The texts of cancelling an order (docs/decisions/010-delivery-paths-and-cancel.md). */
export const CANCEL_TEXT = {
  windowPassed: {
    title: "Cancel failed",
    message: `Orders can be cancelled within ${CANCEL_WINDOW_MINUTES} minutes of placing them; this one is older`,
  },
  requested: "Cancel requested",
  requestedNote: "The provider was asked to cancel; the refund follows what it confirms as not delivered.",
  refusedByProvider: "Cancel refused by the provider",
} as const;
