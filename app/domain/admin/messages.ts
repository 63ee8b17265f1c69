import { formatCents } from "../../lib/format-money.ts";
import type { Notice } from "../orders/messages.ts";
import type { Cents } from "../pricing/cents.ts";

/** The admin spec's texts for orders, user detail and manual orders (admin spec sections 5 and 8), verbatim. */
export const ADMIN_TEXT = {
  statusUpdated: "Order status updated successfully",
  statusUpdateFailed: "Failed to update order status",
  missingInformation: { title: "Missing Information", message: "Please fill in all required fields" },
  invalidSelection: { title: "Error", message: "Invalid service or user selected" },
  postsRequired: { title: "Error", message: "Please enter the number of posts for auto services" },
  createFailed: { title: "Error", message: "Failed to create order" },
  orderCreated: "Order Created Successfully",
  autoOrderCreated: "Auto Order Created Successfully",
  noOrders: "No orders found",
  userNotFound: "User not found",
} as const;

/** 'Insufficient Balance' / 'User needs $X but only has $Y' (admin spec section 5). */
export function userInsufficientBalance(neededCents: Cents, balanceCents: Cents): Notice {
  return {
    title: "Insufficient Balance",
    message: `User needs ${formatCents(neededCents)} but only has ${formatCents(balanceCents)}`,
  };
}

/** Texts of admin changes to orders that delivery partners have (docs/decisions/010). */
export const ADMIN_ORDER_TEXT = {
  withProvider: {
    title: "With a provider",
    message:
      "A provider has this order, so its status follows the provider's. To stop it, cancel it: the provider is asked, and what it does not deliver is refunded.",
  },
} as const;
