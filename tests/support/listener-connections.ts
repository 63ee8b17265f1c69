import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { db } from "../../app/db/client.server.ts";

/**
 * Cuts a DatabaseListener's connection (`boostly-<name>`, app/lib/database-listener.server.ts) the way a database
 * restart or a network fault would, in this test worker's database only (other workers run their own listeners
 * of the same name), and waits until the cut backends are gone: from then on only a reconnection hears notices.
 */
export async function terminateListenerConnections(applicationName: string): Promise<void> {
  const { rows } = await db().execute<{ pid: number }>(
    sql`select pid from pg_stat_activity
      where application_name = ${applicationName} and datname = current_database() and pid <> pg_backend_pid()`,
  );
  expect(rows, `an open ${applicationName} connection to terminate`).not.toEqual([]);
  // An array literal, as one parameter.
  const pids = `{${rows.map((row) => row.pid).join(",")}}`;
  await db().execute(sql`select pg_terminate_backend(pid) from unnest(${pids}::int[]) as pid`);
  await expect
    .poll(
      async () =>
        (
          await db().execute<{ n: number }>(
            sql`select count(*)::int as n from pg_stat_activity where pid = any(${pids}::int[])`,
          )
        ).rows[0]?.n,
      { message: `the terminated ${applicationName} connections gone` },
    )
    .toBe(0);
}
