import { createHash, randomBytes } from "node:crypto";
import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * What the cached render puts wherever the page's CSP nonce goes: letters and digits only, so HTML escaping never
 * changes it, and unguessable, so no page text can contain it (docs/decisions/028-visitor-page-cache.md).
 */
export const NONCE_PLACEHOLDER = `cspnonce${randomBytes(12).toString("hex")}`;

/** A rendered page split around its nonces, kept both raw and as ready-made deflate blocks. */
export type CachedBody = {
  parts: Buffer[];
  deflatedParts: Buffer[];
  /** Bytes of the page without its nonces, and a hash of it (the same on every server for the same content). */
  length: number;
  hash: string;
  bytes: number;
};

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0x03]);
/** The final, empty deflate block that ends the stream. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** Splits a page rendered with NONCE_PLACEHOLDER and compresses each part once. */
export function cachedBody(html: string): CachedBody {
  const parts = html.split(NONCE_PLACEHOLDER).map((part) => Buffer.from(part));
  // Each part is compressed on its own and flushed to a byte boundary: the parts' blocks and the nonces' stored
  // blocks then concatenate into one valid deflate stream, so a hit costs no compression.
  const deflatedParts = parts.map((part) =>
    deflateRawSync(part, { level: 6, finishFlush: constants.Z_SYNC_FLUSH }),
  );
  const length = parts.reduce((sum, part) => sum + part.byteLength, 0);
  const hash = createHash("sha256").update(html).digest("base64url").slice(0, 22);
  const bytes = length + deflatedParts.reduce((sum, part) => sum + part.byteLength, 0);
  return { parts, deflatedParts, length, hash, bytes };
}

/** The page with this response's nonce in every place the placeholder was. */
export function plainBody(body: CachedBody, nonce: string): Buffer {
  const chunks: Buffer[] = [];
  const nonceBytes = Buffer.from(nonce);
  body.parts.forEach((part, index) => {
    if (index > 0) chunks.push(nonceBytes);
    chunks.push(part);
  });
  return Buffer.concat(chunks);
}

/** The same page gzipped: the cached deflate blocks with the nonce as stored blocks between them. */
export function gzippedBody(body: CachedBody, nonce: string): Buffer {
  const nonceBytes = Buffer.from(nonce);
  const nonceBlock = storedBlock(nonceBytes);
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  body.deflatedParts.forEach((deflated, index) => {
    if (index > 0) {
      chunks.push(nonceBlock);
      crc = crc32(nonceBytes, crc);
    }
    chunks.push(deflated);
    crc = crc32(body.parts[index] ?? "", crc);
  });
  const size = body.length + nonceBytes.byteLength * (body.parts.length - 1);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  chunks.push(FINAL_BLOCK, trailer);
  return Buffer.concat(chunks);
}

/** A non-final stored deflate block (the stream is byte-aligned after each flushed part). */
function storedBlock(data: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.writeUInt8(0, 0);
  header.writeUInt16LE(data.byteLength, 1);
  header.writeUInt16LE(~data.byteLength & 0xffff, 3);
  return Buffer.concat([header, data]);
}
