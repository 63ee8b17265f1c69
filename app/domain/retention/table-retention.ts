/**
 * Every table of the schema, with its retention rule or the reason it needs none (product rules 17.10). A table that
 * grows with traffic has a rule the retention round (or, for the outbox, the mail worker) runs in bounded batches;
 * every other table says why it stays. tests/integration/retention.test.ts reads the database's catalogue and fails
 * on a table missing here, so a new table cannot be added without deciding.
 */
export type TableRetention = { rule: string } | { keptBecause: string };

const ONE_PER_ACCOUNT = "one row per account at most: it grows with customers, not with traffic";
const SHOP_SETUP = "the shop's set-up, written by its operator: as large as the operator makes it";
const BOOKS =
  "the shop's books: orders, their parts and money, each row a sale or a movement the shop must keep";
const ONE_PER_STAFF_SESSION = "one row per staff session at most: deleted with its session";

export const TABLE_RETENTION: Record<string, TableRetention> = {
  // Grows with traffic: a rule each.
  rate_limits: { rule: "a window that has ended counts nothing: deleted by the round (pruneRateLimits)" },
  analytics_events: {
    rule: "raw for ANALYTICS_RAW_DAYS whole days, then only its day's figures in analytics_days (settleAnalyticsDays)",
  },
  sessions: { rule: "deleted SESSION_RETENTION_DAYS after it expired (pruneExpiredSessions)" },
  verifications: { rule: "deleted VERIFICATION_RETENTION_DAYS after it expired (pruneExpiredVerifications)" },
  mail_outbox: {
    rule: "sent and failed mail deleted MAIL_RETENTION_DAYS after it was written, by the mail worker's round (pruneOutbox)",
  },
  second_factor_confirmations: { rule: ONE_PER_STAFF_SESSION },
  staff_views: { rule: ONE_PER_STAFF_SESSION },
  // Figures: a few rows a day whatever the traffic.
  analytics_days: {
    keptBecause: "one row per day and event name: a few thousand a year, the funnel's history",
  },
  money_days: { keptBecause: "the money figures: one row per hour, service and provider that had money" },
  money_settled: { keptBecause: "one row per kind of figure: how far it is settled" },
  money_waiting_parts: {
    keptBecause: "parts still open when their hour settled: each leaves when its part ends",
  },
  // Accounts.
  users: { keptBecause: "the accounts themselves" },
  accounts: { keptBecause: ONE_PER_ACCOUNT },
  two_factors: { keptBecause: ONE_PER_ACCOUNT },
  user_roles: { keptBecause: "one row per staff member" },
  account_suspensions: { keptBecause: ONE_PER_ACCOUNT },
  account_last_sign_ins: { keptBecause: ONE_PER_ACCOUNT },
  account_admin_notes: { keptBecause: ONE_PER_ACCOUNT },
  account_discounts: { keptBecause: ONE_PER_ACCOUNT },
  notification_preferences: { keptBecause: ONE_PER_ACCOUNT },
  api_keys: { keptBecause: "a customer's API keys, a few active each: grows with customers" },
  // Affiliates.
  affiliates: { keptBecause: ONE_PER_ACCOUNT },
  referral_visits: {
    keptBecause:
      "one row per visitor cookie that came through a referral link, capped per address by its rate limit; an " +
      "affiliate's visits figure counts every row (product rules 16.11), so they stay until that figure is kept " +
      "apart (the sweep decisions/056 leaves for later)",
  },
  referrals: { keptBecause: "one row per referred customer" },
  affiliate_ledger: { keptBecause: BOOKS },
  affiliate_payouts: { keptBecause: BOOKS },
  affiliate_order_commissions: { keptBecause: BOOKS },
  // Orders and money.
  orders: { keptBecause: BOOKS },
  order_status_changes: { keptBecause: BOOKS },
  auto_orders: { keptBecause: BOOKS },
  free_trial_claims: { keptBecause: "one row per claimed trial: what stops a second claim" },
  refills: { keptBecause: BOOKS },
  fulfilments: { keptBecause: BOOKS },
  refill_submissions: { keptBecause: BOOKS },
  transactions: { keptBecause: BOOKS },
  deposits: { keptBecause: BOOKS },
  payment_events: { keptBecause: BOOKS },
  simulated_provider_orders: {
    keptBecause:
      "the built-in simulated provider's orders (development): one per part sent to it, like fulfilments",
  },
  simulated_provider_refills: {
    keptBecause: "the built-in simulated provider's refills (development): one per refill part sent to it",
  },
  // Catalogue, providers and content.
  services: { keptBecause: SHOP_SETUP },
  likes_packs: { keptBecause: SHOP_SETUP },
  platforms: { keptBecause: SHOP_SETUP },
  service_categories: { keptBecause: SHOP_SETUP },
  service_changes: {
    keptBecause: "a service's history of prices and availability: a row per change a sync made",
  },
  providers: { keptBecause: SHOP_SETUP },
  provider_services: { keptBecause: SHOP_SETUP },
  provider_catalog: {
    keptBecause: "each provider's service list as its last sync read it: replaced, not added to",
  },
  exchange_rates: { keptBecause: "one row per currency" },
  payment_gateways: { keptBecause: SHOP_SETUP },
  manual_deposit_methods: { keptBecause: SHOP_SETUP },
  blog_posts: { keptBecause: SHOP_SETUP },
  banner_settings: { keptBecause: SHOP_SETUP },
  settings: { keptBecause: SHOP_SETUP },
  seed_sets: {
    keptBecause: "one row per part of the starting content a shop was given (decisions/062): a handful",
  },
  site_content_version: { keptBecause: "one row: the content's version number" },
  // Support and the operator's record.
  tickets: { keptBecause: "support's record of what customers asked, each rate limited per customer" },
  ticket_messages: { keptBecause: "support's record of what was said, each reply rate limited per customer" },
  contact_messages: {
    keptBecause: "people's messages to the shop, rate limited per address; support reads them",
  },
  newsletter_subscribers: { keptBecause: "one row per subscribed address, rate limited per address" },
  alerts: {
    keptBecause: "the operator's record: one row per occurrence of a ticket, a failure or a low balance",
  },
  admin_audit_log: {
    keptBecause: "the audit trail of every admin change (product rules 2.9): kept as the books are",
  },
};
