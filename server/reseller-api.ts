import express, { type Request, type Response, type Router } from "express";
import { db } from "../app/db/client.server.ts";
import { answerApiRequest } from "../app/domain/reseller/answer-api-request.server.ts";
import { API_BODY_LIMIT_BYTES, API_TEXT } from "../app/domain/reseller/api-text.ts";
import type { Env } from "../app/lib/env.server.ts";
import { answerBeforeTheBody, readBodyUpTo } from "./read-body.ts";

type Params = Record<string, string>;
/** A body the API cannot take: answered with its own status, the one exception to HTTP 200 (docs/decisions/020). */
type BodyError = { status: 400 | 413; error: string };
type ReadBody = { params: Params } | BodyError;

/**
 * The reseller API (/api/v2, the panels' protocol) served by Express itself, ahead of everything the pages need
 * (compression, CSP nonces, static files) and of React Router: it is a machine endpoint with no page, and an order
 * over it then costs one read of a small form body, one database round trip and one write of the JSON answer
 * (docs/decisions/009-reseller-api-and-order-guard.md). GET and POST alike; every answer is HTTP 200 JSON, a
 * refusal too, except a body that is too large (413) or unreadable (400) (docs/decisions/020-api-v2-conventions.md).
 */
export function resellerApi(env: Pick<Env, "isProduction">): Router {
  const router = express.Router();
  router.all("/api/v2", async (req: Request, res: Response) => {
    // A JSON answer is never a page: nothing in it may run, be framed or be cached.
    res.setHeader("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Cache-Control", "no-store");
    if (env.isProduction) res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    if (req.method !== "POST" && req.method !== "GET") {
      res.status(405).set("Allow", "GET, POST").json({ error: API_TEXT.wrongMethod });
      return;
    }
    try {
      const read = req.method === "POST" ? await readParams(req) : { params: {} };
      if ("status" in read) {
        // A body over the limit is not read to its end (the page routes' rule, server/body-policy.ts).
        answerBeforeTheBody(res);
        res.status(read.status).json({ error: read.error });
        return;
      }
      // The query string counts too (GET, and a POST that carries some fields there); the body wins a clash.
      const params: Params = { ...queryParams(req), ...read.params };
      // Product rules 1.4: the API takes its idempotency key from the `Idempotency-Key` header too.
      const header = req.get("Idempotency-Key");
      if (header && !params.idempotency_key && params.action?.trim() === "add")
        params.idempotency_key = header;
      const answer = await answerApiRequest(db(), params);
      if (answer.headers) res.set(answer.headers);
      res.status(200).json(answer.body);
    } catch (error) {
      console.error(`reseller API request failed: ${(error as Error).message}`);
      if (!res.headersSent) res.status(200).json({ error: API_TEXT.serverError });
    }
  });
  return router;
}

/** The query string's fields as strings (the last of a repeated name). */
function queryParams(req: Request): Params {
  const query = req.originalUrl.indexOf("?");
  return query < 0 ? {} : Object.fromEntries(new URLSearchParams(req.originalUrl.slice(query + 1)));
}

/**
 * The request's fields as strings, from a form (urlencoded, or multipart as some panels send it) or a JSON object;
 * a body over the limit or one that cannot be read answers the protocol's error instead.
 */
async function readParams(req: Request): Promise<ReadBody> {
  const tooLarge: BodyError = { status: 413, error: API_TEXT.bodyTooLarge };
  const unreadable: BodyError = { status: 400, error: API_TEXT.unreadableBody };
  const read = (params: Params): ReadBody => ({ params });
  if (Number(req.get("content-length") ?? 0) > API_BODY_LIMIT_BYTES) return tooLarge;
  const body = await readBodyUpTo(req, API_BODY_LIMIT_BYTES);
  if (!body) return tooLarge;
  const type = (req.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  const text = body.toString("utf8");
  if (type === "application/x-www-form-urlencoded") return read(formFields(text));
  if (type === "application/json") return jsonFields(text) ?? unreadable;
  if (type === "text/plain" || type === "") {
    // What `fetch` sends for a string body, or a client that names no type: a form, or a JSON object.
    return text.trimStart().startsWith("{") ? (jsonFields(text) ?? unreadable) : read(formFields(text));
  }
  if (type === "multipart/form-data") {
    // Rare for this protocol: let the platform's form parser read the (small) body.
    const form = await new globalThis.Response(new Uint8Array(body), {
      headers: { "Content-Type": req.get("content-type") ?? "" },
    })
      .formData()
      .catch(() => null);
    if (!form) return unreadable;
    const params: Params = {};
    for (const [name, value] of form.entries()) if (typeof value === "string") params[name] = value;
    return read(params);
  }
  return read({});
}

function formFields(text: string): Params {
  return Object.fromEntries(new URLSearchParams(text));
}

/** A JSON object's fields as strings; null when the text is not one. */
function jsonFields(text: string): ReadBody | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return null;
  return {
    params: Object.fromEntries(
      Object.entries(parsed).map(([name, value]) => [
        name,
        typeof value === "string" ? value : String(value ?? ""),
      ]),
    ),
  };
}
