import { db } from "../../db/client.server.ts";
import type { LiveEvent } from "./live-events.ts";
import { subscribeToUser } from "./live-hub.server.ts";
import { readBalance } from "./read-balance.server.ts";

/** A comment line every 25 s keeps proxies from closing a quiet stream (spec: realtime heartbeat 25 s). */
export const HEARTBEAT_MS = 25_000;
/** What the browser waits before its own reconnect when the stream drops (the first of 1, 2, 5, 10 s). */
const RETRY_MS = 1_000;

const encoder = new TextEncoder();

function frame(event: "balance" | "order" | "resync", data: unknown): Uint8Array {
  return encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

/**
 * The Server-Sent Events of one signed-in user: the current balance first, then every balance and order
 * status change committed by any app server (and `resync` when some may have been missed), and a heartbeat.
 * It ends when `signal` aborts (the page left).
 */
export function openLiveStream(
  userId: string,
  signal: AbortSignal,
  /** Checked at every heartbeat: a session that was signed out or revoked ends its stream. */
  stillSignedIn: () => Promise<boolean> = async () => true,
): ReadableStream<Uint8Array> {
  let closed = false;
  let heartbeat: NodeJS.Timeout | undefined;
  let unsubscribe: () => void = () => {};
  let closeStream: () => void = () => {};

  const cleanUp = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    unsubscribe();
    signal.removeEventListener("abort", cleanUp);
    closeStream();
  };

  return new ReadableStream<Uint8Array>({
    start(controller) {
      closeStream = () => {
        try {
          controller.close();
        } catch {
          // already closed or cancelled
        }
      };
      const write = (chunk: Uint8Array) => {
        if (closed) return;
        try {
          controller.enqueue(chunk);
        } catch {
          cleanUp();
        }
      };
      const sendBalance = async () => {
        const balanceCents = await readBalance(db(), userId);
        if (balanceCents === null) cleanUp();
        else write(frame("balance", { balanceCents }));
      };
      // One queue for everything sent, so a notification never overtakes the balance read before it.
      let queue = Promise.resolve();
      const enqueue = (task: () => void | Promise<void>) => {
        queue = queue.then(task).catch((error: unknown) => {
          console.error("live stream failed", error);
          cleanUp();
        });
      };
      const onEvent = (event: LiveEvent) => {
        if (event.type === "balance")
          enqueue(() => write(frame("balance", { balanceCents: event.balanceCents })));
        else if (event.type === "order")
          enqueue(() => write(frame("order", { orderId: event.orderId, status: event.status })));
        else {
          // Changes committed while the listener was away are lost: the balance as it is now, then word that
          // orders may have changed too, so a page that shows them reads them again (product rules 12.5).
          enqueue(sendBalance);
          enqueue(() => write(frame("resync", {})));
        }
      };

      if (signal.aborted) return cleanUp();
      signal.addEventListener("abort", cleanUp);
      write(encoder.encode(`retry: ${RETRY_MS}\n\n`));
      heartbeat = setInterval(() => {
        void stillSignedIn().then(
          (signedIn) => (signedIn ? write(encoder.encode(": ping\n\n")) : cleanUp()),
          () => write(encoder.encode(": ping\n\n")),
        );
      }, HEARTBEAT_MS);
      // Listen first, then read: a change committed in between arrives as an event after the first value.
      enqueue(async () => {
        const remove = await subscribeToUser(userId, { send: onEvent, end: cleanUp });
        if (closed) remove();
        else unsubscribe = remove;
      });
      enqueue(sendBalance);
    },
    cancel() {
      cleanUp();
    },
  });
}
