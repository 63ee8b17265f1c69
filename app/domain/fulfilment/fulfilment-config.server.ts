import { z } from "zod";
import { parseEnvironment } from "../../lib/env.server.ts";
import { DEFAULT_CONCURRENCY_PER_PROVIDER } from "./submit-fulfilments.server.ts";

const seconds = (fallback: number) => z.coerce.number().positive().max(86_400).default(fallback);

const schema = z.object({
  APP_ENV: z.enum(["development", "production", "test"]).default("development"),
  WORKER: z.enum(["inline", "off"]).default("inline"),
  SIMULATED_PROVIDER: z.enum(["on", "off"]).optional(),
  FULFILMENT_TICK_SECONDS: seconds(5),
  FULFILMENT_POLL_SECONDS: seconds(30),
  FULFILMENT_LEASE_SECONDS: seconds(120),
  FULFILMENT_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(DEFAULT_CONCURRENCY_PER_PROVIDER),
  FULFILMENT_FAULT: z.enum(["crash-after-add"]).optional(),
  // 0: no scheduled sync (npm run providers:sync and the page's "Sync now" still run one).
  PROVIDER_SYNC_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
  EXCHANGE_RATES_URL: z.url().optional().or(z.literal("")),
});

export type FulfilmentConfig = {
  /** `inline`: `npm start` runs the worker in its own process; `off`: another process (`npm run worker`) does. */
  worker: "inline" | "off";
  /** Creates the simulated provider and maps unmapped services to it, once (development by default). */
  simulatedProvider: boolean;
  tickSeconds: number;
  pollSeconds: number;
  /** How long a claimed submission or poll is left to its worker before it counts as interrupted. */
  leaseSeconds: number;
  /** Requests in flight to one provider from this worker process. */
  concurrencyPerProvider: number;
  /** Test-only fault injection: exit right after a successful upstream `add` (never outside APP_ENV=test). */
  crashAfterAdd: boolean;
  /** Minutes between two sync rounds of every provider; 0: none scheduled (docs/decisions/040). */
  providerSyncMinutes: number;
  /** Where a sync round first reads exchange rates (a JSON object of dollars per unit); unset: none. */
  exchangeRatesUrl: string | undefined;
};

/** The fulfilment worker's settings from the environment (docs/configuration.md). */
export function readFulfilmentConfig(source?: NodeJS.ProcessEnv): FulfilmentConfig {
  const raw = parseEnvironment(schema, source);
  return {
    worker: raw.WORKER,
    simulatedProvider: (raw.SIMULATED_PROVIDER ?? (raw.APP_ENV === "development" ? "on" : "off")) === "on",
    tickSeconds: raw.FULFILMENT_TICK_SECONDS,
    pollSeconds: raw.FULFILMENT_POLL_SECONDS,
    leaseSeconds: raw.FULFILMENT_LEASE_SECONDS,
    concurrencyPerProvider: raw.FULFILMENT_CONCURRENCY,
    crashAfterAdd: raw.APP_ENV === "test" && raw.FULFILMENT_FAULT === "crash-after-add",
    providerSyncMinutes: raw.PROVIDER_SYNC_MINUTES,
    exchangeRatesUrl: raw.EXCHANGE_RATES_URL || undefined,
  };
}
