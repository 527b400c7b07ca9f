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
  };
}

let cached: Env | undefined;
export function getEnv(): Env {
  cached ??= readEnv();
  return cached;
}
