/*
 * The one rule for an address the club lets out: an http(s) URL, or a path of this site.
 * A security rule (a stored `javascript:` or `//evil.example` must never become a link or
 * an image), so every schema, screen and sanitiser asks it here rather than writing its own.
 */

const HTTP_URL = /^https?:\/\/[^\s/?#\\]+[^\s\\]*$/i;

/**
 * An http(s) URL with a host: no whitespace, no backslash (browsers read it as "/"), and
 * one that the URL parser reads as http(s).
 */
export function isHttpUrl(text: string): boolean {
  if (!HTTP_URL.test(text)) return false;
  try {
    const { protocol, hostname } = new URL(text);
    return (protocol === "http:" || protocol === "https:") && hostname !== "";
  } catch {
    return false;
  }
}

/** A path of this site: "/…", never "//host" nor "/\host" (both leave the site). */
export function isSitePath(text: string): boolean {
  return text.startsWith("/") && !text.startsWith("//") && !/[\s\\]/.test(text);
}

/** An address a page may link to or show an image from: a site path or an http(s) URL. */
export function isSafeUrl(text: string): boolean {
  return isSitePath(text) || isHttpUrl(text);
}

/** A stored link a visitor may follow (social links, the map): an http(s) URL, spaces around aside. */
export function isWebUrl(text: string): boolean {
  return isHttpUrl(text.trim());
}

/** An absolute URL for a path of the site, or the URL itself when it is already absolute. */
export function absoluteUrl(origin: string, url: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  return `${origin}${url.startsWith("/") ? "" : "/"}${url}`;
}

/** An optional address field: empty, or a safe address (spaces around aside). */
export function isSafeUrlOrEmpty(text: string): boolean {
  const url = text.trim();
  return url === "" || isSafeUrl(url);
}
