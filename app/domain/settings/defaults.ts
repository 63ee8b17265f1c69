import { type Cents, cents } from "../pricing/cents.ts";

/**
 * Admin settings and their starting values (admin spec section 9). They are stored in the settings table and
 * take effect (product rules 7.1); this is the one place their defaults live.
 */
export const settingDefaults = {
  minDepositCents: cents(1_000),
  maxDepositCents: cents(1_000_000),
  newUserBonusCents: cents(500),
  // The affiliate programme (docs/decisions/056): the share of a referred customer's paid orders, net of refunds,
  // that their affiliate earns, and the days a referral link's visit counts for a sign-up (first touch). The
  // commission trigger of drizzle/0039 falls back to the same 30 when the row is missing (tests pin the two).
  affiliateCommissionPercent: 30,
  affiliateAttributionDays: 30,
  // Payouts (docs/decisions/056): the least commission balance an affiliate may ask for, and the days between two
  // requests (7: weekly, as the public pages promise).
  affiliateMinimumPayoutCents: cents(1_000),
  affiliatePayoutIntervalDays: 7,
  // Paid once to a referrer when a customer they referred has a first deposit credited (product rules 16.13);
  // 0 pays none.
  referralBonusCents: cents(250),
  autoOrdersEnabled: true,
  maintenanceMode: false,
  // Hours a submission that gave up is held in "Needs manual work" before it is failed and refunded, so the
  // operator may resend it first; 0 refunds at once (product rules 14.12, docs/decisions/043).
  refundHoldHours: 6,
  heroTitle: "Grow your social media, the honest way",
  heroSubtitle:
    "Real likes, followers, views and plays for Instagram, TikTok, YouTube, Spotify and more. Pay from your prepaid wallet, track every order, and get help from real people around the clock.",
  supportEmail: "support@boostly.example",
  footerText: "Boostly helps creators and brands grow on the platforms that matter to them.",
  // The operator's alerts (product rules 14.20-14.29): where they are mailed ("" = the support e-mail), one mail
  // per alert ("each") or one a day ("digest"), and which kinds are mailed at all (every kind shows on /admin).
  alertsEmail: "",
  alertsMailMode: "each",
  alertMailTicketNew: true,
  alertMailTicketReply: true,
  alertMailSubmissionFailing: true,
  alertMailProviderBalanceLow: true,
  alertMailSyncPaused: true,
  alertMailLedgerMismatch: true,
} as const;

export type SettingKey = keyof typeof settingDefaults;
export type Settings = {
  [K in SettingKey]: (typeof settingDefaults)[K] extends boolean
    ? boolean
    : (typeof settingDefaults)[K] extends Cents
      ? Cents
      : (typeof settingDefaults)[K] extends number
        ? number
        : string;
};
