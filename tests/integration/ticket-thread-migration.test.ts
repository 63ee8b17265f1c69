/**
 * The migration that made tickets threads moves every existing ticket's message and admin response into
 * ticket_messages before dropping those columns (product rules 7.8). Run on a database of its own: migrated up to the
 * migration before it, filled the old way, then migrated to the end.
 */
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { MIGRATIONS_FOLDER } from "../../app/db/migration-files.server.ts";
import { ensureDatabaseExists } from "../../server/embedded-postgres.ts";
import { dropDatabase, migrationsBefore } from "../support/migration-folders.ts";

const serverUrl = inject("pgServerUrl");
const name = `boostly_thread_migration_${process.env.VITEST_POOL_ID ?? "0"}`;
const url = serverUrl.replace(/\/postgres$/, `/${name}`);

let before: Awaited<ReturnType<typeof migrationsBefore>> | undefined;
afterAll(async () => {
  await before?.remove();
  await dropDatabase(serverUrl, name);
});

describe("the ticket thread migration", () => {
  it("turns each ticket's message and admin response into the first entries of its thread", async () => {
    await ensureDatabaseExists(serverUrl, name);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      before = await migrationsBefore(/ticket_threads_and_notification_preferences$/);
      await migrate(drizzle(client), { migrationsFolder: before.folder });
      const {
        rows: [customer, admin],
      } = await client.query<{ id: string }>(
        `insert into users (email, email_verified) values ('old-customer@example.test', true),
          ('old-admin@example.test', true) returning id`,
      );
      const insertTicket = `insert into tickets (user_id, category, subject, message, status, admin_response,
          responded_by_admin_id, created_at, updated_at)
        values ($1, 'request', $2, $3, $4, $5, $6, now() - interval '2 days', now() - interval '1 day') returning id`;
      const unanswered = await client.query(insertTicket, [
        customer!.id,
        "A",
        "First question",
        "open",
        null,
        null,
      ]);
      const answered = await client.query(insertTicket, [
        customer!.id,
        "B",
        "Second question",
        "completed",
        "Here is the answer.",
        admin!.id,
      ]);
      const moved = await client.query(insertTicket, [
        customer!.id,
        "C",
        "Third question",
        "in_progress",
        null,
        null,
      ]);

      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });

      const thread = async (ticketId: string) =>
        (
          await client.query(
            `select author_id, author_role, body, status, created_at <= now() - interval '1 day' as dated
             from ticket_messages where ticket_id = $1 order by id`,
            [ticketId],
          )
        ).rows;
      expect(await thread(unanswered.rows[0].id)).toEqual([
        {
          author_id: customer!.id,
          author_role: "customer",
          body: "First question",
          status: null,
          dated: true,
        },
      ]);
      expect(await thread(answered.rows[0].id)).toEqual([
        {
          author_id: customer!.id,
          author_role: "customer",
          body: "Second question",
          status: null,
          dated: true,
        },
        {
          author_id: admin!.id,
          author_role: "admin",
          body: "Here is the answer.",
          status: "completed",
          dated: true,
        },
      ]);
      expect(await thread(moved.rows[0].id)).toEqual([
        {
          author_id: customer!.id,
          author_role: "customer",
          body: "Third question",
          status: null,
          dated: true,
        },
        { author_id: null, author_role: "admin", body: null, status: "in_progress", dated: true },
      ]);
      const columns = await client.query(
        `select column_name from information_schema.columns where table_name = 'tickets'
          and column_name in ('message', 'admin_response', 'responded_by_admin_id')`,
      );
      expect(columns.rows).toEqual([]);
    } finally {
      await client.end();
    }
  });
});
