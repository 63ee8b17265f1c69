import "../support/worker-database.ts";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { analyticsDays, analyticsEvents, sessions, verifications } from "../../app/db/schema.ts";
import { dayWindow, utcDay } from "../../app/domain/admin/figures-period.ts";
import { readFunnelVisits } from "../../app/domain/admin/read-funnel.server.ts";
import { readRetentionConfig } from "../../app/domain/retention/retention-config.server.ts";
import { runRetentionRound } from "../../app/domain/retention/run-retention-round.server.ts";
import { TABLE_RETENTION } from "../../app/domain/retention/table-retention.ts";
import { CLIENT_IP_HEADER } from "../../app/domain/security/rate-limit.server.ts";
import { requestContext } from "../../app/lib/database-context.server.ts";
import { FREQUENT_ROUND_HISTORY_SECONDS, newJobBoss, openJobQueue } from "../../app/lib/job-queues.server.ts";
import { action as postEvent } from "../../app/routes/api.events/route.ts";
import { createUser } from "../support/factories.ts";
import { resetDatabase } from "../support/worker-database.ts";

// Retention (product rules 17.10-17.17): each table that grows with traffic has a rule the workers' round runs in
// bounded batches; every other table says why it needs none.

/** The defaults of docs/configuration.md. */
const config = readRetentionConfig({});
const DAY_MS = 86_400_000;

/** One page view as the browser's beacon posts it: a new visitor (no cookie) from its own address. */
async function visit(address: string): Promise<number> {
  const request = new Request("http://localhost/api/events", {
    method: "POST",
    headers: { "Content-Type": "application/json", [CLIENT_IP_HEADER]: address },
    body: JSON.stringify({ name: "page_view", properties: {}, path: "/" }),
  });
  const response = await postEvent({ request, context: requestContext(db()), params: {} } as never);
  return response.status;
}

/** The rate-limit rows whose window has not ended (a row from before 0049 ends an hour after it started). */
async function rateLimitRows() {
  const { rows } = await db().execute<{ key: string; live: boolean }>(sql`
    select key, coalesce(window_ends_at, window_started_at + interval '1 hour') > now() as live
    from rate_limits order by key`);
  return rows;
}

beforeEach(async () => {
  await resetDatabase();
});

