// Throughput and latency of the cached and uncached servers beside nginx serving the same
// HTML, and the cached server's memory under that load.
import fs from "node:fs";
import path from "node:path";
import { get, rssKb, wrk } from "./clients";
import { CACHED, CACHED_PID, HTML_DIR, NGINX, UNCACHED } from "./environment";
import { ms, out } from "./report";

const THROUGHPUT_PAGES = ["/", "/planning", "/blog"];

export async function throughput() {
  for (const page of THROUGHPUT_PAGES) {
    // nginx serves the very HTML the production server sends (one visitor's copy).
    const { body, status } = await get(`${CACHED}${page}`);
    if (status !== 200) throw new Error(`${page} : HTTP ${status}`);
    const dir = path.join(HTML_DIR, page);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "index.html"), body);
    for (const base of [CACHED, UNCACHED, NGINX]) await get(`${base}${page}`);
  }
  const hit = await get(`${CACHED}/`);
  if (hit.headers["x-page-cache"] !== "hit") throw new Error("Le cache de pages ne répond pas");
  // Warm-up, not measured: every server process renders each page once and its JIT warms.
  for (const page of THROUGHPUT_PAGES) {
    for (const base of [CACHED, UNCACHED, NGINX]) await wrk(`${base}${page}`, "2s");
  }

  const idle = rssKb(CACHED_PID);
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, rssKb(CACHED_PID))), 200);

  out();
  out("## 1. Débit et latence (nice -n 10 wrk -t 2 -c 50 -d 10s, sur 127.0.0.1)");
  out();
  out("| page | serveur | req/s | p50 | p99 | rapport à nginx |");
  out("| --- | --- | ---: | ---: | ---: | ---: |");
  const ratios: Record<string, number> = {};
  for (const page of THROUGHPUT_PAGES) {
    const nginx = await wrk(`${NGINX}${page}`);
    const cached = await wrk(`${CACHED}${page}`);
    const uncached = await wrk(`${UNCACHED}${page}`);
    for (const [name, r] of [
      ["nginx (fichier statique)", nginx],
      ["Node, cache de pages", cached],
      ["Node, sans cache (rendu)", uncached],
    ] as const) {
      const ratio = r.rps / nginx.rps;
      if (name.includes("cache de pages")) ratios[page] = ratio;
      out(
        `| \`${page}\` | ${name} | ${Math.round(r.rps)} | ${ms(r.p50)} | ${ms(r.p99)} | ${ratio.toFixed(2)}${r.errors ? ` (${r.errors})` : ""} |`,
      );
    }
  }
  clearInterval(sampler);
  const after = rssKb(CACHED_PID);
  return { ratios, memory: { idle, peak, after } };
}
