import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { freePort } from "./free-port.ts";

/** What the panel answers: a status and a JSON body (a string is sent as it is, e.g. an HTML error page). */
export type PanelReply = { status: number; body: unknown };

/** A running panel: its API address, and how to stop it. */
export type FakePanel = { url: string; close(): Promise<void> };

/**
 * A provider panel on a local port, taking form posts as API v2 does; `answer` decides each reply. `port` starts
 * it on a port a stopped panel used, so a test can take a provider down and bring it back at the same address.
 */
export async function startFakePanel(
  answer: (form: URLSearchParams) => PanelReply | Promise<PanelReply>,
  options: { port?: number } = {},
): Promise<FakePanel & { port: number }> {
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
  // A port from freePort (below the ephemeral range): one a stopped panel frees stays free for it to come back on.
  const listenOn = options.port ?? (await freePort());
  await new Promise<void>((resolve) => server.listen(listenOn, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/api/v2`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
