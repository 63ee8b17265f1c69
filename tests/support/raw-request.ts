import http from "node:http";

export type RawAnswer = {
  /** The answer's status, or 0 when none came (see `error`). */
  status: number;
  contentType: string;
  /** The first 256 KB of the answer's body. */
  text: string;
  /** Why no answer came (a reset before any answer, or the timeout); an error after the answer is ignored. */
  error?: string;
  /** Bytes of the body written before the answer came (or the request ended). */
  sent: number;
};

type RawRequest = {
  method?: string;
  headers?: Record<string, string>;
  /** Chunks written in order with back-pressure; sending stops as soon as an answer arrives. */
  body?: Iterable<Uint8Array>;
  timeoutMs: number;
  /** Stops the request (an unanswered one settles with an error). */
  signal?: AbortSignal;
};

// A whole page: a document carries its stylesheet inline, ~57 KB before the content (decisions/031).
const ANSWER_BYTES_KEPT = 256 * 1024;

/**
 * One request through node:http, with exactly the headers given (no Content-Length means chunked) and a body that
 * may be generated as it is sent, so a test never holds a large body. A server may answer before reading the whole
 * body and close the connection: the answer counts, the error that may follow does not.
 */
export function rawRequest(url: string, options: RawRequest): Promise<RawAnswer> {
  return new Promise<RawAnswer>((resolve) => {
    let sent = 0;
    let answered = false;
    let settled = false;
    const settle = (answer: Omit<RawAnswer, "sent">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...answer, sent });
    };
    const request = http.request(url, { method: options.method ?? "POST", headers: options.headers });
    const timer = setTimeout(() => {
      settle({ status: 0, contentType: "", text: "", error: `no answer within ${options.timeoutMs} ms` });
      request.destroy();
    }, options.timeoutMs);
    options.signal?.addEventListener("abort", () => {
      settle({ status: 0, contentType: "", text: "", error: "aborted by the test" });
      request.destroy();
    });
    request.on("response", (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      let kept = 0;
      const finish = () => {
        settle({
          status: response.statusCode ?? 0,
          contentType: String(response.headers["content-type"] ?? ""),
          text: Buffer.concat(chunks).toString("utf8"),
        });
        // Whatever of the body was not sent will not be: free the connection.
        request.destroy();
      };
      response.on("data", (chunk: Buffer) => {
        if (kept < ANSWER_BYTES_KEPT) chunks.push(chunk);
        kept += chunk.length;
      });
      response.on("end", finish);
      // The server may close right after its answer (it did not want the rest of the body): keep what came.
      response.on("error", finish);
      response.on("close", finish);
    });
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (answered) return;
      settle({
        status: 0,
        contentType: "",
        text: "",
        error: `${error.code ?? error.message} before any answer`,
      });
    });
    void (async () => {
      try {
        for (const chunk of options.body ?? []) {
          if (answered || settled || request.destroyed) return;
          sent += chunk.length;
          if (!request.write(chunk)) {
            await new Promise<void>((drained) => {
              const done = () => {
                request.off("drain", done);
                request.off("close", done);
                request.off("response", done);
                drained();
              };
              request.on("drain", done);
              request.on("close", done);
              request.on("response", done);
            });
          }
        }
        if (!answered && !request.destroyed) request.end();
      } catch {
        // a write after the socket closed: the "error" or "response" handler settles
      }
    })();
  });
}

/** `size` bytes as `chunkSize` pieces of one reused buffer (after an optional head): nothing large is held. */
export function* generatedBody(head: string, size: number, fill = "x", chunkSize = 64 * 1024) {
  const first = Buffer.from(head);
  yield first;
  const piece = Buffer.alloc(chunkSize, fill);
  let left = size - first.length;
  while (left > 0) {
    const length = Math.min(left, chunkSize);
    yield length === chunkSize ? piece : piece.subarray(0, length);
    left -= length;
  }
}
