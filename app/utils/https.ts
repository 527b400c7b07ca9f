/**
 * True when an X-Forwarded-Proto header says the browser reached the site over HTTPS
 * (its first entry, set by the proxy nearest the browser). The page cache, the security
 * headers and the session cookie all ask this of the same header.
 * NOTE: trusting it only ever adds protections (HSTS, Secure cookies), so it does not
 * wait for TRUST_PROXY.
 */
export function forwardedAsHttps(header: string | string[] | null | undefined): boolean {
  return typeof header === "string" && header.split(",")[0]?.trim().toLowerCase() === "https";
}
