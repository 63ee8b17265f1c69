import { getCurrentUser } from "../../domain/accounts/session.server.ts";
import { analyticsEventInput } from "../../domain/analytics/event-input.ts";
import { ADMIN_AREA_REFUSAL, recordAnalyticsEvent } from "../../domain/analytics/record-event.server.ts";
import { readOrMintVisitorId } from "../../domain/analytics/visitor-cookie.server.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import { clientIp } from "../../domain/security/rate-limit.server.ts";
import { isAdminPath } from "../../lib/analytics-events.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import type { Route } from "./+types/route";

/** First-party analytics (docs/decisions/006): the browser's `track` posts here with sendBeacon or fetch. */
export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return loader();
  // The edge has already refused a larger body (413, BODY_LIMIT_BYTES.event) unread: this one is small.
  const body = await request.text();
  const parsed = analyticsEventInput.safeParse(parseJson(body));
  if (!parsed.success) return problem(400, parsed.error.issues[0]?.message ?? "Invalid event.");
  if (isAdminPath(parsed.data.path) || isAdminPath(refererPath(request)))
    return problem(403, ADMIN_AREA_REFUSAL);

  const { visitorId, setCookie } = readOrMintVisitorId(request);
  const user = await getCurrentUser(request);
  const result = await recordAnalyticsEvent(shopDatabase(context), parsed.data, {
    userId: user?.id ?? null,
    visitorId,
    newVisitor: setCookie !== null,
    clientIp: clientIp(request),
  });
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (setCookie) headers.append("Set-Cookie", setCookie);
  if (result.ok) return new Response(null, { status: 204, headers });
  // The status names the refusal (403, or 429 with Retry-After, and then no body): a beacon reads nothing else.
  const answer = refusalAnswer(result, { headers, status: "kind" });
  if (result.kind === "rate_limited") return new Response(null, answer.init);
  return problem(answer.status, answer.message);
}

function problem(status: number, error: string) {
  return Response.json({ error }, { status, headers: { "Cache-Control": "no-store" } });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function refererPath(request: Request): string {
  try {
    return new URL(request.headers.get("Referer") ?? "").pathname;
  } catch {
    return "";
  }
}
