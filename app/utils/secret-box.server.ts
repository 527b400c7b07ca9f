import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getEnv } from "~/core/env.server";

/*
 * Encrypts the short secrets the database must hold but must not give away (the TOTP
 * secrets; later the HelloAsso client secret): AES-256-GCM with a key that lives outside
 * the database, in DATA_DIR/secret-key, so a leaked database or backup opens nothing
 * (docs/decisions/018-two-factor-sign-in.md).
 * NOTE: losing the key file loses every encrypted secret (volunteers re-enrol); with
 * several servers on one PostgreSQL, give them the same file.
 */

const KEY_FILE = "secret-key";
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = "v1";

const keys = new Map<string, Buffer>();

function parseKey(text: string, file: string): Buffer {
  const key = Buffer.from(text.trim(), "hex");
  if (key.length !== KEY_BYTES) throw new Error(`${file}: expected ${KEY_BYTES} bytes of hex`);
  return key;
}

/**
 * The key of this data directory, generated on first use and read once. Created
 * atomically: written whole to a temporary file, then linked to its name, which fails
 * when another process got there first (its key then wins, never overwritten).
 */
export function getSecretKey(dataDir: string = getEnv().dataDir): Buffer {
  const cached = keys.get(dataDir);
  if (cached) return cached;
  const file = path.join(dataDir, KEY_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    const temporary = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
    fs.writeFileSync(temporary, `${randomBytes(KEY_BYTES).toString("hex")}\n`, {
      flag: "wx",
      mode: 0o600,
    });
    try {
      fs.linkSync(temporary, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      fs.unlinkSync(temporary);
    }
  }
  const key = parseKey(fs.readFileSync(file, "utf8"), file);
  keys.set(dataDir, key);
  return key;
}

/** "v1.<iv>.<tag>.<ciphertext>", base64url parts. */
export function sealSecret(plain: string, key: Buffer = getSecretKey()): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The plain secret; throws when the text was altered or sealed with another key. */
export function openSecret(sealed: string, key: Buffer = getSecretKey()): string {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== VERSION || iv === undefined || tag === undefined || body === undefined) {
    throw new Error("Not a sealed secret");
  }
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"), {
    authTagLength: TAG_BYTES,
  });
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([
    decipher.update(Buffer.from(body, "base64url")),
    decipher.final(),
  ]).toString("utf8");
}
