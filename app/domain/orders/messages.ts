import { formatCents } from "../../lib/format-money.ts";
import type { Notice } from "../notice.ts";
import type { Cents } from "../pricing/cents.ts";

// The one Notice type lives at the domain's root, below every area (fulfilment's provider pages show notices too).
export type { Notice };

/** The longest link an order takes. */
export const MAX_LINK_LENGTH = 500;

const count = new Intl.NumberFormat("en-US");

/**
 * The code of an order refused because its charge is below the known cost of what it sends upstream (product
 * rules 13.12): nothing was charged; the catalogue's price catches up at the next sync, or an admin's.
 */
export const BELOW_COST = "below_cost";

/**
 * The order trigger's name for a customer's second order on a link while one on the same service has not ended
 * (product rules 4.27, drizzle/0030): the database refuses it, whichever path placed it.
 */
export const ACTIVE_ORDER_WITH_LINK = "orders_one_active_per_link";

/** The server's error code for an auto service in the one-time flow (customer spec section 7). */
export const AUTO_SERVICE_NOT_SUPPORTED = "AUTO_SERVICE_NOT_SUPPORTED_IN_THIS_FLOW";

/** The specs' order texts (customer spec sections 5 and 8, admin spec section 8), in one place. */
export const ORDER_TEXT = {
  targetRequired: { title: "Target URL Required", message: "Please enter the URL for your order" },
  postLinkRequired: { title: "Post Link Required", message: "Please enter an Instagram post link" },
  invalidInstagramLink: { title: "Invalid Link", message: "Please enter a valid Instagram post link" },
  linkTooLong: {
    title: "Invalid Link",
    message: `The link is too long: at most ${MAX_LINK_LENGTH} characters`,
  },
  serviceError: { title: "Service Error", message: "Please select a valid service" },
  // The panels' conventional words (product rules 4.27), which resellers' scripts match: kept as they write them.
  activeOrderWithLink: {
    title: "Active order on this link",
    message: "You have active order with this link. Please wait until order being completed.",
  },
  likesServiceUnavailable: {
    title: "Service Unavailable",
    message: "Instagram Likes service is not available. Please try again later.",
  },
  orderFailed: { title: "Order Failed", message: "Failed to place order. Please try again." },
  autoServiceInQuickFlow: {
    title: "Redirecting to Auto Order setup",
    message: "This service works on your future posts: set it up as an automatic order.",
  },
  usernameRequired: { title: "Error", message: "Please enter your Instagram username" },
  postsOutOfRange: { title: "Invalid Posts", message: "Number of posts must be between 1 and 100." },
  autoOrderFailed: { title: "Auto order failed", message: "Failed to create auto order. Please try again." },
  autoOrdersDisabled: {
    title: "Auto orders unavailable",
    message: "Automatic orders are paused at the moment. Please try again later.",
  },
  belowCost: {
    title: "Service unavailable",
    message: "This service cannot be ordered at this price right now. Please try again later.",
  },
  maintenance: {
    title: "Maintenance",
    message: "Boostly is under maintenance. New orders are paused for a short while; please try again soon.",
  },
  orderPlaced: "Order Placed Successfully",
  autoOrderPaused: "Auto order paused successfully",
  autoOrderResumed: "Auto order resumed successfully",
  pauseFailed: "Failed to pause auto order",
  resumeFailed: "Failed to resume auto order",
  cancelFailed: "Failed to cancel auto order",
  autoOrderCancelledTitle: "Auto Order Cancelled",
  cancelledByUserReason: "Auto order cancelled by user",
  refundedStatusFinal: {
    title: "Status is final",
    message: "This order was refunded, so its status can no longer change.",
  },
  completedStatusFinal: {
    title: "Status is final",
    message: "This order was delivered, so its status can no longer change.",
  },
} as const;

/** 'Insufficient Balance' with the amounts (customer spec section 8). */
export function insufficientBalance(neededCents: Cents, balanceCents: Cents): Notice {
  return {
    title: "Insufficient Balance",
    message: `You need ${formatCents(neededCents)} but only have ${formatCents(balanceCents)}. Please add funds to your wallet.`,
  };
}

/** 'Invalid quantity' with the service's limits (customer spec section 5). */
export function invalidQuantity(min: number, max: number): Notice {
  return {
    title: "Invalid quantity",
    message: `Quantity must be between ${count.format(min)} and ${count.format(max)}.`,
  };
}

/** Per-post engagement outside the auto service's limits. */
export function invalidPerPost(min: number, max: number): Notice {
  return {
    title: "Invalid quantity",
    message: `Engagement per post must be between ${count.format(min)} and ${count.format(max)}.`,
  };
}

/** The price the customer saw is no longer the price (product rules 1.2). */
export function priceChanged(totalCents: Cents): Notice {
  return {
    title: "Price changed",
    message: `The price of this order is now ${formatCents(totalCents)}. Please review it and place the order again.`,
  };
}

/** The toast after cancelling an auto order. */
export function autoOrderCancelled(refundCents: Cents): Notice {
  return {
    title: ORDER_TEXT.autoOrderCancelledTitle,
    message: `Your auto order has been cancelled and ${formatCents(refundCents)} has been refunded to your wallet`,
  };
}

/** The profile field's messages (product rules 4.10), naming the service's platform ("Instagram") when it has one. */
const PROFILE_LINK_EXAMPLES: Record<string, string> = {
  Instagram: "instagram.com/yourname",
  TikTok: "tiktok.com/@yourname",
  YouTube: "youtube.com/@yourchannel",
  Threads: "threads.net/@yourname",
  Twitter: "x.com/yourname",
  Facebook: "facebook.com/yourname",
  Spotify: "open.spotify.com/artist/...",
};
const profileLinkExample = (platform: string): string =>
  PROFILE_LINK_EXAMPLES[platform] ?? "your profile's link";

/** Nothing was typed in the profile field (the customer spec's words on Instagram). */
export function profileRequired(platform: string): Notice {
  if (platform === "Instagram" || !platform) return ORDER_TEXT.usernameRequired;
  return { title: "Error", message: `Please enter your ${platform} username` };
}

/** What was typed is neither a username nor a profile link. */
export function invalidProfile(platform: string): Notice {
  return {
    title: "Invalid Username",
    message: `Please enter a valid ${platform ? `${platform} ` : ""}username (letters, numbers, dots and underscores) or your profile link, like ${profileLinkExample(platform)}.`,
  };
}

/** A post's, reel's or video's link was pasted where the profile is asked for. */
export function profileLinkIsPost(platform: string): Notice {
  return {
    title: "That is a post link",
    message: `That link points to a post, not a profile. Paste your profile link (${profileLinkExample(platform)}) or just your username.`,
  };
}

/** A link on another site than the service's platform. */
export function profileLinkOnOtherSite(host: string, platform: string): Notice {
  return {
    title: "Link from another site",
    message: `That link is on ${host}${platform ? `, not ${platform}` : ""}. Paste your ${platform ? `${platform} ` : ""}profile link (${profileLinkExample(platform)}) or just your username.`,
  };
}
