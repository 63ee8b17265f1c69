import { rateLimitedInit } from "../lib/rate-limited-answer.ts";
import { noticeOf, type Refusal, refusalHttpStatus } from "./refusal.ts";

/** What a page shows for a refusal, and the status and headers of its answer. */
export type RefusalAnswer = {
  status: number;
  message: string;
  title?: string;
  field?: string;
  /** The toast: the refusal's title ("" when it has none) and message. */
  notice: { title: string; message: string };
  /** The message beside each field at fault, for a form refused field by field (else none). */
  fieldErrors: Record<string, string>;
  /**
   * The body of a form that shows the toast and, for a form refused field by field, the message beside each
   * field (the admin forms: useAnswerToast).
   */
  body: {
    ok: Refusal["ok"];
    notice: { title: string; message: string };
    fieldErrors?: Record<string, string>;
  };
  init: ResponseInit;
};

export type RefusalAnswerOptions = {
  /** The answer's own headers (cookies, caching). */
  headers?: HeadersInit;
  /**
   * "page" (the default): a form shows the message, so an ordinary refusal answers 200 and the browser logs no
   * failed request. "kind": for an edge whose client reads the status rather than a form (the free trial form,
   * the analytics endpoint), the kind's own status (refusalHttpStatus).
   */
  status?: "page" | "kind";
};

/**
 * The one mapping from a refusal to a page's answer (a form's action or a page's loader, docs/decisions/033). A
 * limit answers 429 with Retry-After (rateLimitedInit) either way; with the page's statuses a fault on our side
 * answers 500, a part of the shop that is off 503 and any other refusal 200. (The reseller API answers HTTP 200
 * instead, as its protocol does: apiRefusalAnswer, docs/decisions/020.)
 */
export function refusalAnswer(refusal: Refusal, options: RefusalAnswerOptions = {}): RefusalAnswer {
  const init = answerInit(refusal, options);
  const { message, title, field } = refusal;
  const notice = noticeOf(refusal);
  const fieldErrors = refusal.fieldErrors ?? {};
  return {
    status: init.status ?? 200,
    message,
    title,
    field,
    notice,
    fieldErrors,
    body: { ok: refusal.ok, notice, ...(refusal.fieldErrors ? { fieldErrors } : {}) },
    init,
  };
}

function answerInit(refusal: Refusal, { headers, status = "page" }: RefusalAnswerOptions): ResponseInit {
  if (refusal.kind === "rate_limited") return rateLimitedInit(refusal.retryAfterSeconds ?? 1, headers);
  if (status === "kind") return { status: refusalHttpStatus(refusal.kind), headers };
  switch (refusal.kind) {
    case "failed":
      return { status: 500, headers };
    case "unavailable":
      return { status: 503, headers };
    default:
      return { status: 200, headers };
  }
}
