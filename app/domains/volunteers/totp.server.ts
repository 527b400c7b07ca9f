import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/*
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP), as authenticator apps
 * compute them: HMAC-SHA1, 6 digits, 30-second steps. Only node:crypto: no package holds
 * the second factor (docs/decisions/018-two-factor-sign-in.md).
 */

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** 160 bits, the HMAC-SHA1 key size RFC 4226 recommends. */
const SECRET_BYTES = 20;
const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32, upper case, without padding (what authenticator apps expect). */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Reads base32 whatever its case, spaces and padding; throws on any other character. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, "").toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error("Invalid base32");
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new random secret, base32. */
export function generateTotpSecret(): string {
  return base32Encode(randomBytes(SECRET_BYTES));
}

/** The time step of an instant. */
export function totpStep(now: Date = new Date()): number {
  return Math.floor(now.getTime() / 1000 / TOTP_STEP_SECONDS);
}

/** RFC 4226 HOTP of a counter, zero-padded to `digits`. */
export function hotp(key: Buffer, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac("sha1", key).update(message).digest();
  const offset = mac.readUInt8(mac.length - 1) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** The code an authenticator shows for this base32 secret at this instant. */
export function totpCode(secret: string, now: Date = new Date(), digits = TOTP_DIGITS): string {
  return hotp(base32Decode(secret), totpStep(now), digits);
}

/**
 * The step whose code this is, among the previous, current and next steps (clocks of
 * phones drift), else null. The caller refuses a step already used (replay).
 */
export function matchTotp(secret: string, code: string, now: Date = new Date()): number | null {
  const typed = Buffer.from(code.replace(/\s/g, ""));
  if (!/^\d{6}$/.test(typed.toString())) return null;
  const key = base32Decode(secret);
  const current = totpStep(now);
  let found: number | null = null;
  // Every candidate is compared, in constant time, whatever matched first.
  for (const step of [current - 1, current, current + 1]) {
    const expected = Buffer.from(hotp(key, step));
    if (timingSafeEqual(expected, typed) && found === null) found = step;
  }
  return found;
}

/** What an authenticator app reads from the QR code (Key Uri Format). */
export function otpauthUri({
  secret,
  issuer,
  account,
}: {
  secret: string;
  issuer: string;
  account: string;
}): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({
    secret,
    issuer,
    algorithm: "SHA1",
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${query.toString().replace(/\+/g, "%20")}`;
}

/** The secret in groups of four, easier to type into an app by hand. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}
