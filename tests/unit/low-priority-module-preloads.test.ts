import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "../../app/lib/low-priority-module-preloads.server.ts";

async function transformed(chunks: Buffer[]): Promise<string> {
  const output: Buffer[] = [];
  for await (const chunk of Readable.from(chunks).pipe(lowPriorityModulePreloads()))
    output.push(chunk as Buffer);
  return Buffer.concat(output).toString("utf8");
}

const DOCUMENT =
  '<!DOCTYPE html><html lang="en"><head><link rel="modulepreload" href="/assets/a.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/b.js"/><title>Crème brûlée — 5★</title></head><body><p>Ünïcode ✓</p>' +
  '<link rel="icon" href="/favicon.svg"/></body></html>';
const EXPECTED = DOCUMENT.replaceAll(
  '<link rel="modulepreload"',
  '<link rel="modulepreload" fetchpriority="low"',
);

describe("module preloads at low fetch priority (decisions/031)", () => {
  it("marks every module preload of a document sent in one chunk", async () => {
    expect(await transformed([Buffer.from(DOCUMENT)])).toBe(EXPECTED);
  });

  it("gives the same bytes wherever the document is split, even inside a tag or a UTF-8 character", async () => {
    const bytes = Buffer.from(DOCUMENT);
    for (let at = 1; at < bytes.length; at++) {
      expect(await transformed([bytes.subarray(0, at), bytes.subarray(at)])).toBe(EXPECTED);
    }
  });

  it("splits into single bytes without losing any", async () => {
    const bytes = Buffer.from(DOCUMENT);
    const singles = Array.from(bytes, (byte) => Buffer.from([byte]));
    expect(await transformed(singles)).toBe(EXPECTED);
  });
});
