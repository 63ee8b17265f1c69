import { spawn } from "node:child_process";
import path from "node:path";
import { SLOW_WAIT_TIMEOUT_MS, TEST_AUTH_SECRET } from "./constants.ts";
import { freePort } from "./free-port.ts";

const root = path.resolve(import.meta.dirname, "../..");

/** A shop started as an operator starts it, `server/start.ts` (migrate, seed, serve), from the suite's build. */
export type ShopProcess = { url: string; output(): string; stop(): Promise<void> };

/**
 * Starts the shop's own start-up on `databaseUrl`, a database the caller keeps, so the same database can be
 * started again after `stop()` (a restart). Resolves once /healthz answers; fails with the server's output if it
 * exits or does not answer within SLOW_WAIT_TIMEOUT_MS. No workers, no simulated provider, no provider sync.
 */
export async function startShopProcess(databaseUrl: string): Promise<ShopProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = "";
  const child = spawn(process.execPath, [path.join(root, "server/start.ts")], {
    cwd: root,
    env: {
      ...process.env,
      APP_ENV: "test",
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: url,
      DATABASE_URL: databaseUrl,
      BUILD_DIR: process.env.TEST_BUILD_DIR ?? "build-test",
      AUTH_SECRET: TEST_AUTH_SECRET,
      WORKER: "off",
      SIMULATED_PROVIDER: "off",
      PROVIDER_SYNC_MINUTES: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => {
    log += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    log += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  const deadline = Date.now() + SLOW_WAIT_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The shop exited while starting:\n${log}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, output: () => log, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The shop did not answer /healthz within ${SLOW_WAIT_TIMEOUT_MS} ms:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
