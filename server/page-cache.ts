// The page cache (docs/decisions/004-page-cache.md): public GET answers for visitors
// without cookies, rendered once and then served from memory until the content version
// moves (triggers of app/db/migrations/002-content-version.ts bump it on every content
// write, whoever makes it). server/index.ts puts it in front of Express, so a hit costs
// one prepared read and the writes of the stored parts.
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { cachePage, writePage, type CachedPage } from "./cached-page";
import { beforeHead, captureAnswer, holdAnswer, type CapturedAnswer } from "./capture-answer";
import { dependencies, unchanged, type TablesRead, type TableVersions } from "./page-versions";
import {
  acceptsGzip,
  CACHED_STATUSES,
  isCacheableRequest,
  keyOf,
  matchesEtag,
  MAX_ENTRY_BYTES,
  PRIVATE_CACHE_CONTROL,
  PUBLIC_CACHE_CONTROL,
  replayedHeaders,
} from "./cache-rules";
import { contentSecurityPolicy, randomNonce } from "./security";

export { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from "./cache-rules";

export interface PageCacheOptions {
  /** The content version; null: cache nothing. */
  readVersion: () => string | null | Promise<string | null>;
  /** Part of every ETag, so a new build is never a 304. */
  buildId?: string;
  /** False: PAGE_CACHE=off, every answer rendered. */
  enabled?: boolean;
  dev?: boolean;
  /** Bodies kept at most, oldest use dropped first. */
  maxBytes?: number;
  /**
   * A fresh CSP nonce of NONCE_CHARS characters, the same source as securityMiddleware's
   * (signed stamps in production: server/index.ts).
   */
  nonce?: () => string;
  /**
   * The site's version and each table's: a write drops only the pages that read the
   * tables it moved. Without it, a write drops every page.
   */
  readTableVersions?: () => TableVersions | null;
  /** Runs the render noting the tables it reads (app/db/tables-read.server.ts). */
  trackTablesRead?: (work: () => void) => TablesRead;
  /**
   * The club's day ("YYYY-MM-DD" in Paris): pages showing dated sessions change at its
   * midnight without a save, so every page kept is dropped when it changes, and the day
   * is part of every ETag (a browser's copy of yesterday is never a 304).
   */
  today?: () => string;
}

/**
 * A render under way for one key (single flight): visitors asking for the same page at the
 * same content version wait for it instead of rendering it again.
 */
interface Flight {
  key: string;
  version: string;
  /** Settled once the answer is stored, or known not to be. */
  done: Promise<void>;
  settle: () => void;
}

export function createPageCache({
  readVersion,
  buildId = "",
  enabled = true,
  dev = false,
  maxBytes = 32 * 1024 * 1024,
  nonce: freshNonce = randomNonce,
  readTableVersions,
  trackTablesRead,
  today = () => "",
}: PageCacheOptions) {
  const entries = new Map<string, CachedPage>();
  /**
   * The content version read last: every entry was rendered at it. A render that started
   * before a write another request has already seen is not kept.
   */
  let currentVersion: string | null = null;
  /** The day every entry was rendered on. */
  let currentDay = today();
  const flights = new Map<string, Flight>();
  /** The flight a request leads, from serve (which saw the miss) to capture (which renders). */
  const leading = new WeakMap<IncomingMessage, Flight>();
  let bytes = 0;
  const stats = { hits: 0, notModified: 0, stored: 0, cleared: 0, waited: 0 };

  function clear() {
    if (entries.size > 0) stats.cleared += 1;
    entries.clear();
    bytes = 0;
  }

  function etagFor(version: string, key: string): string {
    const hash = createHash("sha1").update(key).digest("base64url").slice(0, 12);
    return `"${version}-${currentDay}-${buildId}-${hash}"`;
  }

  function store(key: string, entry: CachedPage) {
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
  function follow(version: string) {
    const day = today();
    if (day !== currentDay) {
      currentDay = day;
      clear();
    }
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
  function notModified(res: ServerResponse, etag: string) {
    stats.notModified += 1;
    res.removeHeader("Content-Security-Policy");
    res.writeHead(304, {
      ETag: etag,
      "Cache-Control": PUBLIC_CACHE_CONTROL,
      Vary: "Accept-Encoding, Cookie",
    });
    res.end();
  }

  /**
   * Answers from the entry: its head, then its body with a fresh nonce (writePage). `hit`
   * false: the answer to the request that rendered it (no X-Page-Cache header).
   */
  function answer(
    req: IncomingMessage,
    res: ServerResponse,
    key: string,
    entry: CachedPage,
    hit = true,
  ) {
    // Most recently used last: eviction drops from the front.
    entries.delete(key);
    entries.set(key, entry);
    if (matchesEtag(req.headers["if-none-match"], entry.etag)) {
      notModified(res, entry.etag);
      return;
    }
    if (hit) stats.hits += 1;
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
      ...(hit ? ["X-Page-Cache", "hit"] : []),
      ...(gzip ? ["Content-Encoding", "gzip"] : []),
      "Content-Length",
      String(gzip ? entry.gzipLength : entry.length),
    ]);
    if (req.method === "HEAD") res.end();
    else writePage(res, entry, nonce, gzip);
  }

  /** A new flight for this key and version, led by the request that saw the miss. */
  function takeOff(req: IncomingMessage, res: ServerResponse, key: string, version: string) {
    let resolve = () => {};
    const done = new Promise<void>((settled) => (resolve = settled));
    const flight: Flight = {
      key,
      version,
      done,
      settle: () => {
        if (flights.get(key) === flight) flights.delete(key);
        resolve();
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
   * after a save renders the saved content. False: the request must be rendered.
   */
  function lookUp(
    req: IncomingMessage,
    res: ServerResponse,
    key: string,
    version: string | null,
  ): boolean | Promise<boolean> {
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
   */
  function serve(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean> {
    if (!enabled) return false;
    const url = req.url ?? "/";
    if (!isCacheableRequest(req, url)) return false;
    const key = keyOf(req, url);
    let version: ReturnType<PageCacheOptions["readVersion"]>;
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
   */
  const capture: RequestHandler = (req, res, next) => {
    const url = req.originalUrl;
    if (!isCacheableRequest(req, url)) {
      // Anything rendered for a browser with a cookie (an admin looking at the site, a
      // draft preview) is for that browser alone.
      if (req.headers.cookie && !url.startsWith("/uploads/")) {
        beforeHead(res, () => {
          if (!/no-store/.test(String(res.getHeader("Cache-Control") ?? ""))) {
            res.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
          }
          res.setHeader("Vary", "Cookie");
        });
      }
      next();
      return;
    }
    if (!enabled) {
      next();
      return;
    }
    const flight = leading.get(req);
    let pending: ReturnType<PageCacheOptions["readVersion"]>;
    try {
      pending = flight ? flight.version : readVersion();
    } catch (error) {
      next(error);
      return;
    }
    Promise.resolve(pending).then((version) => {
      if (version === null) return next();
      // The leader's version was read by serve; the day may have turned since.
      follow(flight ? (currentVersion ?? version) : version);
      const day = currentDay;
      const key = keyOf(req, url);
      const etag = etagFor(version, key);
      if (matchesEtag(req.headers["if-none-match"], etag)) return notModified(res, etag);
      const nonce = typeof res.locals.cspNonce === "string" ? res.locals.cspNonce : "";
      /** The tables' versions before the render, and what it read. */
      const before = readTableVersions?.() ?? null;
      let reads: TablesRead | null = null;
      const keep = (status: number) => {
        const cacheControl = String(res.getHeader("Cache-Control") ?? "");
        const cacheable =
          CACHED_STATUSES.has(status) &&
          res.getHeader("Set-Cookie") === undefined &&
          !/private|no-store/.test(cacheControl);
        if (cacheable) {
          res.setHeader("ETag", etag);
          if (!cacheControl) res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL);
          res.setHeader("Vary", "Cookie");
        }
        // A HEAD answer has no body to keep.
        return cacheable && req.method === "GET";
      };
      /** Stores the finished render; the page kept, or null. */
      const keepPage = ({ status, headers, body }: CapturedAnswer) => {
        const tables = dependencies(version, before, reads);
        const answer = { version, tables, etag, status, headers: replayedHeaders(headers) };
        const page = cachePage(answer, body, nonce);
        // Rendered before midnight, finished after: yesterday's page is not kept.
        if (!page || day !== currentDay) return null;
        store(key, page);
        return entries.get(key) === page ? page : null;
      };
      if (flight) {
        // The visitor whose request renders is answered like those waiting for it.
        holdAnswer(res, {
          keep,
          maxBytes: MAX_ENTRY_BYTES,
          done: (captured) => {
            const page = keepPage(captured);
            flight.settle();
            if (!page) return false;
            for (const name of res.getHeaderNames()) res.removeHeader(name);
            answer(req, res, key, page, false);
            return true;
          },
        });
      } else {
        captureAnswer(res, { keep, maxBytes: MAX_ENTRY_BYTES, done: keepPage });
      }
      if (trackTablesRead) reads = trackTablesRead(next);
      else next();
    }, next);
  };

  return {
    serve,
    capture,
    clear,
    stats: () => ({ ...stats, entries: entries.size, bytes, flights: flights.size }),
  };
}
