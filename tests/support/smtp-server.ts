import { SMTPServer } from "smtp-server";
import { freePort } from "./free-port.ts";

/** A message the test SMTP server accepted: envelope, subject and the decoded plain-text part. */
export type ReceivedMail = { from: string; to: string[]; subject: string; text: string; raw: string };

export type TestSmtpServer = {
  port: number;
  url: string;
  received: ReceivedMail[];
  stop(): Promise<void>;
};

/**
 * A real SMTP server on 127.0.0.1 for tests. `delayMs` delays the answer to each step of a session (connect, MAIL
 * FROM, RCPT TO, DATA), as a slow server would; `refuse` answers RCPT TO with 451 (try again later) while it
 * returns true.
 */
export async function startTestSmtpServer(
  options: { port?: number; delayMs?: number; refuse?: () => boolean } = {},
): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const later = (callback: () => void) => setTimeout(callback, options.delayMs ?? 0);
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onConnect: (_session, callback) => later(() => callback()),
    onMailFrom: (_address, _session, callback) => later(() => callback()),
    onRcptTo: (_address, _session, callback) =>
      later(() => {
        if (!options.refuse?.()) return callback();
        const error = Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 });
        callback(error);
      }),
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () =>
        later(() => {
          const raw = Buffer.concat(chunks).toString("utf8");
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? "",
            text: plainTextPart(raw),
            raw,
          });
          callback();
        }),
      );
    },
  });
  const port = options.port ?? (await freePort());
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  // A client that drops its connection mid-session (the app server stopping while its mail worker talks to this
  // slow server) is the client's business: the server reports it as an error event, which must not end the run.
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "ECONNRESET" && error.code !== "EPIPE")
      console.error(`test SMTP server: ${error.message}`);
  });
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The text/plain part of a MIME message, its quoted-printable or base64 encoding undone. */
function plainTextPart(raw: string): string {
  const part = /Content-Type: text\/plain[^\r\n]*\r?\n([\s\S]*?)\r?\n\r?\n([\s\S]*?)(?:\r?\n--|$)/i.exec(raw);
  if (!part) return "";
  const headers = part[1] ?? "";
  const body = part[2] ?? "";
  if (/Content-Transfer-Encoding: base64/i.test(headers)) return Buffer.from(body, "base64").toString("utf8");
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) {
    return body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  }
  return body;
}
