/** Escapes text for an XML element or attribute value. */
export function escapeXml(text: string): string {
  return (
    text
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
      // Characters XML 1.0 forbids, even escaped.
      .replace(/[^\t\n\r\u{20}-\u{D7FF}\u{E000}-\u{FFFD}\u{10000}-\u{10FFFF}]/gu, "")
  );
}

/** Feeds are cheap to build but fetched by robots: an hour of caching is plenty. */
export const FEED_CACHE_CONTROL = "public, max-age=3600";
