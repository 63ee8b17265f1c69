import type { NextFunction, Request, Response } from "express";
import {
  BODY_LIMIT_BYTES,
  BODY_TEXT,
  FORM_CONTENT_TYPES,
  hasControlCharacter,
} from "../app/lib/request-body.ts";
import { answerBeforeTheBody, readBodyUpTo } from "./read-body.ts";

/** What one kind of route reads: its largest body and the media types it takes (null: any, read raw). */
type BodyRule = { limitBytes: number; types: readonly string[] | null; typeMessage: string };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const JSON_TYPES = ["application/json", "application/x-www-form-urlencoded"] as const;

/** The rule of a path: signed webhooks and analytics beacons raw, better-auth JSON, every page action a form. */
export function bodyRuleFor(path: string): BodyRule {
  if (path.startsWith("/api/webhooks/"))
    return { limitBytes: BODY_LIMIT_BYTES.webhook, types: null, typeMessage: "" };
  if (path === "/api/events") return { limitBytes: BODY_LIMIT_BYTES.event, types: null, typeMessage: "" };
  if (path.startsWith("/api/auth/"))
    return {
      limitBytes: BODY_LIMIT_BYTES.json,
      types: JSON_TYPES,
      typeMessage: BODY_TEXT.unsupportedJsonType,
    };
  const limitBytes = /^\/admin(\/|\.data$|$)/.test(path) ? BODY_LIMIT_BYTES.adminForm : BODY_LIMIT_BYTES.form;
  return { limitBytes, types: FORM_CONTENT_TYPES, typeMessage: BODY_TEXT.unsupportedType };
}

/** The request's body, read by the edge, for the page handler (server/page-handler.ts). */
export function bufferedBody(res: Response): Buffer | undefined {
  return res.locals.body as Buffer | undefined;
}

/**
 * The edge of every page request (docs/decisions/015-request-body-policy.md): an address with control characters
 * or broken percent-encoding is refused 400; a state-changing request's body is refused 413 when it is larger than
 * its route takes (declared, or counted while it streams) and 415 when it is not a type its route reads, and
 * otherwise read whole (it is small) and handed on. Nothing past this point reads a socket.
 */
export function bodyPolicy() {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!isCleanAddress(req.originalUrl)) return refuseBody(res, 400, BODY_TEXT.badAddress, "drain");
    if (SAFE_METHODS.has(req.method)) return next();
    const rule = bodyRuleFor(req.path);
    const declared = req.get("content-length");
    if (declared !== undefined && Number(declared) > rule.limitBytes)
      return refuseBody(res, 413, BODY_TEXT.tooLarge(rule.limitBytes), "stop");
    const hasBody = req.get("transfer-encoding") !== undefined || Number(declared ?? 0) > 0;
    const type = mediaType(req.get("content-type"));
    // A declared body is within the limit here: drained as usual. A chunked one may be any size: never read.
    if (hasBody && rule.types && !rule.types.includes(type))
      return refuseBody(res, 415, rule.typeMessage, declared === undefined ? "stop" : "drain");
    try {
      const body = hasBody ? await readBodyUpTo(req, rule.limitBytes) : Buffer.alloc(0);
      if (!body) return refuseBody(res, 413, BODY_TEXT.tooLarge(rule.limitBytes), "stop");
      res.locals.body = body;
      next();
    } catch {
      // The client went away mid-body: nobody is left to answer.
      if (!res.headersSent) res.destroy();
    }
  };
}

/** The media type of a Content-Type header, lower-cased, without parameters ("" when absent). */
function mediaType(header: string | undefined): string {
  return (header ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

/** The path and query, decoded, hold no control character, and their percent-encoding is whole. */
function isCleanAddress(url: string): boolean {
  const [path = "", query = ""] = url.split("?", 2);
  try {
    if (hasControlCharacter(decodeURIComponent(path))) return false;
    return !hasControlCharacter(decodeURIComponent(query.replace(/\+/g, " ")));
  } catch {
    return false;
  }
}

/**
 * Answers a refusal in plain text. A body known to be small ("drain") is read and dropped as Node does for any
 * unread body, so the connection serves the client's next request. A body over the limit, or of unknown size
 * ("stop"), is not read any further (answerBeforeTheBody).
 */
function refuseBody(res: Response, status: 400 | 413 | 415, message: string, body: "drain" | "stop") {
  if (body === "stop") answerBeforeTheBody(res);
  res.status(status).set("Cache-Control", "no-store").type("text/plain").send(message);
}
