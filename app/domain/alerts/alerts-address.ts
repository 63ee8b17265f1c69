import type { Settings } from "../settings/defaults.ts";

/** Where the operator's alerts are mailed: the alerts address, else the support e-mail (product rules 14.22). */
export function alertsAddress(settings: Settings): string {
  return settings.alertsEmail.trim() || settings.supportEmail;
}
