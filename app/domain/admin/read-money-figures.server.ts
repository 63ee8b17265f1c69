import { inArray, sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.server.ts";
import { likesPacks, providers, services } from "../../db/schema.ts";
import { orderProductName } from "../catalog/product-name.ts";
import { type Cents, cents } from "../pricing/cents.ts";
import { percentOf } from "../pricing/margin.ts";
import { type DayWindow, daysOf } from "./figures-period.ts";
import {
  GRAIN_COLUMNS,
  type GrainFigure,
  type GrainRow,
  grainSql,
  MONEY_STREAMS,
  type MoneyStream,
  partsGrainSql,
  type TimeRange,
} from "./money-grain-sql.server.ts";

/** The money of one UTC day, or of a whole period (product rules 13.33). */
export type MoneyFigures = {
  /** Deposits received: the completed deposit rows of the ledger. */
  depositsCents: Cents;
  /** What orders were charged (purchase rows, one-time and auto orders). */
  salesCents: Cents;
  /** What was paid back (refund rows). */
  refundsCents: Cents;
  /** What the parts sent cost at their providers, as far as it is known (product rules 13.32). */
  spendCents: Cents;
  /** Parts sent whose cost is not known: the spend leaves them out, so the profit is at most what it says. */
  unknownCostParts: number;
  /** Sales less refunds less spend. */
  profitCents: Cents;
  /** Bonuses credited (not sales: shown apart). */
  bonusesCents: Cents;
  /** Admins' adjustments, either sign (not sales: shown apart). */
  adjustmentsCents: Cents;
  /** One-time orders placed. */
  orders: number;
  /** Customers whose first paid order, or first completed deposit, this was (the conversion funnel). */
  firstOrders: number;
  firstDeposits: number;
};

export type DayMoney = { day: string } & MoneyFigures;

/** One service's or provider's figures for the period (product rules 13.34). */
export type ProfitRow = {
  id: string;
  name: string;
  /** Orders and auto orders placed (a service), or parts sent, each an order at the provider (a provider). */
  orders: number;
  salesCents: Cents;
  refundsCents: Cents;
  spendCents: Cents;
  unknownCostParts: number;
  profitCents: Cents;
  /** Profit as a percent of what customers kept paying (sales less refunds); null when that is nothing. */
  marginPercent: number | null;
};

export type MoneyReport = {
  days: DayMoney[];
  totals: MoneyFigures;
  byService: ProfitRow[];
  byProvider: ProfitRow[];
};

type Sums = Record<GrainFigure, number>;

const FIGURES = GRAIN_COLUMNS.slice(4) as GrainFigure[];

function zero(): Sums {
  return Object.fromEntries(FIGURES.map((figure) => [figure, 0])) as Sums;
}

function add(into: Sums, row: GrainRow): void {
  for (const figure of FIGURES) into[figure] += Number(row[figure]);
}

/** The part of `window` a kind of figure has not settled yet: from its mark on (all of it without a mark). */
function unsettledRanges(window: TimeRange, settledUntil: Date | undefined): TimeRange[] {
  const from = new Date(Math.max(window.start.getTime(), settledUntil?.getTime() ?? 0));
  return from < window.end ? [{ start: from, end: window.end }] : [];
}

const SNAPSHOT_READ = { isolationLevel: "repeatable read", accessMode: "read only" } as const;

/**
 * Readings at once per process: each holds two of the pool's connections, the second taken while the first is
 * held, so without a limit enough readings at once could hold the whole pool, each waiting for its second.
 */
const MAX_READINGS = 2;
let readings = 0;
const waitingReadings: (() => void)[] = [];

async function oneOfFew<T>(read: () => Promise<T>): Promise<T> {
  if (readings < MAX_READINGS) readings++;
  else await new Promise<void>((resolve) => waitingReadings.push(resolve));
  try {
    return await read();
  } finally {
    // The next reading takes this one's place, or the place is given back.
    const next = waitingReadings.shift();
    if (next) next();
    else readings--;
  }
}

/**
 * The grain rows not in money_days: the hours of `window` not settled yet, worked out from the ledger and the
 * parts themselves, and the parts waiting to end; with what `rollup` reads of money_days. All from one snapshot
 * (repeatable read), so an hour or a part settled meanwhile is counted exactly once: the waiting parts are read
 * on a second connection that takes the first one's snapshot (pg_export_snapshot), beside the rest.
 */
async function readGrain<R>(
  db: Database,
  window: TimeRange,
  rollup: (tx: Executor) => Promise<R>,
): Promise<{ live: GrainRow[]; rollup: R }> {
  return oneOfFew(() => readInOneSnapshot(db, window, rollup));
}

async function readInOneSnapshot<R>(
  db: Database,
  window: TimeRange,
  rollup: (tx: Executor) => Promise<R>,
): Promise<{ live: GrainRow[]; rollup: R }> {
  return db.transaction(async (tx) => {
    const [snapshot] = (await tx.execute<{ id: string }>(sql`select pg_export_snapshot() as id`)).rows;
    const waiting = db.transaction(async (beside) => {
      await beside.execute(sql.raw(`set transaction snapshot '${snapshot?.id.replaceAll("'", "")}'`));
      return (await beside.execute<GrainRow>(partsGrainSql({ waiting: true }))).rows;
    }, SNAPSHOT_READ);
    // Awaited below; a failure before then must not go unhandled meanwhile.
    waiting.catch(() => undefined);
    // This connection's statements run one after another.
    const marks = await tx.execute<{ stream: MoneyStream; settled_until: string }>(sql`
      select stream, settled_until from money_settled`);
    const live: GrainRow[] = [];
    for (const stream of MONEY_STREAMS) {
      const mark = marks.rows.find((row) => row.stream === stream);
      const ranges = unsettledRanges(window, mark ? new Date(mark.settled_until) : undefined);
      if (ranges.length) live.push(...(await tx.execute<GrainRow>(grainSql(stream, ranges))).rows);
    }
    const rolled = await rollup(tx);
    live.push(...(await waiting));
    return { live, rollup: rolled };
  }, SNAPSHOT_READ);
}

const GROUPED_SUMS = sql.raw(
  GRAIN_COLUMNS.slice(4)
    .map((column) => `sum(${column}) as ${column}`)
    .join(", "),
);

function moneyFigures(sums: Sums): MoneyFigures {
  return {
    depositsCents: cents(sums.deposits_cents),
    salesCents: cents(sums.sales_cents),
    refundsCents: cents(sums.refunds_cents),
    spendCents: cents(sums.spend_cents),
    unknownCostParts: sums.unknown_cost_parts,
    profitCents: cents(sums.sales_cents - sums.refunds_cents - sums.spend_cents),
    bonusesCents: cents(sums.bonuses_cents),
    adjustmentsCents: cents(sums.adjustments_cents),
    orders: sums.orders,
    firstOrders: sums.first_orders,
    firstDeposits: sums.first_deposits,
  };
}

function profitRow(
  id: string,
  name: string,
  orders: number,
  money: { sales: number; refunds: number; spend: number; unknown: number },
): ProfitRow {
  const profit = money.sales - money.refunds - money.spend;
  return {
    id,
    name,
    orders,
    salesCents: cents(money.sales),
    refundsCents: cents(money.refunds),
    spendCents: cents(money.spend),
    unknownCostParts: money.unknown,
    profitCents: cents(profit),
    marginPercent: percentOf(profit, money.sales - money.refunds),
  };
}

/** Most profit first, then by name. */
function byProfit(a: ProfitRow, b: ProfitRow): number {
  return b.profitCents - a.profitCents || a.name.localeCompare(b.name);
}

/** What services, likes packs and providers are called, by id. */
async function readNames(db: Executor, rows: readonly GrainRow[]) {
  const ids = (key: "service_id" | "likes_pack_id" | "provider_id") => [
    ...new Set(rows.flatMap((row) => (row[key] ? [row[key]] : []))),
  ];
  const [serviceIds, packIds, providerIds] = [ids("service_id"), ids("likes_pack_id"), ids("provider_id")];
  const [serviceRows, packRows, providerRows] = await Promise.all([
    serviceIds.length
      ? db
          .select({ id: services.id, name: services.name })
          .from(services)
          .where(inArray(services.id, serviceIds))
      : [],
    packIds.length
      ? db
          .select({ id: likesPacks.id, name: likesPacks.name })
          .from(likesPacks)
          .where(inArray(likesPacks.id, packIds))
      : [],
    providerIds.length
      ? db
          .select({ id: providers.id, name: providers.name })
          .from(providers)
          .where(inArray(providers.id, providerIds))
      : [],
  ]);
  return {
    service: new Map(serviceRows.map((row) => [row.id, row.name])),
    pack: new Map(packRows.map((row) => [row.id, row.name])),
    provider: new Map(providerRows.map((row) => [row.id, row.name])),
  };
}

/**
 * money_days' figures of the window's days, summed in the database per day, per service (with its likes pack) and
 * per provider: a few hundred rows for any period. A row per day has no service or provider; a row per service or
 * provider has no day (moneyReport adds each where it belongs).
 */
async function moneyDaysOf(tx: Executor, window: DayWindow): Promise<GrainRow[]> {
  const result = await tx.execute<GrainRow>(sql`
    select to_char(day, 'YYYY-MM-DD') as day, service_id, likes_pack_id, provider_id, ${GROUPED_SUMS}
    from money_days where day >= ${window.first}::date and day <= ${window.last}::date
    group by grouping sets ((day), (service_id, likes_pack_id), (provider_id))`);
  // The per-service and per-provider sets also give the rows without one (the ledger's, the deposits'): the
  // per-day set counts those already.
  return result.rows.filter((row) => row.day !== null || row.service_id !== null || row.provider_id !== null);
}

/**
 * The money figures of a period (product rules 13.33, 13.34): each day's, their totals, and each service's and
 * provider's, most profitable first. Days come from the ledger and the parts sent that day; a service's orders,
 * sales and refunds from its orders' ledger rows, its spend from its orders' parts; a provider's from the parts
 * sent to it (their share of the charge, its undelivered share, their cost).
 */
export async function readMoneyReport(db: Database, window: DayWindow): Promise<MoneyReport> {
  const { live, rollup } = await readGrain(db, window, (tx) => moneyDaysOf(tx, window));
  return moneyReport(db, window, [...rollup, ...live]);
}

/**
 * The dashboard's money: the period's report and the shop's figures since its first day (its cards), from one
 * snapshot and one reading of the hours not settled yet.
 */
export async function readDashboardMoney(
  db: Database,
  window: DayWindow,
  now: Date = new Date(),
): Promise<{ report: MoneyReport; allTime: MoneyFigures }> {
  const { live, rollup } = await readGrain(
    db,
    { start: new Date(0), end: new Date(Math.max(now.getTime(), window.end.getTime()) + 86_400_000) },
    async (tx) => {
      const sums = sql.raw(FIGURES.map((column) => `coalesce(sum(${column}), 0) as ${column}`).join(", "));
      const days = await moneyDaysOf(tx, window);
      const all = await tx.execute<GrainRow>(sql`
        select null as day, null as service_id, null as likes_pack_id, null as provider_id, ${sums}
        from money_days`);
      return { days, all: all.rows };
    },
  );
  const total = zero();
  for (const row of [...rollup.all, ...live]) add(total, row);
  const inWindow = live.filter(
    (row) => row.day !== null && row.day >= window.first && row.day <= window.last,
  );
  return {
    report: await moneyReport(db, window, [...rollup.days, ...inWindow]),
    allTime: moneyFigures(total),
  };
}

/** The report of a window from its grain rows. */
async function moneyReport(db: Executor, window: DayWindow, rows: readonly GrainRow[]): Promise<MoneyReport> {
  const perDay = new Map(daysOf(window).map((day) => [day, zero()]));
  const perService = new Map<string, { serviceId: string; packId: string | null; sums: Sums }>();
  const perProvider = new Map<string, Sums>();
  for (const row of rows) {
    // A row of a day outside the window counts nowhere; a row summed per service or provider has no day.
    if (row.day !== null) {
      const day = perDay.get(row.day);
      if (!day) continue;
      add(day, row);
    }
    if (row.service_id) {
      const key = `${row.service_id}/${row.likes_pack_id ?? ""}`;
      const entry = perService.get(key) ?? {
        serviceId: row.service_id,
        packId: row.likes_pack_id,
        sums: zero(),
      };
      add(entry.sums, row);
      perService.set(key, entry);
    }
    if (row.provider_id) {
      const sums = perProvider.get(row.provider_id) ?? zero();
      add(sums, row);
      perProvider.set(row.provider_id, sums);
    }
  }
  const names = await readNames(db, rows);
  const days = [...perDay].map(([day, sums]) => ({ day, ...moneyFigures(sums) }));
  const total = zero();
  for (const sums of perDay.values()) for (const figure of FIGURES) total[figure] += sums[figure];
  const byService = [...perService.entries()].map(([key, { serviceId, packId, sums }]) =>
    profitRow(
      key,
      orderProductName({
        serviceName: names.service.get(serviceId) ?? "Deleted service",
        packName: packId ? names.pack.get(packId) : null,
      }),
      sums.orders + sums.auto_orders,
      {
        sales: sums.sales_cents,
        refunds: sums.refunds_cents,
        spend: sums.spend_cents,
        unknown: sums.unknown_cost_parts,
      },
    ),
  );
  const byProvider = [...perProvider.entries()].map(([providerId, sums]) =>
    profitRow(providerId, names.provider.get(providerId) ?? "Deleted provider", sums.parts, {
      sales: sums.part_charge_cents,
      refunds: sums.part_refunds_cents,
      spend: sums.spend_cents,
      unknown: sums.unknown_cost_parts,
    }),
  );
  return {
    days,
    totals: moneyFigures(total),
    byService: byService.sort(byProfit),
    byProvider: byProvider.sort(byProfit),
  };
}
