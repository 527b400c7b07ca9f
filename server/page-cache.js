// The page cache (docs/decisions/004-page-cache.md): public GET answers for visitors
// without cookies, rendered once and then served from memory until the content version
// moves (triggers of app/db/migrations/002-content-version.ts bump it on every content
// write, whoever makes it). Plain JavaScript: server/index.js runs it without a TypeScript
// runtime, in front of Express, so a hit costs one prepared read and one buffer copy.
import { createHash, randomFillSync } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { contentSecurityPolicy, isHttpsRequest } from "./security.js";

export const PUBLIC_CACHE_CONTROL = "public, max-age=0, must-revalidate";
export const PRIVATE_CACHE_CONTROL = "private, no-store";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
// The compression middleware's own settings (node_modules/compression): same bytes either way.
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

/** Paths never stored: the back office, the health probe, uploaded files. */
const UNCACHED_PATHS = /^\/(admin|healthz|uploads)(\/|$|\?|\.)/;
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

// Nonces come from a pool of random bytes refilled 256 at a time: the same 128-bit values
// as randomBytes(16), at a fraction of the cost per answer.
const noncePool = Buffer.alloc(16 * 256);
let noncePoolOffset = noncePool.length;
/** A fresh CSP nonce: 16 random bytes in base64, always 24 characters. */
export function freshNonce() {
  if (noncePoolOffset === noncePool.length) {
    randomFillSync(noncePool);
    noncePoolOffset = 0;
  }
  const nonce = noncePool.toString("base64", noncePoolOffset, noncePoolOffset + 16);
  noncePoolOffset += 16;
  return nonce;
}

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

/** The encoding to answer with: brotli, then gzip, else none. */
function preferredEncoding(header) {
  if (!header) return null;
  const accepted = header.toLowerCase();
  if (/\bbr\b(?!;q=0(\.0*)?\b)/.test(accepted)) return "br";
  if (/\bgzip\b(?!;q=0(\.0*)?\b)/.test(accepted)) return "gzip";
  return null;
}

/**
 * @typedef {object} Entry
 * @property {string} version  content version read before the render
 * @property {string} etag
 * @property {number} status
 * @property {string[]} headers  name, value, name, value… replayed on every answer
 * @property {Buffer} body  the first render, its nonce at `nonceAt`
 * @property {number[]} nonceAt
 */

/**
 * @param {object} options
 * @param {() => (string | null | Promise<string | null>)} options.readVersion  null: cache nothing
 * @param {string} [options.buildId]  part of every ETag, so a new build is never a 304
 * @param {boolean} [options.enabled]  false: PAGE_CACHE=off, every answer rendered
 * @param {boolean} [options.dev]
 * @param {number} [options.maxBytes]  bodies kept at most, oldest use dropped first
 */
export function createPageCache({
  readVersion,
  buildId = "",
  enabled = true,
  dev = false,
  maxBytes = 32 * 1024 * 1024,
}) {
  /** @type {Map<string, Entry>} */
  const entries = new Map();
  let bytes = 0;
  const stats = { hits: 0, notModified: 0, stored: 0, cleared: 0 };

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
    const previous = entries.get(key);
    if (previous) bytes -= previous.body.length;
    entries.delete(key);
    entries.set(key, entry);
    bytes += entry.body.length;
    stats.stored += 1;
    for (const [oldKey, old] of entries) {
      if (bytes <= maxBytes) break;
      entries.delete(oldKey);
      bytes -= old.body.length;
    }
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
   * Answers from the entry when the content version is still the one it was rendered at.
   * @returns {boolean} false when the request must be rendered
   */
  function answer(req, res, key, entry, version) {
    if (version === null) return false;
    if (version !== entry.version) {
      clear();
      return false;
    }
    // Most recently used last: eviction drops from the front.
    entries.delete(key);
    entries.set(key, entry);
    if (matchesEtag(req.headers["if-none-match"], entry.etag)) {
      notModified(res, entry.etag);
      return true;
    }
    stats.hits += 1;
    const nonce = freshNonce();
    let body = entry.body;
    if (entry.nonceAt.length > 0) {
      body = Buffer.allocUnsafe(entry.body.length);
      entry.body.copy(body);
      for (const at of entry.nonceAt) body.write(nonce, at, "latin1");
    }
    const headers = [
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
    ];
    const encoding =
      req.method === "GET" ? preferredEncoding(req.headers["accept-encoding"]) : null;
    if (!encoding) {
      res.writeHead(entry.status, [...headers, "Content-Length", String(body.length)]);
      res.end(req.method === "HEAD" ? undefined : body);
      return true;
    }
    const compress = encoding === "br" ? brotli(body, BROTLI_OPTIONS) : gzip(body);
    compress.then(
      (compressed) => {
        res.writeHead(entry.status, [
          ...headers,
          "Content-Encoding",
          encoding,
          "Content-Length",
          String(compressed.length),
        ]);
        res.end(compressed);
      },
      () => {
        res.writeHead(entry.status, [...headers, "Content-Length", String(body.length)]);
        res.end(body);
      },
    );
    return true;
  }

  /**
   * Mounted before Express: answers a hit, returns false (or a promise of false) for
   * anything the app must render.
   * @param {import("node:http").IncomingMessage} req
   * @param {import("node:http").ServerResponse} res
   * @returns {boolean | Promise<boolean>}
   */
  function serve(req, res) {
    if (!enabled || entries.size === 0) return false;
    const url = req.url ?? "/";
    if (!isCacheableRequest(req, url)) return false;
    const key = keyOf(req, url);
    const entry = entries.get(key);
    if (!entry) return false;
    let version;
    try {
      version = readVersion();
    } catch {
      return false;
    }
    if (version instanceof Promise) {
      return version.then(
        (current) => answer(req, res, key, entry, current),
        () => false,
      );
    }
    return answer(req, res, key, entry, version);
  }

  /**
   * Express middleware placed just before the React Router handler: marks answers to
   * signed-in browsers private, and for visitors reads the content version *before* the
   * render, tags the answer with it and keeps the body once it is complete.
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
    let pending;
    try {
      pending = readVersion();
    } catch (error) {
      next(error);
      return;
    }
    Promise.resolve(pending).then((version) => {
      if (version === null) return next();
      const key = keyOf(req, url);
      const etag = etagFor(version, key);
      if (matchesEtag(req.headers["if-none-match"], etag)) return notModified(res, etag);
      const nonce = typeof res.locals.cspNonce === "string" ? res.locals.cspNonce : "";
      /** @type {Buffer[] | null} */
      let chunks = req.method === "GET" ? [] : null;
      let size = 0;
      /** @type {string[] | null} */
      let replayed = null;

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
        store(key, {
          version,
          etag,
          status: res.statusCode,
          headers: replayed,
          body,
          nonceAt: offsetsOf(body, nonce),
        });
      });
      next();
    }, next);
  }

  return {
    serve,
    capture,
    clear,
    stats: () => ({ ...stats, entries: entries.size, bytes }),
  };
}
