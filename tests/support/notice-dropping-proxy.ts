import { createServer, type Server, type Socket, connect as tcpConnect } from "node:net";

/** NotificationResponse, the backend message that carries a NOTIFY (PostgreSQL frontend/backend protocol). */
const NOTIFICATION_RESPONSE = "A".charCodeAt(0);
/** A NotificationResponse's channel starts after its type byte, its int32 length and the int32 sender pid. */
const CHANNEL_OFFSET = 1 + 4 + 4;

export type NoticeDroppingProxy = {
  /** The target's address with the proxy's host and port (same user, password and database). */
  url: string;
  /** Connections accepted so far (each is one attempt of a listener). */
  accepted: number;
  /** Connections still open. */
  open: number;
  /**
   * Stops passing bytes either way on every connection, open or new, while keeping them open: a NAT that forgot the
   * flow, or a half-dead peer. Nothing tells either side.
   */
  freeze(): void;
  close(): Promise<void>;
};

/** The channel a complete NotificationResponse message names (pid, then the channel as a C string). */
function channelOf(message: Buffer): string {
  const end = message.indexOf(0, CHANNEL_OFFSET);
  return message.subarray(CHANNEL_OFFSET, end < 0 ? message.length : end).toString("utf8");
}

/**
 * A TCP proxy in front of a PostgreSQL server that forwards both directions but drops the server's
 * NotificationResponse messages on the connections `connections(n)` picks (n counts from 1; default: all), and
 * only those on `channels` when given (default: every channel). It stands in for a pooler that loses notices, and,
 * once frozen, for a connection that passes nothing at all. Each backend message is one type byte and an int32 length that counts
 * itself; pg sends no SSLRequest unless asked, so the stream is typed from its first byte.
 */
export async function startNoticeDroppingProxy(options: {
  /** A PostgreSQL connection string; the proxy connects to its host and port. */
  target: string;
  connections?: (connection: number) => boolean;
  channels?: readonly string[];
}): Promise<NoticeDroppingProxy> {
  const upstream = new URL(options.target);
  const dropsOn = options.connections ?? (() => true);
  const dropsChannel = (channel: string) => !options.channels || options.channels.includes(channel);
  const sockets = new Set<Socket>();
  let frozen = false;
  const proxy: NoticeDroppingProxy = {
    url: "",
    accepted: 0,
    open: 0,
    freeze: () => {
      frozen = true;
      for (const socket of sockets) socket.pause();
    },
    close: async () => {},
  };
  const server: Server = createServer((client) => {
    proxy.accepted += 1;
    proxy.open += 1;
    if (frozen) {
      client.pause();
      sockets.add(client);
      client.on("close", () => {
        proxy.open -= 1;
        sockets.delete(client);
      });
      return;
    }
    const deaf = dropsOn(proxy.accepted);
    const backend = tcpConnect({ host: upstream.hostname, port: Number(upstream.port || 5432) });
    sockets.add(client);
    sockets.add(backend);
    const closeBoth = () => {
      client.destroy();
      backend.destroy();
    };
    client.on("error", closeBoth);
    backend.on("error", closeBoth);
    client.on("close", () => {
      proxy.open -= 1;
      sockets.delete(client);
      backend.destroy();
    });
    backend.on("close", () => {
      sockets.delete(backend);
      client.destroy();
    });
    client.on("data", (chunk: Buffer) => {
      if (!frozen) backend.write(chunk);
    });
    let pending = Buffer.alloc(0);
    backend.on("data", (chunk: Buffer) => {
      if (frozen) return;
      pending = Buffer.concat([pending, chunk]);
      const forward: Buffer[] = [];
      while (pending.length >= 5) {
        const end = 1 + pending.readInt32BE(1);
        if (pending.length < end) break;
        const message = pending.subarray(0, end);
        const dropped = deaf && message[0] === NOTIFICATION_RESPONSE && dropsChannel(channelOf(message));
        if (!dropped) forward.push(message);
        pending = pending.subarray(end);
      }
      if (forward.length > 0) client.write(Buffer.concat(forward));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const address = server.address();
  const url = new URL(options.target);
  url.hostname = "127.0.0.1";
  url.port = String(typeof address === "object" && address ? address.port : 0);
  proxy.url = url.toString();
  proxy.close = () => {
    for (const socket of sockets) socket.destroy();
    return new Promise((resolve) => server.close(() => resolve()));
  };
  return proxy;
}
