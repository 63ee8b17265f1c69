import { db } from "../db/client.server.ts";
import { answerApiRequest } from "../domain/reseller/answer-api-request.server.ts";
import { API_TEXT } from "../domain/reseller/api-text.ts";
import type { Route } from "./+types/api.v2";

/** The reseller API: POST /api/v2 with form fields key and action (the panels' standard protocol). */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return Response.json({ error: API_TEXT.wrongMethod }, { status: 405 });
  const answer = await answerApiRequest(db(), await readParams(request));
  return Response.json(answer.body, { status: answer.status, headers: answer.headers });
}

export function loader() {
  return Response.json({ error: API_TEXT.wrongMethod }, { status: 405, headers: { Allow: "POST" } });
}

/** Form fields (urlencoded or multipart, as panels send them) or a JSON object; values as strings. */
async function readParams(request: Request): Promise<Record<string, string>> {
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/json")) {
    const body: unknown = await request.json().catch(() => null);
    if (!body || typeof body !== "object") return {};
    return Object.fromEntries(Object.entries(body).map(([name, value]) => [name, String(value ?? "")]));
  }
  const params: Record<string, string> = {};
  const form = await request.formData().catch(() => null);
  for (const [name, value] of form?.entries() ?? []) if (typeof value === "string") params[name] = value;
  return params;
}
