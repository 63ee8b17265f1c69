import type { Database } from "../../db/client.server.ts";
import { settleMoneyFigures } from "./settle-money-figures.server.ts";

/** How often the figures round settles the hours that became final (docs/decisions/041). */
export const FIGURES_ROUND_MS = 10 * 60_000;

/**
 * Starts the figures round beside the workers: settles at once, then every FIGURES_ROUND_MS. Several processes
 * may run it on one database: each kind of figure settles under its money_settled row's lock, so no hour is
 * added twice. A round that fails is logged; the dashboard still counts the unsettled hours from the rows
 * themselves, only slower. Returns how to stop it.
 */
export function startFiguresRound(db: Database): () => Promise<void> {
  let running: Promise<void> | null = null;
  const round = () => {
    running ??= settleMoneyFigures(db)
      .then(() => undefined)
      .catch((error: Error) => console.error(`figures round failed: ${error.stack ?? error}`))
      .finally(() => {
        running = null;
      });
  };
  round();
  const timer = setInterval(round, FIGURES_ROUND_MS);
  return async () => {
    clearInterval(timer);
    await running;
  };
}