describe("the retention round", () => {
  it("leaves rate_limits with only live windows after 10,000 analytics visits", async () => {
    const addresses = Array.from(
      { length: 10_000 },
      (_, index) => `10.${index >> 16}.${(index >> 8) & 255}.${index & 255}`,
    );
    for (let start = 0; start < addresses.length; start += 50) {
      const statuses = await Promise.all(addresses.slice(start, start + 50).map(visit));
      expect(statuses.every((status) => status === 204)).toBe(true);
    }
    // Each visit counted its visitor and its address's new visitors: two rows each, with a minute's window.
    const [{ count: events } = { count: 0 }] = await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(analyticsEvents);
    expect(events).toBe(10_000);
    expect(await rateLimitRows()).toHaveLength(20_000);

    // Two minutes later (the clock moved by moving every window back): every one of those minute windows ended.
    await db().execute(sql`
      update rate_limits set window_started_at = window_started_at - interval '2 minutes',
        window_ends_at = window_ends_at - interval '2 minutes'`);
    // Meanwhile three new visitors came, and two rows were left by a release before 0049 (no end noted).
    for (const address of ["192.0.2.1", "192.0.2.2", "192.0.2.3"]) expect(await visit(address)).toBe(204);
    await db().execute(sql`
      insert into rate_limits (key, window_started_at, hits) values
        ('sign-up:ip:192.0.2.9', now() - interval '10 minutes', 1),
        ('sign-up:ip:192.0.2.8', now() - interval '2 hours', 4)`);

    const report = await runRetentionRound(db(), config);
    expect(report.rateLimits).toBe(20_001);
    const left = await rateLimitRows();
    expect(left.every((row) => row.live)).toBe(true);
    expect(left.map((row) => row.key).filter((key) => key.startsWith("analytics:new-visitor"))).toEqual([
      "analytics:new-visitor:ip:192.0.2.1",
      "analytics:new-visitor:ip:192.0.2.2",
      "analytics:new-visitor:ip:192.0.2.3",
    ]);
    expect(left).toHaveLength(3 * 2 + 1);
    // The events themselves are kept raw: they are within ANALYTICS_RAW_DAYS.
    expect(report.analyticsEvents).toBe(0);
    // A second round finds nothing more to delete.
    expect((await runRetentionRound(db(), config)).rateLimits).toBe(0);
  }, 180_000);

  it("keeps analytics events raw for ANALYTICS_RAW_DAYS, then as daily figures the funnel reads the same", async () => {
    const now = new Date(Date.UTC(2026, 10, 28, 12));
    const daysAgo = (days: number, hour = 10) => new Date(Date.UTC(2026, 10, 28 - days, hour));
    const user = await createUser();
    await db()
      .insert(analyticsEvents)
      .values([
        // 100 days ago: v1 twice, v2, and v2 signing up; 95 days ago: v1 again, and a signed-in sign-up.
        { name: "page_view", visitorId: "v1", createdAt: daysAgo(100) },
        { name: "page_view", visitorId: "v1", createdAt: daysAgo(100, 23) },
        { name: "page_view", visitorId: "v2", createdAt: daysAgo(100) },
        { name: "sign_up", visitorId: "v2", createdAt: daysAgo(100) },
        { name: "page_view", visitorId: "v1", createdAt: daysAgo(95) },
        { name: "sign_up", visitorId: "v3", userId: user.id, createdAt: daysAgo(95) },
        { name: "place_order", visitorId: "v1", createdAt: daysAgo(95) },
        // Within the raw days: 10 days ago and today.
        { name: "page_view", visitorId: "v1", createdAt: daysAgo(10) },
        { name: "page_view", visitorId: "v4", createdAt: daysAgo(0) },
      ]);
    const windows = [
      dayWindow(utcDay(daysAgo(120)), utcDay(now)),
      dayWindow(utcDay(daysAgo(100)), utcDay(daysAgo(100))),
      dayWindow(utcDay(daysAgo(99)), utcDay(daysAgo(90))),
    ];
    const before = await Promise.all(windows.map((window) => readFunnelVisits(db(), window)));
    // Each visitor once a day: v1 and v2 100 days ago, v1 95 days ago, v1 10 days ago, v4 today.
    expect(before).toEqual([
      { visits: 5, signUps: 2 },
      { visits: 2, signUps: 1 },
      { visits: 1, signUps: 1 },
    ]);

    const report = await runRetentionRound(db(), config, { now });
    expect(report).toMatchObject({ analyticsDays: 2, analyticsEvents: 7 });
    const raw = await db().select({ createdAt: analyticsEvents.createdAt }).from(analyticsEvents);
    expect(raw.map((row) => utcDay(row.createdAt)).sort()).toEqual([utcDay(daysAgo(10)), utcDay(now)]);
    const figures = await db().select().from(analyticsDays).orderBy(analyticsDays.day, analyticsDays.name);
    expect(figures).toEqual([
      { day: utcDay(daysAgo(100)), name: "page_view", events: 3, visitors: 2, people: 2 },
      { day: utcDay(daysAgo(100)), name: "sign_up", events: 1, visitors: 1, people: 1 },
      { day: utcDay(daysAgo(95)), name: "page_view", events: 1, visitors: 1, people: 1 },
      { day: utcDay(daysAgo(95)), name: "place_order", events: 1, visitors: 1, people: 1 },
      { day: utcDay(daysAgo(95)), name: "sign_up", events: 1, visitors: 1, people: 1 },
    ]);
    // The admin's funnel shows the same figures for those days, read from the daily figures now.
    expect(await Promise.all(windows.map((window) => readFunnelVisits(db(), window)))).toEqual(before);
    // A second round settles nothing twice.
    expect(await runRetentionRound(db(), config, { now })).toMatchObject({
      analyticsDays: 0,
      analyticsEvents: 0,
    });
    expect(await db().select().from(analyticsDays)).toHaveLength(5);
  });

  it("deletes sessions and one-time tokens some days after they expired, not before", async () => {
    const user = await createUser();
    const expiredDaysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
    await db()
      .insert(sessions)
      .values(
        [31, 29, -30].map((days) => ({
          token: randomUUID(),
          userId: user.id,
          expiresAt: expiredDaysAgo(days),
        })),
      );
    await db()
      .insert(verifications)
      .values(
        [8, 6, -1].map((days) => ({
          identifier: `reset:${days}`,
          value: randomUUID(),
          expiresAt: expiredDaysAgo(days),
        })),
      );
    const report = await runRetentionRound(db(), config);
    expect(report).toMatchObject({ sessions: 1, verifications: 1 });
    const left = await db().select({ expiresAt: sessions.expiresAt }).from(sessions);
    expect(left.every((row) => row.expiresAt.getTime() > Date.now() - config.sessionDays * DAY_MS)).toBe(
      true,
    );
    expect(left).toHaveLength(2);
    const tokens = await db().select({ identifier: verifications.identifier }).from(verifications);
    expect(tokens.map((row) => row.identifier).sort()).toEqual(["reset:-1", "reset:6"]);
  });

  it("deletes in batches of RETENTION_BATCH_ROWS, each its own statement, up to its batches a round", async () => {
    await db().execute(sql`
      insert into rate_limits (key, window_started_at, hits, window_ends_at)
      select 'probe:' || n, now() - interval '2 minutes', 1, now() - interval '1 minute'
      from generate_series(1, 250) n`);
    const small = { ...config, batchRows: 100, maxBatches: 2 };
    expect((await runRetentionRound(db(), small)).rateLimits).toBe(200);
    expect((await runRetentionRound(db(), small)).rateLimits).toBe(50);
  });
});

