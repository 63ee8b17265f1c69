import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { serviceChangeLabel } from "../catalog/service-changes.ts";
import { raiseAlert } from "./raise-alert.server.ts";

/** How far back the first round looks for pauses (later rounds continue from the last one they told). */
const FIRST_LOOK_BACK = "1 day";
/** The services a pause alert names; the rest are counted. */
const NAMED_SERVICES = 10;

/**
 * One alert for the services a provider sync paused since the last such alert (service_changes rows of a `paused_*`
 * kind, product rules 14.25): "A sync paused 3 services", each named with why, linked to the services list. The
 * alert's subject is the last change it covers, so the next round continues after it and none is told twice.
 */
export async function raiseSyncPauseAlerts(tx: Executor): Promise<number> {
  const { rows } = await tx.execute<{ id: string; kind: string; service: string }>(sql`
    with told as (
      select max(split_part(subject_key, ':', 2)::bigint) as through from alerts where kind = 'sync_paused'
    )
    select c.id::text, c.kind, s.name as service
    from service_changes c
    join services s on s.id = c.service_id
    cross join told
    where c.kind like 'paused\\_%'
      and (c.id > told.through or (told.through is null and c.created_at > now() - ${FIRST_LOOK_BACK}::interval))
    order by c.id`);
  const last = rows.at(-1);
  if (!last) return 0;
  const count = rows.length;
  const named = rows
    .slice(0, NAMED_SERVICES)
    .map((row) => `${row.service}: ${serviceChangeLabel(row.kind)}`)
    .join("\n");
  const more = count > NAMED_SERVICES ? `\nand ${count - NAMED_SERVICES} more` : "";
  const id = await raiseAlert(tx, {
    kind: "sync_paused",
    subjectKey: `service-changes:${last.id}`,
    title: `A provider sync paused ${count} service${count === 1 ? "" : "s"}`,
    details: `${named}${more}`,
    link: "/admin/services",
  });
  return id === null ? 0 : 1;
}
