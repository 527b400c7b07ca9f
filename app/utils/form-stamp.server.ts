import { createHmac, randomFillSync, timingSafeEqual } from "node:crypto";

/*
 * A public form's stamp tells when the form was shown, so a submission made faster than a
 * person can type is recognised (app/models/contact-guard.server.ts). The stamp is also the
 * answer's CSP nonce (server/security.js and server/page-cache.js take their nonces from
 * here): a form puts its page's nonce in a hidden field, and since the page cache writes a
 * fresh nonce into every answer it serves, a cached form still carries the time it was shown.
 *
 * 24 bytes in base64 (32 characters): 6 bytes of the time in milliseconds, 6 random bytes,
 * then the first 12 bytes of HMAC-SHA256(secret, time ‖ random). Unpredictable without the
 * key (DATA_DIR/form-secret, getFormSecret), as a nonce must be. Its length is the page
 * cache's NONCE_CHARS (server/security.js).
 */

const TIME_BYTES = 6;
const HEAD_BYTES = 12;
const MAC_BYTES = 12;
const STAMP_PATTERN = /^[A-Za-z0-9+/]{32}$/;

function mac(secret: string, head: Buffer): Buffer {
  return createHmac("sha256", secret).update(head).digest().subarray(0, MAC_BYTES);
}

/** A stamp (and CSP nonce) for an answer made now. */
export function signFormStamp(secret: string, now = Date.now()): string {
  const head = Buffer.alloc(HEAD_BYTES);
  head.writeUIntBE(now, 0, TIME_BYTES);
  randomFillSync(head, TIME_BYTES);
  return Buffer.concat([head, mac(secret, head)]).toString("base64");
}

/** When the form was shown, or null for a stamp that is missing, forged or from the future. */
export function readFormStamp(secret: string, stamp: string, now = Date.now()): number | null {
  if (!STAMP_PATTERN.test(stamp)) return null;
  const bytes = Buffer.from(stamp, "base64");
  const head = bytes.subarray(0, HEAD_BYTES);
  if (!timingSafeEqual(bytes.subarray(HEAD_BYTES), mac(secret, head))) return null;
  const shownAt = head.readUIntBE(0, TIME_BYTES);
  return shownAt > now + 60_000 ? null : shownAt;
}

/** The nonce source of the server's answers: signed stamps under this site's key. */
export function stampingNonces(secret: string): () => string {
  return () => signFormStamp(secret);
}
