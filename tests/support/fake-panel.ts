import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** What the panel answers: a status and a JSON body (a string is sent as it is, e.g. an HTML error page). */
export type PanelReply = { status: number; body: unknown };

/** A running panel: its API address, and how to stop it. */
export type FakePanel = { url: string; close(): Promise<void> };

/** A provider panel on a local port, taking form posts as API v2 does; `answer` decides each reply. */
export async function startFakePanel(
  answer: (form: URLSearchParams) => PanelReply | Promise<PanelReply>,
): Promise<FakePanel> {
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", async () => {
      const { status, body: reply } = await answer(new URLSearchParams(body));
      response.writeHead(status, { "Content-Type": "application/json" });
      response.end(typeof reply === "string" ? reply : JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
