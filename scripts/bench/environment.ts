// The bench's settings, from scripts/bench.sh: its folders and the servers' addresses (127.0.0.1
// only). Chromium's are in tests/chromium.ts, shared with the e2e tests.
import path from "node:path";

export const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} manquant : lancez npm run bench`);
  return value;
};
export const TMP = env("BENCH_TMP");
export const DATA_DIR = env("BENCH_DATA_DIR");
export const HTML_DIR = env("BENCH_HTML_DIR");
export const CACHED = env("BENCH_CACHED");
export const UNCACHED = env("BENCH_UNCACHED");
export const NGINX = env("BENCH_NGINX");
export const CACHED_PID = Number(env("BENCH_CACHED_PID"));
export const PROBE_DIR = env("BENCH_PROBE_DIR");
export const MEMORY_FILE = env("BENCH_MEMORY");
export const ADMIN_PASSWORD = env("BENCH_ADMIN_PASSWORD");
export const BUILD_DIR = path.resolve(process.env.BUILD_DIR || "build");

for (const url of [CACHED, UNCACHED, NGINX]) {
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(url)) throw new Error(`Cible refusée : ${url}`);
}
