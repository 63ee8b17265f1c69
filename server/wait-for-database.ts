import pg from "pg";

/**
 * What a database server answers while it cannot take a connection yet, or no longer: starting up, shutting down,
 * restarting after a crash (57P01-57P03), full (53300), or not listening or not resolvable yet (a container still
 * starting). Anything else (a wrong password, a database that does not exist) is not waited out.
 */
const NOT_YET = new Set([
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
]);
const FIRST_PAUSE_MS = 500;
const LONGEST_PAUSE_MS = 5_000;

/** The start gave up waiting: its message is the one line the operator reads. */
export class DatabaseUnreachable extends Error {}

function reasonOf(error: unknown): { code: string; text: string } {
  const { code = "", message = String(error) } = error as { code?: string; message?: string };
  return { code, text: code && !message.includes(code) ? `${message}, ${code}` : message };
}

/**
 * Resolves once the server at `url` answers a query; until then asks again with a growing pause, saying each time
 * what it waits for, for at most `maxWaitSeconds`. Rejects at once on an error waiting would not cure.
 */
export async function waitForDatabase(
  url: string,
  maxWaitSeconds: number,
  log: (line: string) => void = console.log,
): Promise<void> {
  const address = new URL(url);
  const where = `${address.hostname}:${address.port || "5432"}`;
  const started = Date.now();
  let pause = FIRST_PAUSE_MS;
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: LONGEST_PAUSE_MS });
    client.on("error", () => {});
    try {
      await client.connect();
      await client.query("select 1");
      return;
    } catch (error) {
      const reason = reasonOf(error);
      if (!NOT_YET.has(reason.code) && !/Connection terminated/i.test(reason.text)) throw error;
      const waited = Date.now() - started;
      if (waited + pause > maxWaitSeconds * 1000) {
        throw new DatabaseUnreachable(
          `PostgreSQL at ${where} did not take a connection within ${maxWaitSeconds} s (${reason.text}): is it running, and is DATABASE_URL right? (DATABASE_WAIT_SECONDS sets the wait)`,
        );
      }
      log(`Waiting for PostgreSQL at ${where} (${reason.text}); trying again in ${pause / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
    } finally {
      await client.end().catch(() => {});
    }
  }
}
