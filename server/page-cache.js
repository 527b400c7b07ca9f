// The page cache (docs/decisions/004-page-cache.md): public GET answers for visitors
// without cookies, rendered once and then served from memory until the content version
// moves (triggers of app/db/migrations/002-content-version.ts bump it on every content
// write, whoever makes it). Plain JavaScript: server/index.js runs it without a TypeScript
// runtime, in front of Express, so a hit costs one prepared read and one buffer copy.
import { createHash } from "node:crypto";
import zlib from "node:zlib";
import { contentSecurityPolicy, isHttpsRequest, NONCE_CHARS, randomNonce } from "./security.js";

export const PUBLIC_CACHE_CONTROL = "public, max-age=0, must-revalidate";
export const PRIVATE_CACHE_CONTROL = "private, no-store";

/** Paths never stored: the back office, built assets, the health probe, uploaded files. */
const UNCACHED_PATHS = /^\/(admin|assets|healthz|uploads)(\/|$|\?|\.)/;
/** Answers worth keeping: pages and the English 404 page. */
const CACHED_STATUSES = new Set([200, 404]);
/** Headers the cache sets on each answer rather than replaying the first one's. */
const PER_RESPONSE_HEADERS = new Set([
  "cache-control",
  "connection",
  "content-encoding",
  "content-length",
  "content-security-policy",
  "date",
  "etag",
  "keep-alive",
  "set-cookie",
  "transfer-encoding",
  "vary",
  "x-powered-by",
]);
const MAX_ENTRY_BYTES = 2 * 1024 * 1024;

/**
 * True for a request whose answer may come from or go to the cache: GET or HEAD, no
 * cookie at all (the admin's session is one; none is needed to read the site), no
 * Authorization, not the back office.
 * @param {import("node:http").IncomingMessage} req
 * @param {string} url
 */
function isCacheableRequest(req, url) {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (req.headers.cookie || req.headers.authorization) return false;
  return !UNCACHED_PATHS.test(url);
}

/** @param {import("node:http").IncomingMessage} req @param {string} url */
function keyOf(req, url) {
  const host = (req.headers.host ?? "").toLowerCase();
  return `${isHttpsRequest(req) ? "https" : "http"}://${host}${url}`;
}

/** True when an If-None-Match header names this ETag (or is `*`). */
export function matchesEtag(header, etag) {
  if (!header) return false;
  return header
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === etag || tag === "*");
}

/** Offsets of every occurrence of `needle` in `body`. */
function offsetsOf(body, needle) {
  const offsets = [];
  if (!needle) return offsets;
  let at = body.indexOf(needle, 0, "latin1");
  while (at !== -1) {
    offsets.push(at);
    at = body.indexOf(needle, at + needle.length, "latin1");
  }
  return offsets;
}