describe("every table has a retention rule or a reason it needs none", () => {
  it("names every table of the database's catalogue, and only those", async () => {
    const { rows } = await db().execute<{ table_name: string }>(sql`
      select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
    const tables = rows.map((row) => row.table_name);
    expect(tables.length).toBeGreaterThan(50);
    const missing = tables.filter((table) => !(table in TABLE_RETENTION));
    expect(missing, "give each a rule or a reason in app/domain/retention/table-retention.ts").toEqual([]);
    const gone = Object.keys(TABLE_RETENTION).filter((table) => !tables.includes(table));
    expect(gone, "tables named in table-retention.ts that the schema no longer has").toEqual([]);
    for (const [table, retention] of Object.entries(TABLE_RETENTION)) {
      const said = "rule" in retention ? retention.rule : retention.keptBecause;
      expect(said.length, table).toBeGreaterThan(10);
    }
  });

  it("sets pg-boss's job history on every queue, one an earlier release created included", async () => {
    const boss = newJobBoss(process.env.DATABASE_URL as string);
    await boss.start();
    try {
      // As releases before this one created it: a week of history, the library's default.
      await boss.createQueue("retention-probe", { policy: "standard", deleteAfterSeconds: 604_800 });
      await openJobQueue(boss, "retention-probe", { expireInSeconds: 60, everySeconds: 5 });
      expect(await boss.getQueue("retention-probe")).toMatchObject({
        deleteAfterSeconds: FREQUENT_ROUND_HISTORY_SECONDS,
        retentionSeconds: FREQUENT_ROUND_HISTORY_SECONDS,
      });
      await openJobQueue(boss, "retention-hourly", { expireInSeconds: 600, everySeconds: 3600 });
      expect(await boss.getQueue("retention-hourly")).toMatchObject({
        deleteAfterSeconds: 24 * 3600,
        retentionSeconds: 24 * 3600,
      });
    } finally {
      await boss.stop({ graceful: false });
    }
  });
});
