import { requireAdmin } from "../../domain/accounts/session.server.ts";
import { EXPORT_TEXT, exportRequest, openExport } from "../../domain/admin/open-export.server.ts";
import { issuesByField, refuse } from "../../domain/refusal.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import { csvResponse } from "../../lib/csv.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import type { Route } from "./+types/route";

/**
 * /admin/export/orders.csv, transactions.csv and figures.csv (product rules 13.36), and services.csv, users.csv and
 * audit.csv, each with its list's filters (14.36): a CSV download for an admin, streamed batch by batch. The admin layout's guard refuses anyone else (a post too: this route takes none), and
 * the loader reads the admin again for the audit log.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const parsed = exportRequest.safeParse({
    ...Object.fromEntries(new URL(request.url).searchParams),
    file: params.file,
  });
  const issues = parsed.success ? {} : issuesByField(parsed.error);
  const opened = parsed.success
    ? await openExport(shopDatabase(context), { adminId: admin.id, request: parsed.data })
    : issues.file
      ? refuse("not_found", EXPORT_TEXT.noSuchExport)
      : refuse("invalid", Object.values(issues).join(" "));
  if (!opened.ok) {
    const answer = refusalAnswer(opened, { status: "kind" });
    return new Response(answer.message, {
      status: answer.status,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  return csvResponse(opened.fileName, opened.body);
}
