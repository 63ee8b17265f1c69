import pg from "pg";

/** A backend that holds a lock the migration waits for, as pg_stat_activity shows it. */
export type Blocker = {
  pid: number;
  applicationName: string;
  state: string;
  /** How long its transaction has been open; null outside a transaction. */
  transactionSeconds: number | null;
  query: string;
};

export type LockWait = {
  /** The tables (or indexes) the migration waited to lock; none for a wait on transactions (an index build). */
  relations: string[];
  blockers: Blocker[];
};

export type LockWaitWatch = {
  /** What the watched backend last waited for since the last `forget()`, or undefined when it never waited. */
  last(): LockWait | undefined;
  forget(): void;
  stop(): Promise<void>;
};

const WAIT_QUERY = `
  select
    (select coalesce(array_agg(distinct l.relation::regclass::text), '{}') from pg_locks l
      where l.pid = waiting.pid and not l.granted and l.relation is not null) as relations,
    holder.pid, holder.application_name, holder.state,
    extract(epoch from now() - holder.xact_start)::float8 as transaction_seconds,
    left(regexp_replace(holder.query, '\\s+', ' ', 'g'), 100) as query
  from pg_stat_activity waiting
  cross join lateral unnest(
    case when waiting.wait_event_type = 'Lock' then pg_blocking_pids(waiting.pid) else '{}'::int[] end
  ) as blocking(pid)
  join pg_stat_activity holder on holder.pid = blocking.pid
  where waiting.pid = $1`;

/**
 * Watches one backend from a connection of its own: while it waits for a lock, who holds that lock. A lock_timeout
 * ends the wait without naming what it waited for, so the migration reads it here to say why it waits (product
 * rules 17.31). pg_blocking_pids is asked only while the backend is waiting on a lock.
 */
export async function watchLockWaits(
  connectionString: string,
  pid: number,
  everyMs: number,
): Promise<LockWaitWatch> {
  const client = new pg.Client({ connectionString, application_name: "boostly-migrate-watch" });
  // Losing this connection only loses the names in the next message (its queries fail and are skipped).
  client.on("error", () => {});
  await client.connect();
  let seen: LockWait | undefined;
  let stopped = false;
  const looking = (async () => {
    while (!stopped) {
      const found = await client.query(WAIT_QUERY, [pid]).catch(() => ({ rows: [] }));
      if (found.rows.length > 0) {
        seen = {
          relations: found.rows[0].relations,
          blockers: found.rows.map((row) => ({
            pid: row.pid,
            applicationName: row.application_name,
            state: row.state,
            transactionSeconds: row.transaction_seconds,
            query: row.query,
          })),
        };
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    last: () => seen,
    forget: () => {
      seen = undefined;
    },
    stop: async () => {
      stopped = true;
      await looking;
      await client.end();
    },
  };
}

/** "a lock on deposits, held by process 4242 (…)": what a lock wait was for, in one line. */
export function describeLockWait(wait: LockWait | undefined): string {
  if (!wait) return "a lock (its holder had let go before it could be named)";
  const what =
    wait.relations.length > 0 ? `a lock on ${wait.relations.join(", ")}` : "older transactions to end";
  return `${what}, held by ${wait.blockers.map(describeBlocker).join("; ")}`;
}

function describeBlocker(blocker: Blocker): string {
  const open =
    blocker.transactionSeconds === null
      ? "no transaction open"
      : `transaction open ${formatSeconds(blocker.transactionSeconds)}`;
  const application = blocker.applicationName ? `"${blocker.applicationName}"` : "no application name";
  return `process ${blocker.pid} (${application}, ${blocker.state ?? "state unknown"}, ${open}, query "${blocker.query ?? ""}")`;
}

/** 42 s, 3 min 5 s. */
export function formatSeconds(seconds: number): string {
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole} s`;
  return whole % 60 === 0 ? `${whole / 60} min` : `${Math.floor(whole / 60)} min ${whole % 60} s`;
}
