import type { BulkPreviewView } from "../../components/admin/bulk-bar.tsx";
import { BULK_TEXT } from "../../domain/bulk-change.ts";
import type { Notice } from "../../domain/notice.ts";
import { refuse } from "../../domain/refusal.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import { redirectWithToast } from "../../lib/toast.server.ts";

/**
 * The answer of a list's bulk form (product rules 14.33), which the orders, services and users lists post: a form
 * that does not parse (nothing ticked, no price) is said in place; Review answers with what the change would do
 * (the list shows it with Confirm); Confirm makes it and goes back to the list, its filters kept, with every row's
 * outcome as the toast.
 */
export async function answerBulkForm<Step extends { intent: "bulk-preview" | "bulk-apply" }>(input: {
  parsed:
    | { success: true; data: Step }
    | { success: false; error?: { issues: { message: string; path: PropertyKey[] }[] } };
  nouns: string;
  /** The list's own address, with its filters and search. */
  listUrl: string;
  preview: (form: Step) => Promise<BulkPreviewView>;
  apply: (form: Step) => Promise<{ notice: Notice }>;
}) {
  if (!input.parsed.success) {
    const nothing = BULK_TEXT.nothingTicked(input.nouns);
    // A value the action needs (a price, an amount, a reason) says what is wrong with it in the shop's words;
    // no row ticked, or a form the page did not send, is "tick at least one".
    const issue = input.parsed.error?.issues.find(
      (found) =>
        !["ids", "intent", "action"].includes(String(found.path[0])) && !found.message.startsWith("Invalid"),
    );
    const refused = refuse("invalid", issue ? { title: nothing.title, message: issue.message } : nothing);
    return { ...refusalAnswer(refused).body, bulk: true as const };
  }
  const form = input.parsed.data;
  if (form.intent === "bulk-preview") return { ok: true as const, preview: await input.preview(form) };
  const { notice } = await input.apply(form);
  return redirectWithToast(input.listUrl, { title: notice.title, description: notice.message });
}

/**
 * A list action's own page address (path and query), where a bulk change goes back to: a script's request is to
 * the page's data address (`/admin/orders.data?q=…`), which is not a page.
 */
export function listUrlOf(request: Request): string {
  const url = new URL(request.url);
  const path = url.pathname.endsWith("/_.data")
    ? url.pathname.slice(0, -"_.data".length)
    : url.pathname.replace(/\.data$/, "");
  url.searchParams.delete("index");
  url.searchParams.delete("_routes");
  const query = url.searchParams.toString();
  return query ? `${path}?${query}` : path;
}
