/** The texts of viewing the shop as a customer (product rules 15.31-15.34), in one place. */

/** How long a view lasts unless ended sooner (product rules 15.32). */
export const VIEW_AS_MINUTES = 30;

export const VIEW_AS_TEXT = {
  button: "View as customer",
  /** The banner on every storefront page while viewing. */
  banner: (email: string) => `Viewing as ${email} — read-only.`,
  bannerEnds: (time: string) => `Ends at ${time} UTC.`,
  returnToAdmin: "Return to admin",
  /** Every storefront change refused while viewing (product rules 15.33). */
  readOnlyTitle: "Read-only while viewing",
  readOnly:
    "You are viewing the shop as a customer: nothing can be changed from here. Return to admin to act.",
  startedTitle: "Viewing as customer",
  started: (email: string) =>
    `The storefront now shows what ${email} sees, read-only, for ${VIEW_AS_MINUTES} minutes or until you return to admin.`,
  endedTitle: "Back in the admin",
  ended: "You no longer view the shop as a customer.",
  refusedTitle: "Cannot view as this user",
  noUser: "User not found",
  notCustomer: "Only customers can be viewed as, never a staff account.",
  notViewing: "You are not viewing the shop as a customer.",
} as const;
