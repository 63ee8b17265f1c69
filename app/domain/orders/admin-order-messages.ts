/** The admin spec's texts for an admin's changes to orders (admin spec sections 5 and 8), verbatim. */
export const ADMIN_ORDER_TEXT = {
  statusUpdated: "Order status updated successfully",
  statusUpdateFailed: "Failed to update order status",
  invalidStatus: "Choose a valid status for an existing order.",
  noOrders: "No orders found",
  /** An order that delivery partners have (docs/decisions/010). */
  withProvider: {
    title: "With a provider",
    message:
      "A provider has this order, so its status follows the provider's. Cancel it (the provider is asked, and what it does not deliver is refunded), or override its status (the refund is shown before you confirm).",
  },
} as const;
