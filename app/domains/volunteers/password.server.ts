import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/*
 * scrypt from Node's standard library (no native add-on to build), parameters per
 * OWASP's password storage guidance: N=2^17, r=8, p=1. Stored as
 * scrypt$N$r$p$salt$hash so the parameters can be raised later without breaking old hashes.
 */
const PARAMS = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 64;

/**
 * The parameters new hashes get. Under the test runner only (NODE_ENV=test, never the
 * built server's), TEST_PASSWORD_COST lowers N to 2^cost: its hundreds of sign-ins then do
 * not each pay scrypt's 128 MiB pass. Stored hashes keep their own N either way.
 */
function params(): typeof PARAMS {
  const cost = Number.parseInt(process.env.TEST_PASSWORD_COST ?? "", 10);
  if (process.env.NODE_ENV !== "test" || !(cost >= 10 && cost < 17)) return PARAMS;
  return { ...PARAMS, N: 2 ** cost };
}

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize("NFC"),
      salt,
      KEY_LENGTH,
      { ...options, maxmem: 256 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const chosen = params();
  const key = await derive(password, salt, chosen);
  return [
    "scrypt",
    chosen.N,
    chosen.r,
    chosen.p,
    salt.toString("base64"),
    key.toString("base64"),
  ].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const key = await derive(password, Buffer.from(salt, "base64"), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A readable random password for the first admin (no look-alike characters). */
export function generatePassword(length = 16): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789";
  const bytes = randomBytes(length);
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join("");
}
