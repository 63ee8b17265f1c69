/**
 * A body over the limit is refused before it is read: twelve 100 MB bodies (six at a time, half announced with
 * Content-Length, half chunked) to two page actions and a webhook leave the server's memory flat. A server that
 * read them would hold hundreds of megabytes. The bodies are generated as they are sent, so this process holds
 * none of them; the server is one of its own, so no other test file's requests move its memory.
 */
import { readFileSync } from "node:fs";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { API_TEXT } from "../../../app/domain/reseller/api-text.ts";
import { startAppServerOnOwnDatabase } from "../../support/global-setup.ts";
import { generatedBody, type RawAnswer, rawRequest } from "../../support/raw-request.ts";

const BODY_BYTES = 100 * 1024 * 1024;
const REQUESTS = 12;
const PARALLEL = 6;
/**
 * Six bodies read at once would hold at least 600 MB. A server that refuses and drains them still grows by the
 * garbage of the drained chunks until V8 collects it: 37 to 61 MB on the shared two-core machine, before and after
 * the render caches came (2026-11-25), so 50 MB failed about one run in four. 150 MB keeps a factor of four.
 */
const ALLOWED_GROWTH_BYTES = 150 * 1024 * 1024;
/** Per request: a server that drains the refused body takes a few seconds for 100 MB on a loaded machine. */
const REQUEST_TIMEOUT_MS = 90_000;

const TARGETS = [
  { path: "/login", type: "application/x-www-form-urlencoded", head: "email=a%40example.test&password=" },
  {
    path: "/contact",
    type: "application/x-www-form-urlencoded",
    head: "name=A&email=a%40example.test&message=",
  },
  {
    path: "/api/webhooks/sandbox",
    type: "application/json",
    head: '{"type":"checkout.completed","padding":"',
  },
];

let server: { appUrl: string; pid: number; stop(): Promise<void> };

