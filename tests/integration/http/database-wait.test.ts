import { spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { ensureDatabaseExists } from "../../../server/embedded-postgres.ts";
import {
  SLOW_WAIT_TIMEOUT_MS,
  SUITE_BUILD_DIR,
  TEMPLATE_DATABASE,
  TEST_AUTH_SECRET,
} from "../../support/constants.ts";
import { freePort } from "../../support/free-port.ts";
import { startAppServer } from "../../support/global-setup.ts";
import { dropDatabase } from "../../support/migration-folders.ts";

const root = path.resolve(import.meta.dirname, "../../..");
const DATABASE = "boostly_database_wait";
const stops: Array<() => Promise<void>> = [];

afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
});

/** PostgreSQL's answer while it starts: an ErrorResponse with SQLSTATE 57P03, then the connection ends. */
function startingUpAnswer(): Buffer {
  const fields = Buffer.concat(
    [
      ["S", "FATAL"],
      ["V", "FATAL"],
      ["C", "57P03"],
      ["M", "the database system is starting up"],
    ].map(([type, text]) => Buffer.from(`${type}${text}\0`, "utf8")),
  );
  const body = Buffer.concat([fields, Buffer.from([0])]);
  const header = Buffer.alloc(5);
  header.write("E", 0);
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}

/**
 * A PostgreSQL that is starting up for `startingMs` (every connection is answered 57P03, as PostgreSQL answers
 * while it replays its log), then the real one behind it.
 */
async function postgresStartingUpFor(startingMs: number, real: URL) {
  const ready = Date.now() + startingMs;
  let refused = 0;
  const server = net.createServer((client) => {
    if (Date.now() < ready) {
      client.once("data", () => {
        refused += 1;
        client.end(startingUpAnswer());
      });
      client.on("error", () => {});
      return;
    }
    const upstream = net.connect(Number(real.port || 5432), real.hostname);
    client.pipe(upstream).pipe(client);
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  stops.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { port, refused: () => refused };
}

describe("a start while PostgreSQL is not ready yet", () => {
  it("waits for a database that answers 'starting up' for 5 s, says so, then starts and serves", async () => {
    const pgServerUrl = inject("pgServerUrl");
    await dropDatabase(pgServerUrl, DATABASE);
    await ensureDatabaseExists(pgServerUrl, DATABASE, TEMPLATE_DATABASE);
    const real = new URL(pgServerUrl);
    const starting = await postgresStartingUpFor(5_000, real);
    const throughProxy = new URL(pgServerUrl);
    throughProxy.hostname = "127.0.0.1";
    throughProxy.port = String(starting.port);
    throughProxy.pathname = `/${DATABASE}`;

    const began = Date.now();
    const server = await startAppServer(await freePort(), throughProxy.toString(), SUITE_BUILD_DIR);
    stops.push(server.stop);
    expect(Date.now() - began).toBeGreaterThanOrEqual(5_000);
    expect(starting.refused()).toBeGreaterThanOrEqual(2);
    expect(server.output()).toMatch(
      new RegExp(
        `Waiting for PostgreSQL at 127\\.0\\.0\\.1:${starting.port} \\(the database system is starting up, 57P03\\); trying again in [\\d.]+ s`,
      ),
    );
    expect(server.output()).not.toMatch(/\n\s+at /);
    const home = await fetch(`${server.appUrl}/`);
    expect(home.status).toBe(200);
  }, 120_000);

  it("gives up after DATABASE_WAIT_SECONDS with one line and exit code 1 when nothing answers", async () => {
    const nothing = await freePort();
    const child = spawn(process.execPath, [path.join(root, "server/start.ts")], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        APP_ENV: "test",
        NODE_ENV: "production",
        PORT: String(await freePort()),
        HOST: "127.0.0.1",
        AUTH_SECRET: TEST_AUTH_SECRET,
        BUILD_DIR: SUITE_BUILD_DIR,
        DATABASE_URL: `postgres://postgres:postgres@127.0.0.1:${nothing}/boostly`,
        DATABASE_WAIT_SECONDS: "2",
      },
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    const code = await new Promise<number | null>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`still running:\n${output}`)), SLOW_WAIT_TIMEOUT_MS);
      child.once("exit", (exitCode) => {
        clearTimeout(timer);
        resolve(exitCode);
      });
    });
    expect(code, output).toBe(1);
    expect(output).toContain(`Waiting for PostgreSQL at 127.0.0.1:${nothing} (`);
    expect(output).toContain(`PostgreSQL at 127.0.0.1:${nothing} did not take a connection within 2 s (`);
    expect(output).not.toMatch(/\n\s+at /);
  }, 120_000);
});
