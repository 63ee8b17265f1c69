import { createHash, randomBytes } from "node:crypto";
import { constants, crc32, deflateRawSync, inflateRawSync } from "node:zlib";

/**
 * What the cached render puts wherever the page's CSP nonce goes: letters and digits only, so HTML escaping never
 * changes it, and unguessable, so no page text can contain it (docs/decisions/028-visitor-page-cache.md).
 */
export const NONCE_PLACEHOLDER = `cspnonce${randomBytes(12).toString("hex")}`;

/**
 * A rendered page split around its nonces, kept only as ready-made deflate blocks (about a fifth of the page):
 * with each part's length and CRC-32, a gzip answer needs no compression and no pass over the page's bytes.
 */
export type CachedBody = {
  deflatedParts: Buffer[];
  partLengths: number[];
  partCrcs: number[];
  /** Bytes of the page without its nonces, and a hash of it (the same on every server for the same content). */
  length: number;
  hash: string;
  /** What the entry holds in memory. */
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
  const partLengths = parts.map((part) => part.byteLength);
  const length = partLengths.reduce((sum, bytes) => sum + bytes, 0);
  const hash = createHash("sha256").update(html).digest("base64url").slice(0, 22);
  const bytes = deflatedParts.reduce((sum, part) => sum + part.byteLength, 0);
  return { deflatedParts, partLengths, partCrcs: parts.map((part) => crc32(part)), length, hash, bytes };
}

/** The page with this response's nonce in every place the placeholder was. */
export function plainBody(body: CachedBody, nonce: string): Buffer {
  // Only a client that takes no gzip (rare) costs an inflate.
  return inflateRawSync(Buffer.concat([...deflateStream(body, Buffer.from(nonce)), FINAL_BLOCK]));
}

/** The same page gzipped: the cached deflate blocks with the nonce as stored blocks between them. */
export function gzippedBody(body: CachedBody, nonce: string): Buffer {
  const nonceBytes = Buffer.from(nonce);
  const nonceCrc = crc32(nonceBytes);
  let crc = 0;
  body.partCrcs.forEach((partCrc, index) => {
    if (index > 0) crc = crc32Combine(crc, nonceCrc, nonceBytes.byteLength);
    crc = crc32Combine(crc, partCrc, body.partLengths[index] ?? 0);
  });
  const size = body.length + nonceBytes.byteLength * (body.deflatedParts.length - 1);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  return Buffer.concat([GZIP_HEADER, ...deflateStream(body, nonceBytes), FINAL_BLOCK, trailer]);
}

/** The parts' deflate blocks with the nonce as a stored block between each two (no final block). */
function deflateStream(body: CachedBody, nonce: Buffer): Buffer[] {
  const nonceBlock = storedBlock(nonce);
  return body.deflatedParts.flatMap((deflated, index) => (index > 0 ? [nonceBlock, deflated] : [deflated]));
}

/** A non-final stored deflate block (the stream is byte-aligned after each flushed part). */
function storedBlock(data: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.writeUInt8(0, 0);
  header.writeUInt16LE(data.byteLength, 1);
  header.writeUInt16LE(~data.byteLength & 0xffff, 3);
  return Buffer.concat([header, data]);
}

// CRC-32 of two concatenated byte strings from the CRC-32 of each and the second's length, as zlib's
// crc32_combine does it (polynomials over GF(2), reflected), which node:zlib does not expose.
const CRC_POLYNOMIAL = 0xedb88320;

/** a * b modulo the CRC polynomial. */
function multiplyModulo(a: number, b: number): number {
  let mask = 0x80000000;
  let product = 0;
  let multiplier = b >>> 0;
  for (;;) {
    if ((a & mask) !== 0) {
      product ^= multiplier;
      if ((a & (mask - 1)) === 0) break;
    }
    mask >>>= 1;
    if (mask === 0) break;
    multiplier = multiplier & 1 ? (multiplier >>> 1) ^ CRC_POLYNOMIAL : multiplier >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, for k = 0..31. */
const POWERS_OF_X = (() => {
  const table = new Array<number>(32);
  let power = 0x40000000; // x^1
  table[0] = power;
  for (let k = 1; k < 32; k++) table[k] = power = multiplyModulo(power, power);
  return table;
})();

/** x^(n * 2^k) modulo the polynomial. */
function powerOfX(n: number, k: number): number {
  let power = 0x80000000; // x^0
  let shift = k;
  for (let rest = n; rest > 0; rest = Math.floor(rest / 2)) {
    if (rest % 2 === 1) power = multiplyModulo(POWERS_OF_X[shift & 31] ?? 0, power);
    shift += 1;
  }
  return power;
}

/** CRC-32 of A followed by B, from CRC-32(A), CRC-32(B) and B's length in bytes. */
export function crc32Combine(first: number, second: number, secondLength: number): number {
  return (multiplyModulo(powerOfX(secondLength, 3), first) ^ second) >>> 0;
}
