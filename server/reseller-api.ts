import express, { type NextFunction, type Request, type Response, type Router } from "express";
import { db } from "../app/db/client.server.ts";
import { answerApiRequest } from "../app/domain/reseller/answer-api-request.server.ts";
import { API_TEXT } from "../app/domain/reseller/api-text.ts";

/** The largest request body the API reads: its requests are a handful of short fields. */
const BODY_LIMIT_BYTES = 16 * 1024;

/**
 * The reseller API (POST /api/v2, the panels' standard protocol) served by Express itself rather than through
 * React Router: it is a machine endpoint with no page, and an order over it then costs one parse of a small form
 * body, one database round trip and one write of the JSON answer
 * (docs/decisions/009-reseller-api-and-order-guard.md).
 */
export function resellerApi(): Router {
  const router = express.Router();
  const forms = express.urlencoded({ extended: false, limit: BODY_LIMIT_BYTES });
  const json = express.json({ limit: BODY_LIMIT_BYTES });
  router.post("/api/v2", forms, json, async (req: Request, res: Response) => {
    try {
      const params = await readParams(req);
      if (!params) {
        res.status(413).json({ error: API_TEXT.bodyTooLarge });
        return;
      }
      // DECISIONS.md section 1: the API takes its idempotency key from the `Idempotency-Key` header too.
      const header = req.get("Idempotency-Key");
      if (header && !params.idempotency_key) params.idempotency_key = header;
      const answer = await answerApiRequest(db(), params);
      if (answer.headers) res.set(answer.headers);
      res.status(answer.status).json(answer.body);
    } catch (error) {
      console.error(`reseller API request failed: ${(error as Error).message}`);
      res.status(500).json({ error: API_TEXT.serverError });
    }
  });
  router.all("/api/v2", (_req, res) => {
    res.status(405).set("Allow", "POST").json({ error: API_TEXT.wrongMethod });
  });
  // A body the parsers refused (malformed JSON, too large) still gets the protocol's JSON error shape.
  router.use(
    "/api/v2",
    (error: Error & { status?: number }, _req: Request, res: Response, _next: NextFunction) => {
      const status = error.status === 413 ? 413 : 400;
      res.status(status).json({ error: status === 413 ? API_TEXT.bodyTooLarge : API_TEXT.unreadableBody });
    },
  );
  return router;
}

/** Form fields (urlencoded, JSON, or multipart as some panels send them) as strings; null when too large. */
async function readParams(req: Request): Promise<Record<string, string> | null> {
  if (req.is("multipart/form-data")) {
    if (Number(req.get("content-length") ?? 0) > BODY_LIMIT_BYTES) return null;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > BODY_LIMIT_BYTES) return null;
      chunks.push(chunk as Buffer);
    }
    // Rare for this protocol: let the platform's form parser read the (small) body.
    const form = await new globalThis.Response(Buffer.concat(chunks), {
      headers: { "Content-Type": req.get("content-type") ?? "" },
    })
      .formData()
      .catch(() => null);
    const params: Record<string, string> = {};
    for (const [name, value] of form?.entries() ?? []) if (typeof value === "string") params[name] = value;
    return params;
  }
  const body: unknown = req.body;
  if (!body || typeof body !== "object") return {};
  return Object.fromEntries(
    Object.entries(body as Record<string, unknown>).map(([name, value]) => [
      name,
      typeof value === "string" ? value : String(value ?? ""),
    ]),
  );
}
