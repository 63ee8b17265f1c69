/**
 * What a better-auth endpoint answered: whether it succeeded (a 2xx answer), its status, error code and message,
 * and the cookies it set. The caller turns a failure into its refusal (or a fault) with the spec's text.
 */
export type AuthOutcome = {
  succeeded: boolean;
  status: number;
  code: string | null;
  message: string | null;
  body: Record<string, unknown> | null;
  cookies: Headers;
};

/** Runs a better-auth API call made with `asResponse: true` and reads its answer (thrown API errors included). */
export async function runAuthCall(call: () => Promise<Response>): Promise<AuthOutcome> {
  let response: Response;
  try {
    response = await call();
  } catch (error) {
    const apiError = error as {
      status?: unknown;
      statusCode?: number;
      body?: { code?: string; message?: string };
    };
    if (typeof apiError.statusCode !== "number") throw error;
    return {
      succeeded: false,
      status: apiError.statusCode,
      code: apiError.body?.code ?? null,
      message: apiError.body?.message ?? null,
      body: null,
      cookies: new Headers(),
    };
  }
  const cookies = new Headers();
  for (const cookie of response.headers.getSetCookie()) cookies.append("Set-Cookie", cookie);
  let body: Record<string, unknown> | null = null;
  try {
    const text = await response.text();
    body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
  } catch {
    body = null;
  }
  return {
    succeeded: response.ok,
    status: response.status,
    code: typeof body?.code === "string" ? body.code : null,
    message: typeof body?.message === "string" ? body.message : null,
    body,
    cookies,
  };
}

/** Headers with every Set-Cookie of the given sets, for a redirect or a data answer. */
export function mergeCookies(...sets: (Headers | string | null | undefined)[]): Headers {
  const headers = new Headers();
  for (const set of sets) {
    if (!set) continue;
    if (typeof set === "string") headers.append("Set-Cookie", set);
    else for (const cookie of set.getSetCookie()) headers.append("Set-Cookie", cookie);
  }
  return headers;
}
