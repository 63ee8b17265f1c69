import { rateLimitedInit } from "../lib/rate-limited-answer.ts";
import { type Refusal, refusalHttpStatus } from "./refusal.ts";

/** What a page shows for a refusal, and the status and headers of its answer. */
export type RefusalAnswer = {
  status: number;
  message: string;
  title?: string;
  field?: string;
  init: ResponseInit;
};

/**
 * The one mapping from a refusal to a page's answer (a form's action or a page's loader). The page shows the
 * message, so an ordinary refusal (invalid input, wrong password, unconfirmed, access denied, not found) answers
 * 200 and the browser logs no failed request; a limit answers 429 with Retry-After (rateLimitedInit), a fault on
 * our side 500 and a part of the shop that is off 503. `headers` are the answer's own (cookies).
 */
export function refusalAnswer(refusal: Refusal, headers?: HeadersInit): RefusalAnswer {
  const init = pageInit(refusal, headers);
  const { message, title, field } = refusal;
  return { status: init.status ?? 200, message, title, field, init };
}

/**
 * The answer of an edge whose status names the refusal (the free trial form, the analytics endpoint), for
 * clients that read the status rather than a form: the kind's HTTP status (refusalHttpStatus), a limit with its
 * Retry-After. (The reseller API answers HTTP 200 instead, as its protocol does: docs/decisions/020.)
 */
export function refusalStatusAnswer(refusal: Refusal, headers?: HeadersInit): RefusalAnswer {
  const init =
    refusal.kind === "rate_limited"
      ? rateLimitedInit(refusal.retryAfterSeconds ?? 1, headers)
      : { status: refusalHttpStatus(refusal.kind), headers };
  const { message, title, field } = refusal;
  return { status: init.status, message, title, field, init };
}

/** What an admin form shows for a refusal: its toast (`notice`) and the message beside each field at fault. */
export type AdminRefusalBody = {
  ok: false;
  notice: { title: string; message: string };
  fieldErrors: Record<string, string>;
};

/**
 * An admin form's refusal as its answer (the admin pages' toasts and field highlights): the body the page shows,
 * with refusalAnswer's status and headers.
 */
export function adminRefusalAnswer(refusal: Refusal & { fieldErrors?: Record<string, string> }): {
  ok: false;
  body: AdminRefusalBody;
  init: ResponseInit;
} {
  const answer = refusalAnswer(refusal);
  const notice = { title: answer.title ?? "", message: answer.message };
  return {
    ok: false,
    body: { ok: false, notice, fieldErrors: refusal.fieldErrors ?? {} },
    init: answer.init,
  };
}

function pageInit(refusal: Refusal, headers?: HeadersInit): ResponseInit {
  switch (refusal.kind) {
    case "rate_limited":
      return rateLimitedInit(refusal.retryAfterSeconds ?? 1, headers);
    case "failed":
      return { status: 500, headers };
    case "unavailable":
      return { status: 503, headers };
    default:
      return { status: 200, headers };
  }
}
