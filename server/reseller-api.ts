import express, { type Request, type Response, type Router } from "express";
import { db } from "../app/db/client.server.ts";
import { answerApiRequest } from "../app/domain/reseller/answer-api-request.server.ts";
import { API_TEXT } from "../app/domain/reseller/api-text.ts";

/**
 * The reseller API (POST /api/v2, the panels' standard protocol) served by Express itself rather than through
 * React Router: it is a machine endpoint with no page, and an order over it then costs one parse of a small form
 * body, one database round trip and one write of the JSON answer (docs/decisions/009-reseller-api.md).
 */
export function resellerApi(): Router {
  const router = express.Router();
  const forms = express.urlencoded({ extended: false, limit: "16kb" });
  const json = express.json({ limit: "16kb" });
  router.post("/api/v2", forms, json, async (req: Request, res: Response) => {
    try {
      const answer = await answerApiRequest(db(), await readParams(req));
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
  return router;
}

/** Form fields (urlencoded, JSON, or multipart as some panels send them) as strings. */
async function readParams(req: Request): Promise<Record<string, string>> {
  if (req.is("multipart/form-data")) {
    // Rare for this protocol: let the platform's form parser read it.
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const form = await new globalThis.Response(body, {
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
