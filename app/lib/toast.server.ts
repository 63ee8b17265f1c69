import { createCookie, data, redirect } from "react-router";
import { z } from "zod";
import { env } from "./env.server.ts";

export const toastSchema = z.object({
  title: z.string(),
  description: z.string().optional(),
  variant: z.enum(["default", "destructive"]).default("default"),
});
export type Toast = z.input<typeof toastSchema>;

function toastCookie() {
  const config = env();
  return createCookie("boostly_toast", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: config.isProduction,
    secrets: [config.authSecret],
  });
}

/**
 * A Set-Cookie header that shows the toast on the page at `path`. The cookie is the browser's, shared by every
 * tab (and by every server on the host): scoped to its destination, it is not taken by another tab's reload
 * (a live balance update in a second tab revalidating its own page) before the page it was meant for arrives.
 */
async function toastHeader(toast: Toast, path: string): Promise<string> {
  // A minute at most: a toast whose page is never reached (a redirect chain that goes elsewhere) is not shown later.
  return toastCookie().serialize({ ...toastSchema.parse(toast), path }, { maxAge: 60 });
}

/** Redirects and shows a toast on arrival (used after actions and by guards). */
export async function redirectWithToast(
  url: string,
  toast: Toast,
  init: ResponseInit = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(toast, new URL(url, "http://boostly.local").pathname));
  return redirect(url, { ...init, headers });
}

/** The page a request renders: React Router's data requests add `.data` to its path (`_.data` after a slash). */
function pagePath(request: Request): string {
  const path = new URL(request.url).pathname;
  if (path.endsWith("/_.data")) return path.slice(0, -"_.data".length);
  return path.endsWith(".data") ? path.slice(0, -".data".length) : path;
}

/** Reads the pending toast, if any, and the header that clears it. */
export async function takeToast(
  request: Request,
): Promise<{ toast: z.output<typeof toastSchema> | null; headers: Headers }> {
  const cookie = toastCookie();
  const value = await cookie.parse(request.headers.get("Cookie"));
  const headers = new Headers();
  if (!value) return { toast: null, headers };
  const destination = (value as { path?: unknown }).path;
  // Meant for another page: left for that page's own request.
  if (typeof destination === "string" && destination !== pagePath(request)) return { toast: null, headers };
  const parsed = toastSchema.safeParse(value);
  headers.append("Set-Cookie", await cookie.serialize("", { maxAge: 0 }));
  return { toast: parsed.success ? parsed.data : null, headers };
}

/**
 * The answer to an admin change: a refusal stays on the page (its body and status, from the domain's
 * adminRefusalAnswer, shown in place); a success goes to `url` and shows its notice as a toast.
 */
export async function answerAdminChange<B>(
  answer:
    | { ok: true; notice: { title: string; message: string } }
    | { ok: false; body: B; init: ResponseInit },
  url: string,
) {
  if (!answer.ok) return data(answer.body, answer.init);
  return redirectWithToast(url, {
    title: answer.notice.title,
    description: answer.notice.message || undefined,
  });
}