beforeAll(async () => {
  server = await startAppServerOnOwnDatabase({
    pgServerUrl: inject("pgServerUrl"),
    databaseName: "boostly_body_memory",
    // One process serves (no cluster workers): its memory is the one to watch.
    extraEnv: { WEB_CONCURRENCY: "1" },
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

/** The server process's resident memory, in bytes (0 once it is gone). */
function residentBytes(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kilobytes = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return Number(kilobytes ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** Runs `tasks` with at most `limit` at a time. */
async function inBatches<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]!();
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return results;
}

describe("an oversized body is refused before it is read", () => {
  it("answers 413 to twelve 100 MB bodies while the server's memory stays flat", async () => {
    // Warm the server up with ordinary requests first: the first pages compiled and cached are not growth.
    for (const target of TARGETS) {
      await rawRequest(new URL(target.path, server.appUrl).toString(), {
        headers: { Origin: server.appUrl, "Content-Type": target.type, "Content-Length": "2" },
        body: [Buffer.from("{}")],
        timeoutMs: REQUEST_TIMEOUT_MS,
      });
    }
    const baseline = residentBytes(server.pid);
    expect(baseline, "the server's memory is readable").toBeGreaterThan(0);

    let peak = baseline;
    let grewTooMuch = false;
    const inFlight = new Set<AbortController>();
    const sampler = setInterval(() => {
      const now = residentBytes(server.pid);
      peak = Math.max(peak, now);
      // A server that reads the bodies would take the machine's memory: stop sending once the test has failed.
      if (peak - baseline > ALLOWED_GROWTH_BYTES && !grewTooMuch) {
        grewTooMuch = true;
        for (const controller of inFlight) controller.abort();
      }
    }, 50);

    const tasks = Array.from({ length: REQUESTS }, (_, index) => async () => {
      const target = TARGETS[index % TARGETS.length]!;
      const chunked = index % 2 === 1;
      const headers: Record<string, string> = { Origin: server.appUrl, "Content-Type": target.type };
      if (!chunked) headers["Content-Length"] = String(BODY_BYTES);
      const controller = new AbortController();
      inFlight.add(controller);
      const answer: RawAnswer = grewTooMuch
        ? { status: 0, contentType: "", text: "", error: "not sent: the memory had grown already", sent: 0 }
        : await rawRequest(new URL(target.path, server.appUrl).toString(), {
            headers,
            body: generatedBody(target.head, BODY_BYTES),
            timeoutMs: REQUEST_TIMEOUT_MS,
            signal: controller.signal,
          });
      inFlight.delete(controller);
      return { what: `${target.path} ${chunked ? "chunked" : "with Content-Length"}`, answer };
    });
    const results = await inBatches(tasks, PARALLEL).finally(() => clearInterval(sampler));
    peak = Math.max(peak, residentBytes(server.pid));

    const growthMegabytes = Math.round((peak - baseline) / (1024 * 1024));
    console.log(
      `twelve 100 MB bodies: resident memory grew by ${growthMegabytes} MB (baseline ${Math.round(baseline / 1048576)} MB)`,
    );
    expect
      .soft(growthMegabytes, `the server's resident memory grew by ${growthMegabytes} MB`)
      .toBeLessThan(ALLOWED_GROWTH_BYTES / (1024 * 1024));
    for (const { what, answer } of results) {
      const seen = answer.error
        ? `no answer (${answer.error})`
        : `${answer.status} after ${Math.round(answer.sent / 1024)} KB sent: ${answer.text.slice(0, 120)}`;
      expect.soft(answer.status, `${what} -> ${seen}`).toBe(413);
      expect.soft(answer.text.trim(), `${what} -> ${seen}`).not.toBe("");
    }
    expect(residentBytes(server.pid), "the server is still running").toBeGreaterThan(0);
  }, 300_000);

  it("stops reading an oversized reseller API body at its limit, as the pages do, and answers the protocol's 413", async () => {
    // Clients that keep sending whatever the answer says (a plain script's POST): the server must not take the
    // rest. Eight 50 MB bodies, half announced and half chunked, each written to the end unless the server stops it.
    const apiBodyBytes = 50 * 1024 * 1024;
    const results = await inBatches(
      Array.from({ length: 8 }, (_, index) => async () => {
        const chunked = index % 2 === 1;
        return { chunked, ...(await sendWholeBody("/api/v2", apiBodyBytes, chunked)) };
      }),
      4,
    );
    for (const { chunked, written, answer } of results) {
      const what = `/api/v2 ${chunked ? "chunked" : "with Content-Length"}: ${Math.round(written / 1024)} KB taken, answer ${answer.slice(0, 160)}`;
      expect.soft(answer, what).toMatch(/^HTTP\/1\.1 413 /);
      expect.soft(answer, what).toContain(JSON.stringify({ error: API_TEXT.bodyTooLarge }));
      // Socket buffers' worth at most: never the body.
      expect.soft(written, what).toBeLessThan(16 * 1024 * 1024);
    }
  }, 300_000);
});

/**
 * Writes a request with a `bytes` body over a plain socket, as fast as the server takes it, without stopping for an
 * answer; resolves when the body is all written or the server closed the connection, with what it took and what it
 * answered.
 */
function sendWholeBody(path: string, bytes: number, chunked: boolean) {
  const { hostname, port } = new URL(server.appUrl);
  return new Promise<{ written: number; answer: string }>((resolve) => {
    const socket = net.connect(Number(port), hostname === "localhost" ? "127.0.0.1" : hostname);
    let written = 0;
    let answer = "";
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve({ written, answer });
    };
    const timer = setTimeout(finish, REQUEST_TIMEOUT_MS);
    socket.on("data", (chunk: Buffer) => {
      answer += chunk.toString("latin1");
    });
    socket.on("error", finish);
    socket.on("close", () => {
      clearTimeout(timer);
      finish();
    });
    socket.on("connect", async () => {
      const length = chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${bytes}`;
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\n${length}\r\n\r\n`,
      );
      for (const piece of generatedBody("key=k&action=balance&padding=", bytes)) {
        if (done) return;
        const framed = chunked
          ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n")])
          : piece;
        if (!socket.write(framed))
          await new Promise((resume) => socket.once("drain", resume).once("close", resume));
        if (!done) written += piece.length;
      }
      if (chunked && !done) socket.write("0\r\n\r\n");
      // The whole body went out: wait for the answer and the end (or the timeout).
      socket.end();
    });
  });
}
