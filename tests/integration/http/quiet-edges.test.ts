import net from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { WAIT_TIMEOUT_MS } from "../../support/constants.ts";
import { startAppServerOnOwnDatabase } from "../../support/global-setup.ts";
import { signedInCustomer } from "../../support/http.ts";

// An app server of this file's own, so its log holds only what these requests made it print.
let server: Awaited<ReturnType<typeof startAppServerOnOwnDatabase>>;

beforeAll(async () => {
  server = await startAppServerOnOwnDatabase({
    pgServerUrl: inject("pgServerUrl"),
    databaseName: "boostly_quiet_edges",
  });
});

afterAll(async () => {
  await server?.stop();
});

/** One HTTP/1.0 request without a Host header (HTTP/1.0 allows that); resolves with the answer's status. */
function requestWithoutHost(path: string): Promise<number> {
  const { port } = new URL(server.appUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), "127.0.0.1");
    let answer = "";
    socket.setTimeout(WAIT_TIMEOUT_MS, () => socket.destroy(new Error(`no answer to ${path}`)));
    socket.on("connect", () => socket.write(`GET ${path} HTTP/1.0\r\nAccept: text/html\r\n\r\n`));
    socket.on("data", (chunk: Buffer) => {
      answer += chunk.toString("latin1");
    });
    socket.on("error", reject);
    socket.on("close", () => {
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1];
      if (status) resolve(Number(status));
      else reject(new Error(`no status line for ${path}: ${answer.slice(0, 200)}`));
    });
  });
}

describe("edges that monitoring must not count as server errors", () => {
  it("answers a request without a Host header as the shop's own page, never with a 5xx", async () => {
    for (const path of [
      "/",
      "/services/instagram",
      "/login",
      "/blog",
      "/no-such-page",
      "/api/v2",
      "/robots.txt",
    ]) {
      const status = await requestWithoutHost(path);
      expect(status, path).toBeLessThan(500);
    }
    expect(await requestWithoutHost("/")).toBe(200);
  });

  it("refuses a POST to a page without an action and methods pages do not take, without a stack trace in the log", async () => {
    const before = server.output().length;
    const statuses: number[] = [];
    for (let index = 0; index < 60; index++) {
      const post = await fetch(`${server.appUrl}/`, {
        method: "POST",
        headers: { Origin: server.appUrl, "Content-Type": "application/x-www-form-urlencoded" },
        body: "a=1",
        redirect: "manual",
      });
      await post.arrayBuffer();
      statuses.push(post.status);
      const options = await fetch(`${server.appUrl}/services/instagram`, { method: "OPTIONS" });
      await options.arrayBuffer();
      statuses.push(options.status);
    }
    expect(new Set(statuses)).toEqual(new Set([405]));
    const printed = server.output().slice(before);
    expect(printed, "the server's log during the refusals").not.toMatch(/\n\s+at |Error:/);
  });

  it("answers a deposit through a gateway that takes none with 409 and its reason, not a 502", async () => {
    // The suite's shops take deposits on the sandbox checkout and PayPal, not crypto (BTCPay is not set up).
    const customer = await signedInCustomer();
    const response = await customer.visitor.request("/wallet", { form: { amount: "25", gateway: "btcpay" } });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("Deposits are not available at the moment.");
  });
});
