import { type ApiAnswer, apiError } from "./api-answer.ts";
import { API_TEXT, MAX_ORDER_IDS_PER_REQUEST } from "./api-text.ts";

/** The ids a request names: one (`order`, `refill`) or up to 100 comma-separated (`orders`, `refills`). */
export type RequestedIds = { ids: string[]; many: boolean };

/** The ids of `one` or, when given, the comma-separated list of `many`; an error answer when there are none or too many. */
export function readRequestedIds(
  params: Record<string, string>,
  fields: { one: string; many: string },
  missing: string = API_TEXT.missingOrderIds,
): RequestedIds | ApiAnswer {
  const many = params[fields.many] !== undefined;
  const ids = ((many ? params[fields.many] : params[fields.one]) ?? "")
    .split(",")
    .map((id) => id.trim())
    .filter(Boolean);
  if (ids.length === 0) return apiError(missing, "invalid");
  if (ids.length > MAX_ORDER_IDS_PER_REQUEST) return apiError(API_TEXT.tooManyOrderIds, "invalid");
  return { ids, many };
}

/** An id as the answer echoes it: a number when it is one (panels compare ids as integers), else as sent. */
export function echoedId(id: string): number | string {
  return /^\d{1,15}$/.test(id) ? Number(id) : id;
}
