import type { IncomingMessage } from "node:http";
import type { Response } from "express";

/**
 * The whole body of a request, or null as soon as it passes `limitBytes` (a chunked body has no length to check
 * up front); nothing past the limit is kept, nor read: the socket is paused, and the caller answers with
 * `answerBeforeTheBody`. Rejects when the client goes away in the middle of its body.
 */
export function readBodyUpTo(req: IncomingMessage, limitBytes: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limitBytes) return void chunks.push(chunk);
      resolve(null);
      req.off("data", onData);
      req.pause();
    };
    req.on("data", onData);
    req.once("end", () => resolve(Buffer.concat(chunks)));
    req.once("error", reject);
    req.once("aborted", () => reject(new Error("aborted")));
  });
}

/** How long a connection whose body was refused unread stays open for its client to read the answer. */
const LINGER_MILLISECONDS = 5_000;

/**
 * Readies `res` for an answer sent while the request's body is still coming (one over its limit, or of unknown
 * size): the rest is not read, not even read and dropped (draining 100 MB churns the server's memory). A client
 * still sending meets a full TCP window, reads the answer (clients read while they send) and gives up; one that
 * does not is cut off after LINGER_MILLISECONDS. Such a connection never serves another request: its client
 * stopped in the middle of a body. A body already read to its end needs none of this.
 */
export function answerBeforeTheBody(res: Response): void {
  const req = res.req;
  if (req.complete) return;
  const socket = req.socket;
  req.pause();
  // Node resumes an unread body once the answer is sent, to drain it for the next request: not this one.
  res.once("finish", () => req.pause());
  // `Connection: close` keeps the client from sending another request on this connection. Node then closes it
  // as soon as the answer is written, which would reset it under a client still sending, before it read the
  // answer: only the sending half is closed instead (the client sees the answer, then the end), and the whole
  // connection when the client goes or LINGER_MILLISECONDS pass.
  socket.destroySoon = () => socket.end();
  const timer = setTimeout(() => socket.destroy(), LINGER_MILLISECONDS);
  socket.once("close", () => clearTimeout(timer));
  res.set("Connection", "close");
}