/** True when an Accept-Encoding header takes gzip (every browser's does). */
function acceptsGzip(header) {
  return Boolean(header) && /\bgzip\b(?!;q=0(\.0*)?\b)/i.test(header);
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
function multModP(a, b) {
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
for (let k = 1; k < 64; k += 1) X2N.push(multModP(X2N[k - 1], X2N[k - 1]));
/** The operator that moves a CRC past `bytes` bytes. */
function crcShift(bytes) {
  let p = 0x80000000;
  for (let n = bytes, k = 3; n > 0; n = Math.floor(n / 2), k += 1) {
    if (n % 2) p = multModP(X2N[k & 63], p);
  }
  return p;
}
/** crc32(A + B) from crc32(A), crc32(B) and B's shift. */
const crcCombine = (crcA, crcB, shiftB) => (multModP(shiftB, crcA) ^ crcB) >>> 0;
const NONCE_SHIFT = crcShift(NONCE_CHARS);

/**
 * The tables a render depends on, with their versions before it; null (every table) when
 * it cannot be known: no versions per table, a query the tracker could not read, no table
 * at all, a table without its own version, or a write between the version the render is tagged with and
 * the tables' read.
 * @param {string} version
 * @param {{ version: string, tables: Map<string, string> } | null} before
 * @param {{ tables: Set<string>, complete: boolean } | null} reads
 * @returns {Map<string, string> | null}
 */
function dependencies(version, before, reads) {
  // A page reads the site's settings at least: nothing noted means the tracking missed it.
  if (!before || !reads?.complete || reads.tables.size === 0 || before.version !== version) {
    return null;
  }
  const tables = new Map();
  for (const table of reads.tables) {
    const tableVersion = before.tables.get(table);
    if (tableVersion === undefined) return null;
    tables.set(table, tableVersion);
  }
  return tables;
}

/** True when every table of `tables` still has its version in `now`. */
function unchanged(tables, now) {
  for (const [table, version] of tables) if (now.get(table) !== version) return false;
  return true;
}

/** The body cut around its nonces: parts[0], nonce, parts[1], nonce… parts[n]. */
function partsOf(body, nonceAt) {
  const parts = [];
  let from = 0;
  for (const at of nonceAt) {
    parts.push(body.subarray(from, at));
    from = at + NONCE_CHARS;
  }
  parts.push(body.subarray(from));
  return parts;
}

/**
 * @typedef {object} Entry
 * @property {string} version  content version at which the entry is known to be current
 * @property {Map<string, string> | null} tables  the tables the render read, with their
 *   versions before it; null: it depends on every table
 * @property {string} etag
 * @property {number} status
 * @property {string[]} headers  name, value, name, value… replayed on every answer
 * @property {number} length  bytes of the body, nonces included
 * @property {Buffer[]} parts  the body around its nonces (slices of one buffer, never copied)
 * @property {Buffer[]} deflated  each part deflated on its own, ending on a sync flush
 * @property {number[]} crcs  CRC-32 of each part
 * @property {number[]} shifts  crcShift of each part's length
 * @property {number} gzipLength  bytes of a gzip answer, nonce blocks and trailer included
 */

/**
 * A render under way for one key (single flight): visitors asking for the same page at the
 * same content version wait for it instead of rendering it again.
 * @typedef {object} Flight
 * @property {string} key
 * @property {string} version
 * @property {Promise<void>} done  settled once the answer is stored, or known not to be
 * @property {() => void} settle
 */

/**
 * @param {object} options
 * @param {() => (string | null | Promise<string | null>)} options.readVersion  null: cache nothing
 * @param {string} [options.buildId]  part of every ETag, so a new build is never a 304
 * @param {boolean} [options.enabled]  false: PAGE_CACHE=off, every answer rendered
 * @param {boolean} [options.dev]
 * @param {number} [options.maxBytes]  bodies kept at most, oldest use dropped first
 * @param {() => string} [options.nonce]  a fresh CSP nonce of NONCE_CHARS characters, the
 *   same source as securityMiddleware's (signed stamps in production: server/index.js)
 * @param {() => ({ version: string, tables: Map<string, string> } | null)} [options.readTableVersions]
 *   the site's version and each table's (SQLite): a write drops only the pages that read
 *   the tables it moved. Without it, a write drops every page.
 * @param {(work: () => void) => { tables: Set<string>, complete: boolean }} [options.trackTablesRead]
 *   runs the render noting the tables it reads (app/db/tables-read.server.ts)
 */
export function createPageCache({
  readVersion,
  buildId = "",
  enabled = true,
  dev = false,
  maxBytes = 32 * 1024 * 1024,
  nonce: freshNonce = randomNonce,
  readTableVersions,
  trackTablesRead,
}) {
  /** @type {Map<string, Entry>} */
  const entries = new Map();
  /**
   * The content version read last: every entry was rendered at it. A render that started
   * before a write another request has already seen is not kept.
   */
  let currentVersion = null;
  /** @type {Map<string, Flight>} */
  const flights = new Map();
  /** The flight a request leads, from serve (which saw the miss) to capture (which renders). */
  /** @type {WeakMap<import("node:http").IncomingMessage, Flight>} */
  const leading = new WeakMap();
  let bytes = 0;
  const stats = { hits: 0, notModified: 0, stored: 0, cleared: 0, waited: 0 };

  function clear() {
    if (entries.size > 0) stats.cleared += 1;
    entries.clear();
    bytes = 0;
  }

  function etagFor(version, key) {
    const hash = createHash("sha1").update(key).digest("base64url").slice(0, 12);
    return `"${version}-${buildId}-${hash}"`;
  }

  function store(key, entry) {
    if (entry.version !== currentVersion) return;
    const previous = entries.get(key);
    if (previous) bytes -= previous.length;
    entries.delete(key);
    entries.set(key, entry);
    bytes += entry.length;
    stats.stored += 1;
    for (const [oldKey, old] of entries) {
      if (bytes <= maxBytes) break;
      entries.delete(oldKey);
      bytes -= old.length;
    }
  }

  /**
   * When the content version moved: keeps the entries whose tables all kept their
   * versions (they are current at the new one too), drops the others.
   */
  function follow(version) {
    if (version === currentVersion) return;
    currentVersion = version;
    if (entries.size === 0) return;
    const now = readTableVersions?.() ?? null;
    if (!now) {
      clear();
      return;
    }
    for (const [key, entry] of entries) {
      if (entry.tables && unchanged(entry.tables, now.tables)) {
        entry.version = version;
        continue;
      }
      entries.delete(key);
      bytes -= entry.length;
    }
    stats.cleared += 1;
  }

  /** 304: no body, and no CSP header, so the browser keeps the policy of the body it has. */
  function notModified(res, etag, cacheControl = PUBLIC_CACHE_CONTROL) {
    stats.notModified += 1;
    res.removeHeader?.("Content-Security-Policy");
    res.writeHead(304, {
      ETag: etag,
      "Cache-Control": cacheControl,
      Vary: "Accept-Encoding, Cookie",
    });
    res.end();
  }

  /**
   * Answers from the entry: the stored parts with a fresh nonce between them, written
   * as they are (one writev), gzip assembled from the parts deflated at store time.
   */
  function answer(req, res, key, entry) {
    // Most recently used last: eviction drops from the front.
    entries.delete(key);
    entries.set(key, entry);
    if (matchesEtag(req.headers["if-none-match"], entry.etag)) {
      notModified(res, entry.etag);
      return;
    }
    stats.hits += 1;
    const nonce = freshNonce();
    const gzip = req.method === "GET" && acceptsGzip(req.headers["accept-encoding"]);
    res.writeHead(entry.status, [
      ...entry.headers,
      "Content-Security-Policy",
      contentSecurityPolicy(nonce, dev),
      "ETag",
      entry.etag,
      "Cache-Control",
      PUBLIC_CACHE_CONTROL,
      "Vary",
      "Accept-Encoding, Cookie",
      "X-Page-Cache",
      "hit",
      ...(gzip ? ["Content-Encoding", "gzip"] : []),
      "Content-Length",
      String(gzip ? entry.gzipLength : entry.length),
    ]);
    if (req.method === "HEAD") {
      res.end();
      return;
    }
    const last = entry.parts.length - 1;
    if (!gzip) {
      for (let i = 0; i < last; i += 1) {
        res.write(entry.parts[i]);
        res.write(nonce, "latin1");
      }
      res.end(entry.parts[last]);
      return;
    }
    const nonceCrc = zlib.crc32(nonce);
    let crc = entry.crcs[0];
    res.write(GZIP_HEADER);
    for (let i = 0; i < last; i += 1) {
      res.write(entry.deflated[i]);
      res.write(NONCE_BLOCK_HEADER);
      res.write(nonce, "latin1");
      crc = crcCombine(crc, nonceCrc, NONCE_SHIFT);
      crc = crcCombine(crc, entry.crcs[i + 1], entry.shifts[i + 1]);
    }
    res.write(entry.deflated[last]);
    res.write(LAST_EMPTY_BLOCK);
    const trailer = Buffer.allocUnsafe(8);
    trailer.writeUInt32LE(crc >>> 0, 0);
    trailer.writeUInt32LE(entry.length >>> 0, 4);
    res.end(trailer);
  }

  /** A new flight for this key and version, led by the request that saw the miss. */
  function takeOff(req, res, key, version) {
    let settle = () => undefined;
    const done = new Promise((resolve) => (settle = resolve));
    const flight = {
      key,
      version,
      done,
      settle: () => {
        if (flights.get(key) === flight) flights.delete(key);
        settle();
      },
    };
    flights.set(key, flight);
    leading.set(req, flight);
    // However this request ends (stored, an error, a static file), the waiting ones go on.
    res.once("close", flight.settle);
  }

  /**
   * After reading the version: a hit is answered; a miss either waits for the render of
   * the same page at the same version under way (then answers from what it stored), or
   * becomes that render. A flight at an older version is never joined: the next request
   * after a save renders the saved content.
   * @returns {boolean | Promise<boolean>} false when the request must be rendered
   */
  function lookUp(req, res, key, version) {
    if (version === null) return false;
    follow(version);
    const entry = entries.get(key);
    if (entry) {
      answer(req, res, key, entry);
      return true;
    }
    const flight = flights.get(key);
    if (flight && flight.version === version) {
      stats.waited += 1;
      return flight.done.then(() => {
        const stored = entries.get(key);
        // Nothing kept (an error, a cookie set, a 304): this request renders its own.
        if (!stored || stored.version !== version) return false;
        answer(req, res, key, stored);
        return true;
      });
    }
    // HEAD answers have no body to keep: they never lead.
    if (req.method === "GET") takeOff(req, res, key, version);
    return false;
  }

  /**
   * Mounted before Express: answers a hit, returns false (or a promise of false) for
   * anything the app must render.
   * @param {import("node:http").IncomingMessage} req
   * @param {import("node:http").ServerResponse} res
   * @returns {boolean | Promise<boolean>}
   */
  function serve(req, res) {
    if (!enabled) return false;
    const url = req.url ?? "/";
    if (!isCacheableRequest(req, url)) return false;
    const key = keyOf(req, url);
    let version;
    try {
      version = readVersion();
    } catch {
      return false;
    }
    if (version instanceof Promise) {
      return version.then(
        (current) => lookUp(req, res, key, current),
        () => false,
      );
    }
    return lookUp(req, res, key, version);
  }

  /**
   * Express middleware placed just before the React Router handler: marks answers to
   * signed-in browsers private, and for visitors tags the answer with the content version
   * read *before* the render (by serve, or here) and keeps the body once it is complete.
   * @type {import("express").RequestHandler}
   */
  function capture(req, res, next) {
    const url = req.originalUrl;
    if (!isCacheableRequest(req, url)) {
      // Anything rendered for a browser with a cookie (an admin looking at the site, a
      // draft preview) is for that browser alone.
      if (req.headers.cookie && !url.startsWith("/uploads/")) {
        const writeHead = res.writeHead;
        res.writeHead = function (...args) {
          if (!/no-store/.test(String(res.getHeader("Cache-Control") ?? ""))) {
            res.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
          }
          res.setHeader("Vary", "Cookie");
          return writeHead.apply(this, args);
        };
      }
      next();
      return;
    }
    if (!enabled) {
      next();
      return;
    }
    const flight = leading.get(req);
    let pending;
    try {
      pending = flight ? flight.version : readVersion();
    } catch (error) {
      next(error);
      return;
    }
    Promise.resolve(pending).then((version) => {
      if (version === null) return next();
      if (!flight) follow(version);
      const key = keyOf(req, url);
      const etag = etagFor(version, key);
      if (matchesEtag(req.headers["if-none-match"], etag)) return notModified(res, etag);
      const nonce = typeof res.locals.cspNonce === "string" ? res.locals.cspNonce : "";
      /** @type {Buffer[] | null} */
      let chunks = req.method === "GET" ? [] : null;
      let size = 0;
      /** @type {string[] | null} */
      let replayed = null;
      /** The tables' versions before the render, and what it read. */
      const before = readTableVersions?.() ?? null;
      /** @type {{ tables: Set<string>, complete: boolean } | null} */
      let reads = null;

      const collect = (chunk, encoding) => {
        if (!chunks || chunk === undefined || chunk === null || typeof chunk === "function") {
          return;
        }
        const buffer = Buffer.isBuffer(chunk)
          ? chunk
          : typeof chunk === "string"
            ? Buffer.from(chunk, typeof encoding === "string" ? encoding : "utf8")
            : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
        size += buffer.length;
        if (size > MAX_ENTRY_BYTES) chunks = null;
        else chunks.push(buffer);
      };

      const writeHead = res.writeHead;
      res.writeHead = function (status, ...rest) {
        const code = typeof status === "number" ? status : res.statusCode;
        const cacheControl = String(res.getHeader("Cache-Control") ?? "");
        const cacheable =
          CACHED_STATUSES.has(code) &&
          res.getHeader("Set-Cookie") === undefined &&
          !/private|no-store/.test(cacheControl) &&
          rest.every((arg) => typeof arg === "string");
        if (cacheable) {
          res.setHeader("ETag", etag);
          if (!cacheControl) res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL);
          res.setHeader("Vary", "Cookie");
          replayed = [];
          for (const [name, value] of Object.entries(res.getHeaders())) {
            if (PER_RESPONSE_HEADERS.has(name) || value === undefined) continue;
            for (const one of Array.isArray(value) ? value : [value]) {
              replayed.push(name, String(one));
            }
          }
        } else {
          chunks = null;
        }
        return writeHead.call(this, status, ...rest);
      };
      const write = res.write;
      res.write = function (chunk, encoding, ...rest) {
        collect(chunk, encoding);
        return write.call(this, chunk, encoding, ...rest);
      };
      const end = res.end;
      res.end = function (chunk, encoding, ...rest) {
        collect(chunk, encoding);
        return end.call(this, chunk, encoding, ...rest);
      };
      res.on("finish", () => {
        if (!chunks || !replayed) return;
        const body = Buffer.concat(chunks);
        // A nonce of another length could not be swapped in place: keep the page without.
        const nonceAt = nonce.length === NONCE_CHARS ? offsetsOf(body, nonce) : [];
        if (nonce && nonceAt.length === 0 && body.includes(nonce)) return;
        const parts = partsOf(body, nonceAt);
        const deflated = parts.map((part) => zlib.deflateRawSync(part, DEFLATE_OPTIONS));
        const gzipLength =
          GZIP_HEADER.length +
          deflated.reduce((sum, part) => sum + part.length, 0) +
          nonceAt.length * (NONCE_BLOCK_HEADER.length + NONCE_CHARS) +
          LAST_EMPTY_BLOCK.length +
          8;
        store(key, {
          version,
          tables: dependencies(version, before, reads),
          etag,
          status: res.statusCode,
          headers: replayed,
          length: body.length,
          parts,
          deflated,
          crcs: parts.map((part) => zlib.crc32(part)),
          shifts: parts.map((part) => crcShift(part.length)),
          gzipLength,
        });
      });
      if (trackTablesRead) reads = trackTablesRead(next);
      else next();
    }, next);
  }

  return {
    serve,
    capture,
    clear,
    stats: () => ({ ...stats, entries: entries.size, bytes, flights: flights.size }),
  };
}
