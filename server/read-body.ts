import type { IncomingMessage } from "node:http";

/**
 * The whole body of a request, or null as soon as it passes `limitBytes` (a chunked body has no length to check
 * up front); nothing past the limit is kept. What becomes of the rest: "stop" pauses the socket, read no further
 * (the caller answers and closes the connection: server/body-policy.ts); "drop" reads it and throws it away, so
 * the client can finish sending and read the answer (server/reseller-api.ts). Rejects when the client goes away
 * in the middle of its body.
 */
export function readBodyUpTo(
  req: IncomingMessage,
  limitBytes: number,
  rest: "stop" | "drop",
): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limitBytes) return void chunks.push(chunk);
      resolve(null);
      if (rest === "drop") return;
      req.off("data", onData);
      req.pause();
    };
    req.on("data", onData);
    req.once("end", () => resolve(Buffer.concat(chunks)));
    req.once("error", reject);
    req.once("aborted", () => reject(new Error("aborted")));
  });
}
