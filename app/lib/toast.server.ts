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

/** A Set-Cookie header that shows the toast on the next page the browser renders. */
export async function toastHeader(toast: Toast): Promise<string> {
  return toastCookie().serialize(toastSchema.parse(toast));
}

/** Redirects and shows a toast on arrival (used after actions and by guards). */
export async function redirectWithToast(
  url: string,
  toast: Toast,
  init: ResponseInit = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(toast));
  return redirect(url, { ...init, headers });
}

/** Reads the pending toast, if any, and the header that clears it. */
export async function takeToast(
  request: Request,
): Promise<{ toast: z.output<typeof toastSchema> | null; headers: Headers }> {
  const cookie = toastCookie();
  const value = await cookie.parse(request.headers.get("Cookie"));
  const parsed = toastSchema.safeParse(value);
  const headers = new Headers();
  if (value) headers.append("Set-Cookie", await cookie.serialize("", { maxAge: 0 }));
  return { toast: parsed.success ? parsed.data : null, headers };
}

/**
 * The answer to an admin change: a refusal stays on the page (status 200, its notice shown in place); a success
 * goes to `url` and shows its notice as a toast.
 */
export async function answerAdminChange<
  A extends { ok: boolean; notice: { title: string; message: string } },
>(answer: A, url: string) {
  if (!answer.ok) return data(answer as Extract<A, { ok: false }>);
  return redirectWithToast(url, {
    title: answer.notice.title,
    description: answer.notice.message || undefined,
  });
}
