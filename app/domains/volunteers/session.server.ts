/*
 * The session cookie: it holds the session id and nothing else (the row in `sessions`
 * holds the rest). HttpOnly so scripts never see it, SameSite=Lax so other sites cannot
 * post with it, Secure as soon as the site is reached over HTTPS.
 */
import { SESSION_MAX_AGE_MS } from "~/domains/volunteers/sessions.server";
import { forwardedAsHttps } from "../../utils/https";

export const SESSION_COOKIE = "__session";

/** HTTPS as the browser sees it: an https URL, or a TLS-terminating proxy saying so. */
export function isSecureRequest(request: Request): boolean {
  if (new URL(request.url).protocol === "https:") return true;
  return forwardedAsHttps(request.headers.get("x-forwarded-proto"));
}

export function readSessionId(request: Request): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const separator = part.indexOf("=");
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== SESSION_COOKIE) continue;
    const value = part.slice(separator + 1).trim();
    // Our ids are base64url; anything else is not ours and is ignored.
    return /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : null;
  }
  return null;
}

function attributes(request: Request, maxAgeSeconds: number): string {
  const parts = ["Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${maxAgeSeconds}`];
  if (isSecureRequest(request)) parts.push("Secure");
  return parts.join("; ");
}

/** The Set-Cookie value that opens the session with this id. */
export function sessionCookie(request: Request, sessionId: string): string {
  return `${SESSION_COOKIE}=${sessionId}; ${attributes(request, SESSION_MAX_AGE_MS / 1000)}`;
}

/** The Set-Cookie value that makes the browser forget its session. */
export function clearedSessionCookie(request: Request): string {
  return `${SESSION_COOKIE}=; ${attributes(request, 0)}`;
}
