/**
 * What the operator is alerted to (product rules 14.20-14.29), each with the setting that says whether it is mailed
 * and the words the settings page shows. Plain data, no imports: the settings form shows the same labels the server
 * saves. Every kind shows on /admin's needs-attention panel whether it is mailed or not.
 */
export const ALERT_KINDS = [
  {
    kind: "ticket_new",
    setting: "alertMailTicketNew",
    label: "New tickets",
    description: "A customer opened a support ticket.",
  },
  {
    kind: "ticket_reply",
    setting: "alertMailTicketReply",
    label: "Customer replies",
    description: "A customer answered in a ticket's thread.",
  },
  {
    kind: "submission_failing",
    setting: "alertMailSubmissionFailing",
    label: "Failing or held submissions",
    description: "A provider refused an order's part and it is retrying, or it is held for a decision.",
  },
  {
    kind: "provider_balance_low",
    setting: "alertMailProviderBalanceLow",
    label: "Provider balance low",
    description: "A provider's balance fell below the threshold set on its page.",
  },
  {
    kind: "sync_paused",
    setting: "alertMailSyncPaused",
    label: "Services paused by a sync",
    description: "A provider sync took services off sale.",
  },
  {
    kind: "ledger_mismatch",
    setting: "alertMailLedgerMismatch",
    label: "Ledger check failed",
    description: "A customer's balance differs from the sum of their ledger rows.",
  },
] as const;

export type AlertKind = (typeof ALERT_KINDS)[number]["kind"];
export type AlertMailSetting = (typeof ALERT_KINDS)[number]["setting"];

/** How alerts are mailed: one mail per alert as it is raised, or one digest a day of them all. */
export const ALERT_MAIL_MODES = [
  { value: "each", label: "One mail per alert, at once" },
  { value: "digest", label: "One digest a day" },
] as const;
export type AlertMailMode = (typeof ALERT_MAIL_MODES)[number]["value"];

/** The setting that switches a kind's mails, for a kind this code may not know (rows outlive code): none. */
export function mailSettingOf(kind: string): AlertMailSetting | undefined {
  return ALERT_KINDS.find((entry) => entry.kind === kind)?.setting;
}

/** The texts of the needs-attention panel and its dismiss action. */
export const ALERT_TEXT = {
  panelTitle: "Needs attention",
  empty: "Nothing needs your attention: no open alerts.",
  dismiss: "Dismiss",
  dismissed: "Alert dismissed",
  notFound: "This alert is already dismissed or resolved.",
} as const;
