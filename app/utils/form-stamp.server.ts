import { createHmac, randomFillSync, timingSafeEqual } from "node:crypto";

/*
 * A public form's stamp tells when the form was shown, so a submission made faster than a
 * person can type is recognised (app/domains/messages/contact-guard.server.ts). The stamp is also the
 * answer's CSP nonce (server/security.ts and server/page-cache.ts take their nonces from
 * here): a form puts its page's nonce in a hidden field, and since the page cache writes a
 * fresh nonce into every answer it serves, a cached form still carries the time it was shown.
 *
 * 30 bytes in base64 (40 characters, the page cache's NONCE_CHARS in server/security.ts):
 * - 6 bytes: the time, in milliseconds rounded up to the second (a fill time is never
 *   overestimated);
 * - 16 random bytes: what makes it a nonce nobody can guess;
 * - 8 bytes: the start of HMAC-SHA256(secret, time), keyed by DATA_DIR/form-secret
 *   (getFormSecret). It signs the time alone, so it is computed once a second, not per
 *   answer: an HMAC per answer cost ~12 µs, a third of a cached page's cost.
 */

const TIME_BYTES = 6;
const RANDOM_BYTES = 16;
const MAC_BYTES = 8;
const STAMP_BYTES = TIME_BYTES + RANDOM_BYTES + MAC_BYTES;
const STAMP_PATTERN = new RegExp(`^[A-Za-z0-9+/]{${(STAMP_BYTES / 3) * 4}}$`);

function macOf(secret: string, time: number): Buffer {
  const message = Buffer.alloc(TIME_BYTES);
  message.writeUIntBE(time, 0, TIME_BYTES);
  return createHmac("sha256", secret).update(message).digest().subarray(0, MAC_BYTES);
}

/**
 * The nonce source of the server's answers: signed stamps under this site's key. Random
 * bytes come from a pool refilled 256 nonces at a time, the signature once per second.
 */
export function stampingNonces(secret: string): (now?: number) => string {
  const pool = Buffer.alloc(RANDOM_BYTES * 256);
  let offset = pool.length;
  let signedTime = -1;
  let mac: Buffer = Buffer.alloc(0);
  return (now = Date.now()) => {
    const time = Math.ceil(now / 1000) * 1000;
    if (time !== signedTime) {
      mac = macOf(secret, time);
      signedTime = time;
    }
    if (offset === pool.length) {
      randomFillSync(pool);
      offset = 0;
    }
    const stamp = Buffer.allocUnsafe(STAMP_BYTES);
    stamp.writeUIntBE(time, 0, TIME_BYTES);
    pool.copy(stamp, TIME_BYTES, offset, offset + RANDOM_BYTES);
    mac.copy(stamp, TIME_BYTES + RANDOM_BYTES);
    offset += RANDOM_BYTES;
    return stamp.toString("base64");
  };
}

/** A stamp for a form shown at `now` (the action's answer to a form with errors). */
export function signFormStamp(secret: string, now = Date.now()): string {
  return stampingNonces(secret)(now);
}

/** When the form was shown, or null for a stamp that is missing, forged or from the future. */
export function readFormStamp(secret: string, stamp: string, now = Date.now()): number | null {
  if (!STAMP_PATTERN.test(stamp)) return null;
  const bytes = Buffer.from(stamp, "base64");
  const shownAt = bytes.readUIntBE(0, TIME_BYTES);
  const given = bytes.subarray(TIME_BYTES + RANDOM_BYTES);
  if (!timingSafeEqual(given, macOf(secret, shownAt))) return null;
  return shownAt > now + 60_000 ? null : shownAt;
}

/**
 * The stamp a form sent back with errors carries: the one it came with, so a correction
 * does not restart the clock, or a new one when that was missing or forged.
 */
export function keptFormStamp(secret: string, stamp: string, now = Date.now()): string {
  return readFormStamp(secret, stamp, now) === null ? signFormStamp(secret, now) : stamp;
}
