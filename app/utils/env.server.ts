import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** The runtime settings of README "Environment", read once per process. */
export interface Env {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  adminUsername: string;
  adminPassword: string | null;
  publicUrl: string | null;
  isProduction: boolean;
  /** TRUST_PROXY=1: a reverse proxy is in front; its X-Forwarded-For gives the client IP. */
  trustProxy: boolean;
  /** Login failures allowed per IP in 15 minutes (LOGIN_IP_LIMIT, default 5). */
  loginIpLimit: number;
  /** SMTP_URL (smtp://user:pass@host:587): mail sent by SMTP; null: written to DATA_DIR/outbox. */
  smtpUrl: string | null;
  /** MAIL_FROM: the sender of every mail; with SMTP, required (else mail goes to .eml files). */
  mailFrom: string | null;
  /** MAIL_RETRY_BASE_MS: first retry delay after a failed send, doubling each time (30 s). */
  mailRetryBaseMs: number;
  /** CONTACT_IP_LIMIT: contact messages per address and hour before the next go to Spam, trial booking requests before the next are refused (5). */
  contactIpLimit: number;
}

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const databaseUrl = source.DATABASE_URL?.trim() || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error("DATABASE_URL doit commencer par postgres:// (laisser vide pour SQLite).");
  }
  return {
    port: Number.parseInt(source.PORT ?? "", 10) || 3000,
    host: source.HOST?.trim() || "0.0.0.0",
    dataDir: path.resolve(source.DATA_DIR?.trim() || "data"),
    databaseUrl,
    adminUsername: source.ADMIN_USERNAME?.trim() || "admin",
    adminPassword: source.ADMIN_PASSWORD || null,
    publicUrl: source.PUBLIC_URL?.trim().replace(/\/+$/, "") || null,
    isProduction: source.NODE_ENV === "production",
    trustProxy: source.TRUST_PROXY === "1",
    loginIpLimit: Math.max(1, Number.parseInt(source.LOGIN_IP_LIMIT ?? "", 10) || 5),
    smtpUrl: source.SMTP_URL?.trim() || null,
    mailFrom: source.MAIL_FROM?.trim() || null,
    mailRetryBaseMs: Math.max(100, Number.parseInt(source.MAIL_RETRY_BASE_MS ?? "", 10) || 30_000),
    contactIpLimit: Math.max(1, Number.parseInt(source.CONTACT_IP_LIMIT ?? "", 10) || 5),
  };
}

let cached: Env | undefined;
export function getEnv(): Env {
  cached ??= readEnv();
  return cached;
}

/** A random secret generated once into DATA_DIR/name (mode 0600, exclusive create). */
function readGeneratedSecret(env: Env, name: string): string {
  fs.mkdirSync(env.dataDir, { recursive: true });
  const file = path.join(env.dataDir, name);
  try {
    fs.writeFileSync(file, randomBytes(32).toString("hex"), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return fs.readFileSync(file, "utf8").trim();
}

/**
 * The key that signs the contact form's timestamp (app/models/contact-guard.server.ts):
 * generated once into DATA_DIR/form-secret, mode 0600.
 * NOTE: with several servers on one PostgreSQL, give them the same DATA_DIR file.
 */
export function getFormSecret(env: Env = getEnv()): string {
  return readGeneratedSecret(env, "form-secret");
}
