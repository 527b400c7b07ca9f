// What the page cache (server/page-cache.ts, docs/decisions/004-page-cache.md) takes and
// gives back: which requests it may answer, the key of a page, the answers worth keeping
// and the headers replayed on a hit.
import type { IncomingMessage, OutgoingHttpHeaders } from "node:http";
import { isHttpsRequest } from "./security";

export const PUBLIC_CACHE_CONTROL = "public, max-age=0, must-revalidate";
export const PRIVATE_CACHE_CONTROL = "private, no-store";

/** Paths never stored: the back office, built assets, the health probe, uploaded files. */
const UNCACHED_PATHS = /^\/(admin|assets|healthz|uploads)(\/|$|\?|\.)/;
/** Answers worth keeping: pages and the English 404 page. */
export const CACHED_STATUSES = new Set([200, 404]);
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
export const MAX_ENTRY_BYTES = 2 * 1024 * 1024;

/**
 * True for a request whose answer may come from or go to the cache: GET or HEAD, no
 * cookie at all (the admin's session is one; none is needed to read the site), no
 * Authorization, not the back office.
 */
export function isCacheableRequest(req: IncomingMessage, url: string): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (req.headers.cookie || req.headers.authorization) return false;
  return !UNCACHED_PATHS.test(url);
}

/**
 * A page's key: its scheme (the headers kept differ over https) and path. NOTE: not the
 * Host: no page is built from it (the club's address is app/domains/content/site-address.server.ts),
 * so every Host gets the same page, and a forged one can neither store another site's
 * address in a page nor fill the cache with copies of it.
 */
export function keyOf(req: IncomingMessage, url: string): string {
  return `${isHttpsRequest(req) ? "https" : "http"}:${url}`;
}

/** True when an If-None-Match header names this ETag (or is `*`). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === etag || tag === "*");
}

/** True when an Accept-Encoding header takes gzip (every browser's does). */
export function acceptsGzip(header: string | undefined): boolean {
  return header !== undefined && /\bgzip\b(?!;q=0(\.0*)?\b)/i.test(header);
}

/** The headers of a kept answer replayed on every hit: all but the per-answer ones. */
export function replayedHeaders(headers: OutgoingHttpHeaders): string[] {
  const replayed: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (PER_RESPONSE_HEADERS.has(name) || value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) replayed.push(name, String(one));
  }
  return replayed;
}
