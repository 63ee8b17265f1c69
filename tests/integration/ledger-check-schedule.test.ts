/**
 * The scheduled ledger check (product rules 14.26), run by pg-boss itself as the worker schedules it: a wallet broken
 * by hand in this test database raises the alert and queues its mail; repaired, the next scheduled run ends it. The
 * check's alert rules in full: alerts.test.ts. Real PostgreSQL and a real pg-boss on this worker's database.
 */
import "../support/worker-database.ts";
import { eq, sql } from "drizzle-orm";
import { PgBoss } from "pg-boss";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { alerts, mailOutbox, users } from "../../app/db/schema.ts";
import { ALERT_QUEUES, scheduleAlerts } from "../../app/domain/order-lifecycle/alert-schedules.server.ts";
import { WAIT_TIMEOUT_MS } from "../support/constants.ts";
import { createUser } from "../support/factories.ts";
import { resetDatabase } from "../support/worker-database.ts";

let stop: (() => Promise<void>) | undefined;

beforeEach(resetDatabase);
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

/** Starts pg-boss on this worker's database with only the ledger check scheduled, every second. */
async function startSchedule() {
  const boss = new PgBoss({ connectionString: process.env.DATABASE_URL, max: 2 });
  boss.on("error", (error: Error) => console.error(`test pg-boss: ${error.message}`));
  await boss.start();
  // Forget an earlier run's jobs, whose singleton slot would hold this run's first check back.
  await db().execute(sql`delete from pgboss.job where name = ${ALERT_QUEUES.ledger}`);
  const stopOffering = await scheduleAlerts(boss, db(), {
    roundSeconds: 0,
    ledgerCheckSeconds: 1,
    providerBalanceMinutes: 0,
    digestHourUtc: 8,
  });
  stop = async () => {
    stopOffering();
    await boss.stop({ graceful: true, timeout: WAIT_TIMEOUT_MS });
  };
}

async function completedChecksSince(since: Date): Promise<number> {
  const { rows } = await db().execute<{ n: number }>(
    sql`select count(*)::int as n from pgboss.job
      where name = ${ALERT_QUEUES.ledger} and state = 'completed' and completed_on >= ${since.toISOString()}`,
  );
  return rows[0]?.n ?? 0;
}

describe("the scheduled ledger check", () => {
  it("alerts on a deliberately broken wallet, mails it once, and the next run after the repair resolves it", async () => {
    const customer = await createUser({ fundsCents: 2_500 });
    // Broken by hand, as a bad migration or a stray statement would: the balance no longer equals its ledger.
    await db().update(users).set({ balanceCents: sql`balance_cents + 700` }).where(eq(users.id, customer.id));
    await startSchedule();

    await expect
      .poll(async () => db().select().from(alerts).where(eq(alerts.kind, "ledger_mismatch")), {
        message: "the scheduled check raised the ledger alert",
      })
      .toHaveLength(1);
    const [alert] = await db().select().from(alerts).where(eq(alerts.kind, "ledger_mismatch"));
    expect(alert).toMatchObject({ endedAt: null, resolvedAt: null });
    expect(alert?.details).toContain(`${customer.email}: balance $32.00, ledger $25.00`);
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, "support@boostly.example"));
    expect(mails.map((mail) => mail.subject)).toEqual([
      "Alert: Ledger check failed: 1 wallet differs from its ledger",
    ]);

    // More scheduled runs while it is still broken: still one alert, one mail.
    const afterAlert = new Date();
    await expect
      .poll(() => completedChecksSince(afterAlert), { message: "two more scheduled checks ran" })
      .toBeGreaterThanOrEqual(2);
    expect(await db().$count(alerts, eq(alerts.kind, "ledger_mismatch"))).toBe(1);
    expect(await db().$count(mailOutbox)).toBe(1);

    await db().update(users).set({ balanceCents: sql`balance_cents - 700` }).where(eq(users.id, customer.id));
    await expect
      .poll(
        async () => (await db().select().from(alerts).where(eq(alerts.kind, "ledger_mismatch")))[0]?.endedAt,
        { message: "a clean scheduled check ended the alert" },
      )
      .not.toBeNull();
    const [ended] = await db().select().from(alerts).where(eq(alerts.kind, "ledger_mismatch"));
    expect(ended?.resolvedAt).not.toBeNull();
  });
});
