import { type AppProcess, startAppProcess } from "./app-process.ts";
import { SLOW_WAIT_TIMEOUT_MS, TEST_AUTH_SECRET } from "./constants.ts";
import { freePort } from "./free-port.ts";

/** The shop's own start-up (server/start.ts: migrate, seed, serve) from the suite's build, and where it answers. */
export type ShopProcess = AppProcess & { url: string };

/**
 * Starts the shop on `databaseUrl`, a database the caller keeps (unlike startAppServerOnOwnDatabase, which copies
 * the template afresh), so the same database can be started again after `stop()`: a restart as an operator makes
 * one. Resolves once it answers its health path. No workers, no simulated provider, no provider sync.
 */
export async function startShopProcess(databaseUrl: string): Promise<ShopProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = await startAppProcess(url, {
    label: "the shop",
    timeoutMs: SLOW_WAIT_TIMEOUT_MS,
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
  });
  return { ...started, url };
}
