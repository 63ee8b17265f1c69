/**
 * The notification mails a customer may switch off in /profile (product rules 6.6), one checkbox each. Plain data,
 * no imports: the profile's card shows the same labels the server saves. Account mails (confirmation, reset) are not
 * listed: they are never optional.
 */
export const NOTIFICATION_KINDS = [
  {
    key: "depositReceipts",
    label: "Deposit receipts",
    description: "A receipt when money you paid is added to your balance.",
  },
  {
    key: "orderUpdates",
    label: "Order updates",
    description: "When an order is completed, partly delivered, cancelled or fails, with any refund.",
  },
  {
    key: "refillUpdates",
    label: "Refill results",
    description: "When a refill you asked for is completed or rejected.",
  },
  {
    key: "ticketReplies",
    label: "Support replies",
    description: "When our support team answers one of your tickets.",
  },
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]["key"];
export type NotificationPreferences = Record<NotificationKind, boolean>;

/** Every kind on: what a customer who never changed anything gets. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  depositReceipts: true,
  orderUpdates: true,
  refillUpdates: true,
  ticketReplies: true,
};

/** Where the mails' "manage notifications" link leads: the profile's card. */
export const NOTIFICATION_PREFERENCES_PATH = "/profile#notifications";

export const NOTIFICATION_TEXT = {
  title: "Notifications",
  intro: "Choose which e-mails we send you. Account e-mails (confirmation and password reset) always arrive.",
  save: "Save notifications",
  saving: "Saving...",
  saved: "Notification settings saved",
  failed: "Your notification settings could not be saved. Please try again.",
} as const;
