// One page kept by the page cache (server/page-cache.ts): its body cut around the CSP
// nonces, so each answer writes the same bytes with a fresh nonce between them, and the
// same parts deflated once, so a gzip answer is assembled, never compressed again.
import type { ServerResponse } from "node:http";
import zlib from "node:zlib";
import { NONCE_CHARS } from "./security";

export interface CachedPage {
  /** The content version at which the page is known to be current. */
  version: string;
  /** The tables the render read, with their versions before it; null: every table. */
  tables: Map<string, string> | null;
  etag: string;
  status: number;
  /** Name, value, name, value… replayed on every answer. */
  headers: string[];
  /** Bytes of the body, nonces included. */
  length: number;
  /** The body around its nonces (slices of one buffer, never copied). */
  parts: Buffer[];
  /** Each part deflated on its own, ending on a sync flush. */
  deflated: Buffer[];
  /** CRC-32 of each part. */
  crcs: number[];
  /** crcShift of each part's length. */
  shifts: number[];
  /** Bytes of a gzip answer, nonce blocks and trailer included. */
  gzipLength: number;
}

// A hit's gzip body is assembled, never compressed: the static parts of the page are
// deflated once when stored (each ending on a sync flush, so byte-aligned), and each
// fresh nonce goes between them as a stored (uncompressed) deflate block. RFC 1951/1952.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const LAST_EMPTY_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff]);
const NONCE_BLOCK_HEADER = Buffer.from([0, NONCE_CHARS, 0, ~NONCE_CHARS & 0xff, 0xff]);
const DEFLATE_OPTIONS = { level: 9, memLevel: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH };

// CRC-32 of a concatenation from the CRCs of its pieces (zlib's crc32_combine, in GF(2)):
// a hit's gzip trailer costs a few multiplications, not a pass over the whole body.
const CRC_POLY = 0xedb88320;
function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ CRC_POLY : b >>> 1;
  }
  return p >>> 0;
}
/** x^(2^k) modulo the CRC polynomial, k = 0…63. */
const X2N = [0x40000000];
for (let k = 1; k < 64; k += 1) X2N.push(multModP(X2N[k - 1]!, X2N[k - 1]!));
/** The operator that moves a CRC past `bytes` bytes. */
function crcShift(bytes: number): number {
  let p = 0x80000000;
  for (let n = bytes, k = 3; n > 0; n = Math.floor(n / 2), k += 1) {
    if (n % 2) p = multModP(X2N[k & 63]!, p);
  }
  return p;
}
/** crc32(A + B) from crc32(A), crc32(B) and B's shift. */
const crcCombine = (crcA: number, crcB: number, shiftB: number) =>
  (multModP(shiftB, crcA) ^ crcB) >>> 0;
const NONCE_SHIFT = crcShift(NONCE_CHARS);

/** Offsets of every occurrence of `needle` in `body`. */
function offsetsOf(body: Buffer, needle: string): number[] {
  const offsets: number[] = [];
  if (!needle) return offsets;
  let at = body.indexOf(needle, 0, "latin1");
  while (at !== -1) {
    offsets.push(at);
    at = body.indexOf(needle, at + needle.length, "latin1");
  }
  return offsets;
}

/** The body cut around its nonces: parts[0], nonce, parts[1], nonce… parts[n]. */
function partsOf(body: Buffer, nonceAt: number[]): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (const at of nonceAt) {
    parts.push(body.subarray(from, at));
    from = at + NONCE_CHARS;
  }
  parts.push(body.subarray(from));
  return parts;
}

/**
 * The page to keep from a rendered answer whose body holds `nonce` where its CSP nonce
 * goes; null when the nonce cannot be swapped in place (another length), since every
 * answer needs a fresh one.
 */
export function cachePage(
  answer: Pick<CachedPage, "version" | "tables" | "etag" | "status" | "headers">,
  body: Buffer,
  nonce: string,
): CachedPage | null {
  const nonceAt = nonce.length === NONCE_CHARS ? offsetsOf(body, nonce) : [];
  if (nonce && nonceAt.length === 0 && body.includes(nonce)) return null;
  const parts = partsOf(body, nonceAt);
  const deflated = parts.map((part) => zlib.deflateRawSync(part, DEFLATE_OPTIONS));
  const gzipLength =
    GZIP_HEADER.length +
    deflated.reduce((sum, part) => sum + part.length, 0) +
    nonceAt.length * (NONCE_BLOCK_HEADER.length + NONCE_CHARS) +
    LAST_EMPTY_BLOCK.length +
    8;
  return {
    ...answer,
    length: body.length,
    parts,
    deflated,
    crcs: parts.map((part) => zlib.crc32(part)),
    shifts: parts.map((part) => crcShift(part.length)),
    gzipLength,
  };
}

/** Writes the page's body with `nonce` in its nonces' places, as it is or in gzip. */
export function writePage(
  res: ServerResponse,
  page: CachedPage,
  nonce: string,
  gzip: boolean,
): void {
  const last = page.parts.length - 1;
  if (!gzip) {
    for (let i = 0; i < last; i += 1) {
      res.write(page.parts[i]);
      res.write(nonce, "latin1");
    }
    res.end(page.parts[last]);
    return;
  }
  const nonceCrc = zlib.crc32(nonce);
  let crc = page.crcs[0]!;
  res.write(GZIP_HEADER);
  for (let i = 0; i < last; i += 1) {
    res.write(page.deflated[i]);
    res.write(NONCE_BLOCK_HEADER);
    res.write(nonce, "latin1");
    crc = crcCombine(crc, nonceCrc, NONCE_SHIFT);
    crc = crcCombine(crc, page.crcs[i + 1]!, page.shifts[i + 1]!);
  }
  res.write(page.deflated[last]);
  res.write(LAST_EMPTY_BLOCK);
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(page.length >>> 0, 4);
  res.end(trailer);
}
