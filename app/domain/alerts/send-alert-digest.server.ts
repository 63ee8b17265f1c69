import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { alertDigestMail } from "../mail/notification-templates.ts";
import { queueMail } from "../mail/queue-mail.server.ts";
import { shopUrl } from "../mail/shop-url.server.ts";
import { readSettings } from "../settings/read-settings.server.ts";
import { alertsAddress } from "./alerts-address.ts";
import { mailSettingOf } from "./kinds.ts";

/** How far back a first digest looks (later ones continue from the last). */
const FIRST_DIGEST_LOOK_BACK_MS = 24 * 3_600_000;

export type DigestAnswer =
  | { sent: false; reason: "not_digest" | "not_due" | "sent_today" | "nothing" }
  | {
      sent: true;
      alerts: number;
    };

/**
 * The day's digest (product rules 14.23): with alerts mailed as a digest, the first alert round at or after the
 * digest hour (UTC) each day mails one message with every alert raised since the last digest, oldest first, whose
 * kind is switched on, and marks every alert it passed (so none is told twice, and none of a kind switched off
 * waits for a later one). Nothing to tell: no mail. `now` is the round's clock.
 */
export async function sendAlertDigest(
  db: Database,
  input: { now: Date; digestHourUtc: number },
): Promise<DigestAnswer> {
  const settings = await readSettings(db);
  if (settings.alertsMailMode !== "digest") return { sent: false, reason: "not_digest" };
  const dueAt = new Date(input.now);
  dueAt.setUTCHours(input.digestHourUtc, 0, 0, 0);
  if (input.now < dueAt) return { sent: false, reason: "not_due" };
  return db.transaction(async (tx) => {
    // One digest at a time, so two rounds at the hour cannot both send it.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('boostly.alert-digest'))`);
    const { rows: last } = await tx.execute<{ at: Date | null }>(
      sql`select max(digested_at) as at from alerts where digested_at is not null`,
    );
    const lastAt = last[0]?.at ? new Date(last[0].at) : null;
    if (lastAt && lastAt >= dueAt) return { sent: false, reason: "sent_today" } as const;
    const since = lastAt ?? new Date(input.now.getTime() - FIRST_DIGEST_LOOK_BACK_MS);
    const { rows } = await tx.execute<{
      id: string;
      kind: string;
      title: string;
      details: string;
      link: string;
    }>(
      sql`select id::text, kind, title, details, link from alerts
        where mailed_at is null and digested_at is null
          and raised_at > ${since.toISOString()} and raised_at <= ${input.now.toISOString()}
        order by raised_at, id`,
    );
    if (rows.length === 0) return { sent: false, reason: "nothing" } as const;
    await tx.execute(sql`update alerts set digested_at = ${input.now.toISOString()}
      where id in (select jsonb_array_elements_text(${JSON.stringify(rows.map((row) => row.id))}::jsonb)::bigint)`);
    const told = rows.filter((row) => {
      const setting = mailSettingOf(row.kind);
      return setting !== undefined && settings[setting];
    });
    if (told.length === 0) return { sent: false, reason: "nothing" } as const;
    await queueMail(
      tx,
      alertDigestMail(alertsAddress(settings), {
        day: input.now.toISOString().slice(0, 10),
        alerts: told.map((row) => ({ title: row.title, details: row.details, url: shopUrl(row.link) })),
        adminUrl: shopUrl("/admin"),
      }),
    );
    return { sent: true, alerts: told.length } as const;
  });
}
