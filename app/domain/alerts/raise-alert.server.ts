import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { alerts } from "../../db/schema.ts";
import { alertMail } from "../mail/notification-templates.ts";
import { type Mail, queueMail } from "../mail/queue-mail.server.ts";
import { shopUrl } from "../mail/shop-url.server.ts";
import { readSettings } from "../settings/read-settings.server.ts";
import { alertsAddress } from "./alerts-address.ts";
import { type AlertKind, mailSettingOf } from "./kinds.ts";

export type NewAlert = {
  kind: AlertKind;
  /** What makes this occurrence one alert: a ticket, a part's episode, a provider's crossing (rules 14.20). */
  subjectKey: string;
  title: string;
  details?: string;
  /** The admin page where it is acted on, a path. */
  link: string;
};

/**
 * Raises an alert once: a second raise of the same kind and subject while its episode lasts does nothing (the
 * database's partial unique index decides, so two rounds or two requests cannot raise it twice). Mailed at once to
 * the alerts address when its kind is switched on and alerts are mailed one by one (product rules 14.22), in the
 * caller's transaction (the outbox); otherwise the day's digest takes it. `mail` gives a kind's own mail (a ticket's)
 * for the address and the link's full URL. Returns the new alert's id, or null when it was already raised.
 */
export async function raiseAlert(
  tx: Executor,
  alert: NewAlert,
  options: { mail?: (to: string, url: string) => Mail } = {},
): Promise<number | null> {
  const settings = await readSettings(tx);
  const setting = mailSettingOf(alert.kind);
  const mailNow = settings.alertsMailMode !== "digest" && setting !== undefined && settings[setting];
  const [raised] = await tx
    .insert(alerts)
    .values({
      kind: alert.kind,
      subjectKey: alert.subjectKey,
      title: alert.title.slice(0, 300),
      details: (alert.details ?? "").slice(0, 2000),
      link: alert.link,
      ...(mailNow ? { mailedAt: sql`now()` } : {}),
    })
    .onConflictDoNothing({ target: [alerts.kind, alerts.subjectKey], where: sql`ended_at is null` })
    .returning({ id: alerts.id });
  if (!raised) return null;
  if (mailNow) {
    const to = alertsAddress(settings);
    const url = shopUrl(alert.link);
    await queueMail(
      tx,
      options.mail?.(to, url) ?? alertMail(to, { title: alert.title, details: alert.details ?? "", url }),
    );
  }
  return raised.id;
}

/**
 * Ends the episodes of a kind's open alerts whose subject is no longer in trouble (a part sent, a balance back
 * above its threshold, a clean ledger): off the panel, and the next occurrence is a new alert. `stillTrue` lists the
 * subject keys whose condition holds; every other unended alert of the kind ends.
 */
export async function endAlertsExcept(
  tx: Executor,
  kind: AlertKind,
  stillTrue: readonly string[],
): Promise<number> {
  const result = await tx.execute(sql`update alerts
    set ended_at = now(), resolved_at = coalesce(resolved_at, now())
    where kind = ${kind} and ended_at is null
      and subject_key not in (select jsonb_array_elements_text(${JSON.stringify(stillTrue)}::jsonb))`);
  return result.rowCount ?? 0;
}
