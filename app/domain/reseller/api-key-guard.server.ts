import { sql } from "drizzle-orm";
import type { OrderAuthorisation } from "../orders/order-guard.server.ts";
import { apiRequestLimit, countApiRequestSql } from "./api-keys.server.ts";
import { API_RATE_LIMIT } from "./api-text.ts";

/**
 * The key's part of an API order's statement. When the request was not counted yet (a key this server has seen
 * before skips the separate check), the statement counts it on the key's row and charges only if the key is
 * active and within its window: key check, rate limit and order in one round trip. Otherwise it only requires
 * the key to be active still.
 */
export function apiKeyAuthorisation(caller: { keyHash: string; counted: boolean }): OrderAuthorisation {
  const limit = apiRequestLimit();
  const active = sql`exists (select 1 from api_keys where key_hash = ${caller.keyHash} and revoked_at is null)`;
  if (caller.counted) return { condition: active, recheck: active };
  return {
    ctes: sql`key_hit as (${countApiRequestSql(caller.keyHash)})`,
    condition: sql`exists (select 1 from key_hit where key_hit.window_hits <= ${limit})`,
    recheck: sql`exists (select 1 from api_keys where key_hash = ${caller.keyHash} and revoked_at is null
      and (window_started_at <= now() - make_interval(secs => ${API_RATE_LIMIT.windowSeconds}) or window_hits <= ${limit}))`,
  };
}
