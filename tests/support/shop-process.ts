import type { AppProcess } from "./app-process.ts";
import { SUITE_BUILD_DIR } from "./constants.ts";
import { freePort } from "./free-port.ts";
import { startAppServer } from "./global-setup.ts";

/** The shop's own start-up (server/start.ts: migrate, seed, serve) from the suite's build, and where it answers. */
export type ShopProcess = AppProcess & { url: string };

/**
 * Starts the shop on `databaseUrl`, a database the caller keeps (unlike startAppServerOnOwnDatabase, which copies
 * the template afresh), so the same database can be started again after `stop()`: a restart as an operator makes
 * one. Resolves once it answers its health path. No workers, no simulated provider, no provider sync.
 */
export async function startShopProcess(databaseUrl: string): Promise<ShopProcess> {
  const server = await startAppServer(await freePort(), databaseUrl, SUITE_BUILD_DIR);
  return { ...server, url: server.appUrl };
}
