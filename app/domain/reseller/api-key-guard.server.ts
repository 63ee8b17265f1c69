import { sql } from "drizzle-orm";
import { notSuspendedSql } from "../accounts/suspend-account.server.ts";
import type { OrderAuthorisation } from "../orders/order-guard.server.ts";
import type { Refusal } from "../refusal.ts";
import { apiKeyRateLimited, apiRequestLimit, countApiRequestSql, invalidApiKey } from "./api-keys.server.ts";
import { API_RATE_LIMIT } from "./api-text.ts";

/**
 * The key's part of an API order's statement. When the request was not counted yet (a key this server has seen
 * before skips the separate check), the statement counts it on the key's row and charges only if the key is
 * active and within its window: key check, rate limit and order in one round trip. Otherwise it only requires
 * the key to be active still. Either way the statement answers why the key refused (`refusal`), decided on the
 * very row and clock it counted with: a refused request is never blamed on the order, even when the window ends
 * a moment later (docs/decisions/014).
 */
export function apiKeyAuthorisation(caller: { keyHash: string; counted: boolean }): OrderAuthorisation {
  const limit = apiRequestLimit();
  const invalid = sql`jsonb_build_object('reason', 'invalid_key')`;
  const active = sql`exists (select 1 from api_keys where key_hash = ${caller.keyHash} and revoked_at is null
    and ${notSuspendedSql(sql`api_keys.user_id`)})`;
  if (caller.counted) return { condition: active, refusal: sql`case when not ${active} then ${invalid} end` };
  const retryAfter = sql`greatest(1, ceil(extract(epoch from key_hit.window_started_at
    + make_interval(secs => ${API_RATE_LIMIT.windowSeconds}) - now())))::int`;
  return {
    ctes: sql`key_hit as (${countApiRequestSql(caller.keyHash)})`,
    condition: sql`exists (select 1 from key_hit where key_hit.window_hits <= ${limit})`,
    refusal: sql`case when not exists (select 1 from key_hit) then ${invalid}
      else (select case when key_hit.window_hits > ${limit}
        then jsonb_build_object('reason', 'rate_limited', 'retryAfterSeconds', ${retryAfter}) end from key_hit) end`,
  };
}

/** The key's refusal as the order statement answered it (see apiKeyAuthorisation), or null. */
export function apiKeyRefusalOf(verdict: unknown): Refusal | null {
  if (typeof verdict !== "object" || verdict === null) return null;
  const { reason, retryAfterSeconds } = verdict as { reason?: unknown; retryAfterSeconds?: unknown };
  if (reason === "invalid_key") return invalidApiKey();
  if (reason === "rate_limited") return apiKeyRateLimited(Number(retryAfterSeconds) || 1);
  return null;
}
