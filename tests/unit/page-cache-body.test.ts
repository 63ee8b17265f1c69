import { randomBytes } from "node:crypto";
import { crc32, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  cachedBody,
  crc32Combine,
  gzippedBody,
  NONCE_PLACEHOLDER,
  plainBody,
} from "../../server/page-cache-body.ts";

// The visitor page cache keeps a page split around its nonces and compressed once (docs/decisions/028-visitor-page-cache.md): every
// answer, plain or gzip, must be exactly the page with this response's nonce in every place.
describe("a cached page's body", () => {
  const pages = {
    "no script": "<!DOCTYPE html><p>nothing to nonce</p>",
    "nonces at both ends": `${NONCE_PLACEHOLDER}<p>middle</p>${NONCE_PLACEHOLDER}`,
    "a large page (parts beyond the deflate window)": [
      `<script nonce="${NONCE_PLACEHOLDER}">a()</script>`,
      randomBytes(200_000).toString("base64"),
      `<link nonce="${NONCE_PLACEHOLDER}"/>`,
      "é ✓ ".repeat(40_000),
      `<script nonce="${NONCE_PLACEHOLDER}"></script>`,
    ].join(""),
  };

  it.each(Object.entries(pages))("%s: plain and gzip answers are the page with the nonce", (_name, html) => {
    const body = cachedBody(html);
    for (const nonce of ["bg1RwLwxP1P/sQQnc66vXg==", "+/="]) {
      const expected = html.replaceAll(NONCE_PLACEHOLDER, nonce);
      expect(plainBody(body, nonce).toString()).toBe(expected);
      expect(gunzipSync(gzippedBody(body, nonce)).toString()).toBe(expected);
    }
  });

  it("hashes the page without its nonces: the same render gives the same hash", () => {
    expect(cachedBody(pages["nonces at both ends"]).hash).toBe(cachedBody(pages["nonces at both ends"]).hash);
    expect(cachedBody("<p>a</p>").hash).not.toBe(cachedBody("<p>b</p>").hash);
  });

  it("keeps only the compressed page: a kept page costs a fraction of its size", () => {
    const html = `<script nonce="${NONCE_PLACEHOLDER}"></script>${"<li>order 100017 Instagram Likes</li>".repeat(3000)}`;
    const body = cachedBody(html);
    expect(body.bytes).toBeLessThan(Buffer.byteLength(html) / 5);
  });

  it("combines CRC-32s as if computed over the joined bytes (what a gzip answer's trailer carries)", () => {
    const samples = [
      Buffer.alloc(0),
      Buffer.from("a"),
      randomBytes(1),
      randomBytes(4097),
      randomBytes(70_000),
    ];
    for (const first of samples) {
      for (const second of samples) {
        expect(crc32Combine(crc32(first), crc32(second), second.byteLength)).toBe(
          crc32(Buffer.concat([first, second])),
        );
      }
    }
  });
});
