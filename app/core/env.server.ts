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
  /** S3_BUCKET and its companions: uploads in S3-compatible storage; null: on the local disk. */
  s3: S3Settings | null;
  /** HELLOASSO_API_URL: HelloAsso's API root, for tests against a fake server; null: HelloAsso's own. */
  helloAssoApiUrl: string | null;
}

/** README "Environment", S3_*: docs/decisions/020-file-storage.md. */
export interface S3Settings {
  bucket: string;
  /** S3_ENDPOINT (http://127.0.0.1:9000 for a server of one's own); null: AWS. */
  endpoint: string | null;
  /** S3_REGION (default us-east-1). */
  region: string;
  /** S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY; null: the SDK's usual sources. */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** S3_FORCE_PATH_STYLE=1: http://host/bucket/key rather than http://bucket.host/key. */
  forcePathStyle: boolean;
  /** S3_BACKUPS=1: each nightly backup is also copied to the bucket's backups/ (same rotation). */
  backups: boolean;
  /** S3_PUBLIC_URL: a public base URL of the bucket; /uploads/… then redirects there. */
  publicUrl: string | null;
}

function readS3(source: NodeJS.ProcessEnv): S3Settings | null {
  const bucket = source.S3_BUCKET?.trim();
  if (!bucket) return null;
  const accessKeyId = source.S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = source.S3_SECRET_ACCESS_KEY?.trim();
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error("S3_ACCESS_KEY_ID et S3_SECRET_ACCESS_KEY vont ensemble : donner les deux.");
  }
  const endpoint = source.S3_ENDPOINT?.trim().replace(/\/+$/, "") || null;
  if (endpoint && !/^https?:\/\//.test(endpoint)) {
    throw new Error("S3_ENDPOINT doit commencer par http:// ou https://.");
  }
  return {
    bucket,
    endpoint,
    region: source.S3_REGION?.trim() || "us-east-1",
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null,
    forcePathStyle: source.S3_FORCE_PATH_STYLE === "1" || source.S3_FORCE_PATH_STYLE === "true",
    publicUrl: source.S3_PUBLIC_URL?.trim().replace(/\/+$/, "") || null,
    backups: source.S3_BACKUPS === "1" || source.S3_BACKUPS === "true",
  };
}

function readUrl(value: string | undefined, name: string): string | null {
  const url = value?.trim().replace(/\/+$/, "") || null;
  if (url && !/^https?:\/\//.test(url))
    throw new Error(`${name} doit commencer par http:// ou https://.`);
  return url;
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
    s3: readS3(source),
    helloAssoApiUrl: readUrl(source.HELLOASSO_API_URL, "HELLOASSO_API_URL"),
  };
}

let cached: Env | undefined;
export function getEnv(): Env {
  cached ??= readEnv();
  return cached;
}

/** Reads process.env again at the next getEnv() (tests and tools that change it). */
export function rereadEnv(): void {
  cached = undefined;
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
 * The key that signs the contact form's timestamp (app/domains/messages/contact-guard.server.ts):
 * generated once into DATA_DIR/form-secret, mode 0600.
 * NOTE: with several servers on one PostgreSQL, give them the same DATA_DIR file.
 */
export function getFormSecret(env: Env = getEnv()): string {
  return readGeneratedSecret(env, "form-secret");
}
