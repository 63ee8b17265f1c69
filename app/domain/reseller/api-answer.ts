/** What the reseller API sends back: an HTTP status and a JSON body. */
export type ApiAnswer = { status: number; body: unknown; headers?: Record<string, string> };

/** The panels' standard error shape, `{ "error": text }`, with an optional machine-readable code. */
export function apiError(status: number, error: string, extra: Record<string, unknown> = {}): ApiAnswer {
  return { status, body: { error, ...extra } };
}
