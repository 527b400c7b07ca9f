// Security headers and the cross-origin check, mounted first in server/index.ts so that
// every response (static files, uploads, pages, errors) carries them.
import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import type { Request, RequestHandler } from "express";
import { forwardedAsHttps } from "../app/utils/https";

const SAFE_METHODS = new Set(["GET", "HEAD"]);

const PERMISSIONS_POLICY =
  "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()";

/**
 * The enforced Content-Security-Policy. Scripts run only with this response's nonce
 * ('strict-dynamic' lets them load the route chunks); frames only from the map provider;
 * images from the site or any https origin.
 * `dev`: Vite's HMR needs its websocket and eval.
 */
/**
 * Where a form may lead: the site, and HelloAsso's payment pages (« Payer par
 * carte » posts to the site, which redirects there, and form-action governs that redirect
 * too); with HELLOASSO_API_URL (tests), the fake HelloAsso's own page.
 */
export function formTargets(fake = process.env.HELLOASSO_API_URL?.trim()): string {
  const targets = ["'self'", "https://*.helloasso.com", "https://*.helloasso-sandbox.com"];
  if (fake && /^https?:\/\//.test(fake)) targets.push(new URL(fake).origin);
  return targets.join(" ");
}

export function contentSecurityPolicy(nonce: string, dev = false): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    // https: because disciplines, training formats and articles accept an image by its
    // outside https URL (spec §2); the site itself needs neither data: nor blob: images.
    "img-src 'self' https:",
    "font-src 'self'",
    "media-src 'self' blob:",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "frame-src https://www.google.com https://maps.google.com",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    `form-action ${formTargets()}`,
    "object-src 'none'",
  ].join("; ");
}

/**
 * True when the client reached us over HTTPS: a TLS socket, or a reverse proxy that
 * terminated TLS and says so in X-Forwarded-Proto.
 */
export function isHttpsRequest(req: IncomingMessage): boolean {
  if ((req.socket as Partial<TLSSocket>).encrypted) return true;
  // Read from the raw headers: the page cache calls this before Express is involved.
  return forwardedAsHttps(req.headers["x-forwarded-proto"]);
}

/**
 * The client's IP address for login throttling. X-Forwarded-For is read only when the
 * operator says a reverse proxy is in front (TRUST_PROXY=1); then its last entry is the
 * one our proxy added (earlier entries come from the client and can be forged).
 */
export function clientIp(req: Request, { trustProxy = false } = {}): string {
  let ip = req.socket.remoteAddress;
  if (trustProxy) {
    const entries = (req.get("x-forwarded-for") ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    ip = entries.at(-1) ?? ip;
  }
  if (!ip) return "unknown";
  return ip.startsWith("::ffff:") ? ip.slice("::ffff:".length) : ip;
}

/**
 * The origins a form of this site is posted from: the Host header with the request's
 * protocol, and PUBLIC_URL's origin when set.
 */
export function ownOrigins(req: Request, publicUrl: string | null | undefined): Set<string> {
  const origins = new Set<string>();
  const host = req.get("host");
  if (host) origins.add(`${isHttpsRequest(req) ? "https" : "http"}://${host.toLowerCase()}`);
  if (publicUrl) {
    try {
      origins.add(new URL(publicUrl).origin);
    } catch {
      // An invalid PUBLIC_URL adds nothing; the Host comparison still applies.
    }
  }
  return origins;
}

/**
 * True for a state-changing request sent by another site: a foreign Origin header, or
 * the browser's own Sec-Fetch-Site: cross-site.
 */
export function isCrossOriginWrite(req: Request, publicUrl: string | null | undefined): boolean {
  if (SAFE_METHODS.has(req.method)) return false;
  if (req.get("sec-fetch-site")?.toLowerCase() === "cross-site") return true;
  const origin = req.get("origin");
  if (origin === undefined) return false;
  return !ownOrigins(req, publicUrl).has(origin.toLowerCase());
}

/** Characters of every CSP nonce: base64 of 30 bytes (a form stamp: app/utils/form-stamp.server.ts). */
export const NONCE_CHARS = 40;

/** A nonce of 30 random bytes, for servers without the site's key (tests, development). */
export function randomNonce(): string {
  return randomBytes(30).toString("base64");
}

/**
 * Express middleware: X-Forwarded-Host dropped, a fresh CSP nonce in res.locals.cspNonce
 * (read by getLoadContext in server/app.ts), the security headers, and a 403 for
 * cross-origin writes before any handler runs.
 */
export function securityMiddleware({
  dev = false,
  publicUrl = null,
  nonce: freshNonce = randomNonce,
}: { dev?: boolean; publicUrl?: string | null; nonce?: () => string } = {}): RequestHandler {
  return (req, res, next) => {
    // No address is ever taken from a request: with TRUST_PROXY, Express and React Router
    // would make a client's X-Forwarded-Host the request's host. Gone before anyone reads it.
    delete req.headers["x-forwarded-host"];
    const nonce = freshNonce();
    res.locals.cspNonce = nonce;
    res.removeHeader("X-Powered-By");
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, dev));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    res.setHeader("X-Frame-Options", "DENY");
    if (isHttpsRequest(req)) {
      res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
    // The back office (pages and their /admin….data fetches) holds private data: never
    // kept by a browser or a proxy.
    if (req.path.startsWith("/admin")) {
      res.setHeader("Cache-Control", "no-store");
    }
    if (isCrossOriginWrite(req, publicUrl)) {
      res.status(403).type("text/plain; charset=utf-8").send("Requête refusée : origine inconnue.");
      return;
    }
    next();
  };
}
