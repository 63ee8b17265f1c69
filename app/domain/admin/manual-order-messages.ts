import { formatCents } from "../../lib/format-money.ts";
import type { Notice } from "../notice.ts";
import type { Cents } from "../pricing/cents.ts";

/** The admin spec's texts for manual orders (admin spec sections 5 and 8), verbatim. */
export const MANUAL_ORDER_TEXT = {
  missingInformation: { title: "Missing Information", message: "Please fill in all required fields" },
  invalidSelection: { title: "Error", message: "Invalid service or user selected" },
  postsRequired: { title: "Error", message: "Please enter the number of posts for auto services" },
  createFailed: { title: "Error", message: "Failed to create order" },
  orderCreated: "Order Created Successfully",
  autoOrderCreated: "Auto Order Created Successfully",
} as const;

/** 'Insufficient Balance' / 'User needs $X but only has $Y' (admin spec section 5). */
export function userInsufficientBalance(neededCents: Cents, balanceCents: Cents): Notice {
  return {
    title: "Insufficient Balance",
    message: `User needs ${formatCents(neededCents)} but only has ${formatCents(balanceCents)}`,
  };
}
