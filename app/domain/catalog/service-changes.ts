/**
 * What a provider sync may do to a service (docs/decisions/037, 040), each kept as one `service_changes` row with
 * its from and to, and how the admin pages name it.
 */
export const SERVICE_CHANGE_KINDS = [
  "repriced",
  "paused_rate_rise",
  "paused_vanished",
  "paused_limits",
  "limits_narrowed",
  "cost_changed",
  "listed_again",
] as const;
export type ServiceChangeKind = (typeof SERVICE_CHANGE_KINDS)[number];

/** The words the service's admin row and the provider page show for each kind. */
export const SERVICE_CHANGE_LABELS: Record<ServiceChangeKind, string> = {
  repriced: "Repriced by sync",
  paused_rate_rise: "Paused: the provider's rate rose past the price",
  paused_vanished: "Paused: no longer listed upstream",
  paused_limits: "Paused: the provider's limits no longer fit",
  limits_narrowed: "Limits narrowed to the provider's",
  cost_changed: "Cost changed",
  listed_again: "Listed upstream again (still paused until enabled)",
};

/** A change's label, for a kind this code may not know (rows outlive code). */
export function serviceChangeLabel(kind: string): string {
  return (SERVICE_CHANGE_LABELS as Record<string, string>)[kind] ?? kind;
}

/** A change's from and to, as stored in its details: prices and costs as decimal strings, limits as "min-max". */
export type ServiceChangeDetails = { from?: string | null; to?: string | null; [key: string]: unknown };
