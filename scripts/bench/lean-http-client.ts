import net from "node:net";

/** What the order benchmarks read of an answer. */
export type LeanResponse = { status: number; location: string | undefined; body: string };

type Pending = { resolve: (response: LeanResponse) => void; reject: (error: Error) => void };

const HEADER_END = Buffer.from("\r\n\r\n");
const HEADERS = {
  "content-length": /\r\ncontent-length: *([^\r]*)/i,
  "transfer-encoding": /\r\ntransfer-encoding: *([^\r]*)/i,
  location: /\r\nlocation: *([^\r]*)/i,
};

/**
 * One keep-alive HTTP/1.1 connection that sends a request and reads its answer with as little work as possible:
 * the load generator shares the machine's cores with the server it measures, and every millisecond of CPU it
 * spends on parsing is taken from that server (node:http costs about three times as much per request).
 */
class LeanConnection {
  private buffered: Buffer = Buffer.alloc(0);
  private pending: Pending | null = null;
  readonly socket: net.Socket;
  open = true;

  constructor(host: string, port: number) {
    this.socket = net.connect({ host, port, noDelay: true });
    this.socket.on("data", (chunk: Buffer) => {
      this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
      this.readAnswer();
    });
    const fail = (error: Error) => {
      this.pending?.reject(error);
      this.pending = null;
    };
    this.socket.on("error", fail);
    this.socket.on("close", () => {
      this.open = false;
      fail(new Error("connection closed"));
    });
  }

  send(request: string): Promise<LeanResponse> {
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.socket.write(request);
    });
  }

  private readAnswer() {
    const headerEnd = this.buffered.indexOf(HEADER_END);
    if (headerEnd < 0 || !this.pending) return;
    const head = this.buffered.toString("latin1", 0, headerEnd);
    const status = Number(head.slice(9, 12));
    const header = (name: keyof typeof HEADERS) => HEADERS[name].exec(head)?.[1];
    const bodyStart = headerEnd + HEADER_END.length;
    let body: Buffer | null;
    let consumed: number;
    if (/chunked/i.test(header("transfer-encoding") ?? "")) {
      const chunked = readChunked(this.buffered, bodyStart);
      if (!chunked) return;
      ({ body, consumed } = chunked);
    } else {
      const length = Number(header("content-length") ?? 0);
      if (this.buffered.length < bodyStart + length) return;
      body = this.buffered.subarray(bodyStart, bodyStart + length);
      consumed = bodyStart + length;
    }
    const answered = this.pending;
    this.pending = null;
    this.buffered = this.buffered.subarray(consumed);
    answered.resolve({ status, location: header("location"), body: body.toString("utf8") });
  }
}

/** A complete chunked body from `start`, or null while more bytes are needed. */
function readChunked(buffer: Buffer, start: number): { body: Buffer; consumed: number } | null {
  const parts: Buffer[] = [];
  let at = start;
  for (;;) {
    const lineEnd = buffer.indexOf("\r\n", at);
    if (lineEnd < 0) return null;
    const size = Number.parseInt(buffer.toString("latin1", at, lineEnd), 16);
    const dataStart = lineEnd + 2;
    if (buffer.length < dataStart + size + 2) return null;
    if (size === 0) return { body: Buffer.concat(parts), consumed: dataStart + 2 };
    parts.push(buffer.subarray(dataStart, dataStart + size));
    at = dataStart + size + 2;
  }
}

const idle = new Map<string, LeanConnection[]>();

/** POSTs a form over a reused keep-alive connection (one request at a time on each) and reads the answer. */
export async function postForm(
  url: string,
  headers: Record<string, string>,
  form: Record<string, string>,
): Promise<LeanResponse> {
  const target = new URL(url);
  const body = new URLSearchParams(form).toString();
  const lines = [
    `POST ${target.pathname}${target.search} HTTP/1.1`,
    `Host: ${target.host}`,
    "Content-Type: application/x-www-form-urlencoded",
    `Content-Length: ${Buffer.byteLength(body)}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  const free = idle.get(target.host) ?? [];
  idle.set(target.host, free);
  let connection = free.pop();
  while (connection && !connection.open) connection = free.pop();
  connection ??= new LeanConnection(target.hostname, Number(target.port));
  const response = await connection.send(`${lines.join("\r\n")}\r\n\r\n${body}`);
  free.push(connection);
  return response;
}

/** Closes the idle connections (at the end of a run). */
export function closeConnections() {
  for (const connections of idle.values()) for (const connection of connections) connection.socket.end();
  idle.clear();
}
