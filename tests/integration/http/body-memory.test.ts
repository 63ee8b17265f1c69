/**
 * A body over the limit is refused before it is read: twelve 100 MB bodies (six at a time, half announced with
 * Content-Length, half chunked) to two page actions and a webhook leave the server's memory flat. A server that
 * read them would hold hundreds of megabytes. The bodies are generated as they are sent, so this process holds
 * none of them; the server is one of its own, so no other test file's requests move its memory.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
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
});
