import { z } from "zod";
import { parseEnvironment } from "../../lib/env.server.ts";

const schema = z.object({
  ALERT_ROUND_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  LEDGER_CHECK_SECONDS: z.coerce.number().int().min(0).max(604_800).default(3_600),
  PROVIDER_BALANCE_MINUTES: z.coerce.number().int().min(0).max(10_080).default(15),
  ALERT_DIGEST_HOUR_UTC: z.coerce.number().int().min(0).max(23).default(8),
});

export type AlertsConfig = {
  /** Seconds between two alert rounds (submissions, balances, sync pauses, the digest); 0: none scheduled. */
  roundSeconds: number;
  /** Seconds between two scheduled ledger checks; 0: none scheduled (npm run ledger:check still runs one). */
  ledgerCheckSeconds: number;
  /** Minutes between two reads of every provider's balance; 0: none scheduled. */
  providerBalanceMinutes: number;
  /** The hour (UTC) from which a day's digest is sent. */
  digestHourUtc: number;
};

/** The alerts' schedules from the environment (docs/configuration.md). */
export function readAlertsConfig(source?: NodeJS.ProcessEnv): AlertsConfig {
  const raw = parseEnvironment(schema, source);
  return {
    roundSeconds: raw.ALERT_ROUND_SECONDS,
    ledgerCheckSeconds: raw.LEDGER_CHECK_SECONDS,
    providerBalanceMinutes: raw.PROVIDER_BALANCE_MINUTES,
    digestHourUtc: raw.ALERT_DIGEST_HOUR_UTC,
  };
}
