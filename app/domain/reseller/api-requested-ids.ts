import { type ApiAnswer, type ApiError, apiError, apiOk } from "./api-answer.ts";
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
  if (ids.length === 0) return apiError(missing);
  if (ids.length > MAX_ORDER_IDS_PER_REQUEST) return apiError(API_TEXT.tooManyOrderIds);
  return { ids, many };
}

/** An id as the answer echoes it: a number when it is one (panels compare ids as integers), else as sent. */
export function echoedId(id: string): number | string {
  return /^\d{1,15}$/.test(id) ? Number(id) : id;
}

/** How an action answers one id (`order`, `refill`) and a list of them (`orders`, `refills`). */
export type EachIdAnswer<T> = {
  /** The answer to a single id, when the protocol gives it a shape of its own; its refusal is then the whole answer. */
  one?: (answer: T) => unknown;
  /** Each id's entry in the list's answer, its refusal in its place; "by_id": an object keyed by the id as sent. */
  entry: ((id: string, answer: T | ApiError) => unknown) | "by_id";
};

/**
 * The one "one id or many" of the protocol: answers each requested id in turn (`answerOne`: its answer, or its
 * refusal as `{ error }`), a single id in `shape.one`'s shape, a list entry by entry; without `one`, a single
 * id is answered as a list of one (cancel). Unchanged answers of the panels' protocol (docs/decisions/020).
 */
export async function answerEachId<T>(
  requested: RequestedIds,
  answerOne: (id: string) => T | ApiError | Promise<T | ApiError>,
  shape: EachIdAnswer<T>,
): Promise<ApiAnswer> {
  if (!requested.many && shape.one) {
    const answer = await answerOne(requested.ids[0] ?? "");
    return isRefused(answer) ? { body: answer } : apiOk(shape.one(answer));
  }
  const answers: [string, T | ApiError][] = [];
  for (const id of requested.ids) answers.push([id, await answerOne(id)]);
  const { entry } = shape;
  if (entry !== "by_id") return apiOk(answers.map(([id, answer]) => entry(id, answer)));
  const byId: Record<string, unknown> = {};
  for (const [id, answer] of answers) byId[id] = answer;
  return apiOk(byId);
}

function isRefused<T>(answer: T | ApiError): answer is ApiError {
  return typeof answer === "object" && answer !== null && "error" in answer;
}
