import { isRouteErrorResponse } from "react-router";

/**
 * The request-body policy every entry point shares (docs/decisions/015-request-body-policy.md): how large a body
 * each kind of route takes, which types a page action reads, and the messages of a refusal. The Express edge
 * (server/body-policy.ts) enforces size and type before anything is read; the one form reader of page actions
 * (form-body.server.ts) enforces the rest.
 */

const KIB = 1024;

/** The largest body each kind of route reads, in bytes; a larger one is refused 413 unread. */
export const BODY_LIMIT_BYTES = {
  /** A storefront page's form: its longest field (a contact message or ticket) fits percent-encoded with room. */
  form: 64 * KIB,
  /** An admin page's form: a blog post of 100,000 characters, percent-encoded (up to 9 bytes a character). */
  adminForm: 1024 * KIB,
  /** better-auth's JSON endpoints: a few small fields. */
  json: 64 * KIB,
  /** One analytics event (properties up to 2 KB, a path up to 500 characters), sent by sendBeacon in any type. */
  event: 4 * KIB,
  /** A payment provider's signed event. */
  webhook: 1024 * KIB,
} as const;

/** What a page action reads: the two encodings an HTML form sends. */
export const FORM_CONTENT_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"] as const;

/**
 * C0 control characters and DEL, except tab, line feed and carriage return (which a text area sends). PostgreSQL
 * cannot store a NUL in text, and none of the others belongs in anything a person types.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** True when the text holds a control character no field accepts. */
export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/** The refusals of the policy, one text each (plain language: a person may read them in the browser). */
export const BODY_TEXT = {
  tooLarge: (limitBytes: number) =>
    `This request is too large: it may be at most ${Math.round(limitBytes / KIB)} KB. Please shorten what you sent.`,
  unsupportedType: "This address accepts only a submitted form (URL-encoded or multipart form data).",
  unsupportedJsonType: "This address accepts only JSON or URL-encoded form data.",
  unreadable: "The submitted form could not be read. Please reload the page and try again.",
  controlCharacter:
    "The text contains control characters (such as a NUL byte) that cannot be accepted. Please remove them and try again.",
  badAddress: "This address is not valid: it contains control characters or broken percent-encoding.",
  fileNotAccepted: (field: string) => `The field "${field}" takes text, not a file.`,
  unknownField: (field: string) => `Unknown field: ${field}. Please reload the page and try again.`,
} as const;

/** The message of a refused request (a 4xx answer with a `message`), for an error boundary; null otherwise. */
export function refusalMessage(error: unknown): string | null {
  if (!isRouteErrorResponse(error) || error.status < 400 || error.status >= 500) return null;
  const message = (error.data as { message?: unknown } | null)?.message;
  return typeof message === "string" ? message : null;
}
