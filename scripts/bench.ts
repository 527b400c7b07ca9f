/*
 * The measuring half of `npm run bench` (scripts/bench.sh starts the servers and nginx and
 * stops them). Every request goes to 127.0.0.1; every run is bounded in time. Prints the
 * table that docs/performance.md keeps, with what each figure means.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { chromium, type Browser } from "@playwright/test";
import Database from "better-sqlite3";
import pg from "pg";

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} manquant : lancez npm run bench`);
  return value;
};
const TMP = env("BENCH_TMP");
const DATA_DIR = env("BENCH_DATA_DIR");
const HTML_DIR = env("BENCH_HTML_DIR");
const CACHED = env("BENCH_CACHED");
const UNCACHED = env("BENCH_UNCACHED");
const NGINX = env("BENCH_NGINX");
const CACHED_PID = Number(env("BENCH_CACHED_PID"));
const PROBE_DIR = env("BENCH_PROBE_DIR");
const MEMORY_FILE = env("BENCH_MEMORY");
const ADMIN_PASSWORD = env("BENCH_ADMIN_PASSWORD");
const BUILD_DIR = path.resolve(process.env.BUILD_DIR || "build");
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

for (const url of [CACHED, UNCACHED, NGINX]) {
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(url)) throw new Error(`Cible refusée : ${url}`);
}

const THROUGHPUT_PAGES = ["/", "/planning", "/blog"];
const LIGHTHOUSE_PAGES = ["/", "/planning", "/blog", "/disciplines", "/contact"];
const BLOG_ARTICLES = 10_000;
const BLOG_PAGE = 500;
const BLOG_SAMPLES = 200;

const lines: string[] = [];
function out(line = "") {
  lines.push(line);
  console.log(line);
}
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`;

/** Runs a command with a time limit; resolves with its output. */
function run(cmd: string, args: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d));
    child.stderr.on("data", (d: Buffer) => (output += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("close", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(new Error(`${cmd} ${args.join(" ")} : code ${code}\n${output.slice(-2000)}`));
    });
  });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: Buffer; headers: http.IncomingHttpHeaders }>(
    (resolve, reject) => {
      const request = http.get(url, { agent, headers, timeout: 10_000 }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks),
            headers: res.headers,
          }),
        );
      });
      request.on("timeout", () => request.destroy(new Error(`délai dépassé : ${url}`)));
      request.on("error", reject);
    },
  );
}

/** Resident memory of a process and its children (the server runs one process per core). */
function rssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const own = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  const children = fs
    .readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
    .split(" ")
    .filter(Boolean)
    .map(Number);
  return children.reduce((sum, child) => sum + rssKb(child), own);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

// ---------------------------------------------------------------- machine
async function machine() {
  const cpu = os.cpus();
  const version = async (cmd: string, args: string[]) =>
    (await run(cmd, args, 10_000).catch((error: Error) => error.message))
      .split("\n")
      .find((line) => /\d+\.\d+/.test(line))
      ?.trim() ?? "?";
  out(`Date : ${new Date().toISOString()}`);
  // Other work on the same cores skews every figure: the load is printed with them.
  out(
    `Charge moyenne (1, 5, 15 min) au début : ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(", ")}`,
  );
  out(
    `Machine : ${cpu.length} cœurs (${cpu[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} Gio, ${os.type()} ${os.release()}`,
  );
  out(
    `Outils : Node ${process.version}, ${await version(env("BENCH_NGINX_BIN"), ["-v"])}, ${await version("wrk", ["-v"])}, Chromium ${await version("dpkg-query", ["-W", "-f", "${Version}", "chromium"])}`,
  );
}

// ---------------------------------------------------------------- throughput
interface WrkResult {
  rps: number;
  p50: number;
  p99: number;
  errors: string;
}

function toMs(text: string): number {
  const match = text.match(/([\d.]+)(us|ms|s)/);
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  return match[2] === "us" ? value / 1000 : match[2] === "s" ? value * 1000 : value;
}

async function wrk(
  url: string,
  duration = "10s",
  { connections = 50, args = [] as string[], paths = [] as string[] } = {},
): Promise<WrkResult> {
  const output = await run(
    "wrk",
    [
      "-d",
      duration,
      "-c",
      String(connections),
      "-t",
      "2",
      "--timeout",
      "5s",
      "--latency",
      ...args,
      url,
      ...(paths.length > 0 ? ["--", ...paths] : []),
    ],
    (Number.parseInt(duration, 10) + 30) * 1000,
  );
  const rps = Number(output.match(/Requests\/sec:\s+([\d.]+)/)?.[1]);
  const p50 = toMs(output.match(/\s50%\s+(\S+)/)?.[1] ?? "");
  const p99 = toMs(output.match(/\s99%\s+(\S+)/)?.[1] ?? "");
  const errors = [
    output.match(/Non-2xx or 3xx responses: \d+/)?.[0],
    output.match(/Socket errors:.*/)?.[0],
  ]
    .filter(Boolean)
    .join("; ");
  return { rps, p50, p99, errors };
}

async function throughput() {
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
  out("## 1. Débit et latence (wrk -t 2 -c 50 -d 10s, sur 127.0.0.1)");
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

// ---------------------------------------------------------------- JavaScript
const PUBLIC_PAGES = [
  "/",
  "/disciplines",
  "/entrainements",
  "/entreprise",
  "/contact",
  "/infos-pratiques",
  "/tarifs",
  "/planning",
  "/blog",
  "/inscription",
];
/** Strings found only in the back office's libraries and screens. */
const ADMIN_SIGNATURES = ["data-sonner-toaster", "ProseMirror", "DndDescribedBy", "/admin/upload"];

function gzipSize(assetPath: string): { gzip: number; brotli: number } {
  const file = path.join(BUILD_DIR, "client", assetPath);
  const bytes = fs.readFileSync(file);
  const gz = fs.existsSync(`${file}.gz`)
    ? fs.statSync(`${file}.gz`).size
    : zlib.gzipSync(bytes, { level: 9 }).length;
  const br = fs.existsSync(`${file}.br`)
    ? fs.statSync(`${file}.br`).size
    : zlib.brotliCompressSync(bytes).length;
  return { gzip: gz, brotli: br };
}

interface Manifest {
  entry: { module: string; imports?: string[] };
  routes: Record<string, { module: string; imports?: string[]; css?: string[] }>;
}

function adminOnlyFiles(manifest: Manifest): Set<string> {
  const isAdmin = (id: string) => /^routes\/(admin|auth)\//.test(id);
  const files = (route: { module: string; imports?: string[]; css?: string[] }) => [
    route.module,
    ...(route.imports ?? []),
    ...(route.css ?? []),
  ];
  const publicFiles = new Set(files(manifest.entry));
  const adminFiles = new Set<string>();
  for (const [id, route] of Object.entries(manifest.routes)) {
    for (const file of files(route)) (isAdmin(id) ? adminFiles : publicFiles).add(file);
  }
  return new Set([...adminFiles].filter((file) => !publicFiles.has(file)));
}

async function firstLinkTo(prefix: string, page: string): Promise<string | null> {
  const html = (await get(`${CACHED}${page}`)).body.toString("utf8");
  // A page of the site, not a feed (/blog/rss.xml).
  return html.match(new RegExp(`href="(${prefix}[^"#?.]+)"`))?.[1] ?? null;
}

async function javascript(browser: Browser) {
  const pages = [...PUBLIC_PAGES];
  const article = await firstLinkTo("/blog/", "/blog");
  const activity = await firstLinkTo("/activite/", "/planning");
  if (article) pages.push(article);
  if (activity) pages.push(activity);
  pages.push("/page-inexistante");

  out();
  out(
    "## 2. JavaScript au premier chargement (fichiers chargés par Chromium, tailles .gz / .br servies, plus les scripts en ligne du HTML compressés seuls)",
  );
  out();
  out("| page | fichiers | scripts en ligne | gzip | brotli | code admin chargé |");
  out("| --- | ---: | ---: | ---: | ---: | --- |");
  let largest = 0;
  let adminLoaded = false;
  let adminOnly: Set<string> | null = null;
  let adminCount = 0;
  for (const page of pages) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const tab = await context.newPage();
    const scripts = new Set<string>();
    tab.on("response", (response) => {
      const url = new URL(response.url());
      if (response.request().resourceType() === "script" && url.origin === CACHED) {
        scripts.add(url.pathname);
      }
    });
    await tab.goto(`${CACHED}${page}`, { waitUntil: "networkidle", timeout: 30_000 });
    // Inline scripts count too (the public pages' site script is one): JavaScript the
    // browser runs, whatever the file it came in. JSON-LD is data, not code.
    const inline = await tab.evaluate(() =>
      Array.from(document.scripts)
        .filter(
          (script) =>
            !script.src && /^(|module|(text|application)\/javascript)$/i.test(script.type),
        )
        .map((script) => script.textContent ?? ""),
    );
    await context.close();
    if (!adminOnly) {
      // The whole route manifest of the build (pages inline only the routes they match).
      const name = fs
        .readdirSync(path.join(BUILD_DIR, "client/assets"))
        .find((file) => /^manifest-[\w-]+\.js$/.test(file));
      if (!name) throw new Error("Manifeste React Router introuvable");
      const text = fs.readFileSync(path.join(BUILD_DIR, "client/assets", name), "utf8");
      const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
      adminOnly = adminOnlyFiles(manifest as Manifest);
      adminCount = adminOnly.size;
    }
    let gzip = 0;
    let brotli = 0;
    const found: string[] = [];
    for (const script of scripts) {
      const size = gzipSize(script);
      gzip += size.gzip;
      brotli += size.brotli;
      if (adminOnly.has(script)) found.push(script);
      const text = fs.readFileSync(path.join(BUILD_DIR, "client", script), "utf8");
      for (const signature of ADMIN_SIGNATURES) {
        if (text.includes(signature)) found.push(`${script} (${signature})`);
      }
    }
    for (const [index, text] of inline.entries()) {
      const bytes = Buffer.from(text);
      gzip += zlib.gzipSync(bytes, { level: 9 }).length;
      brotli += zlib.brotliCompressSync(bytes).length;
      for (const signature of ADMIN_SIGNATURES) {
        if (text.includes(signature)) found.push(`script en ligne ${index + 1} (${signature})`);
      }
    }
    largest = Math.max(largest, gzip);
    adminLoaded ||= found.length > 0;
    out(
      `| \`${page}\` | ${scripts.size} | ${inline.length} | ${kb(gzip)} | ${kb(brotli)} | ${found.length ? found.join(", ") : "aucun"} |`,
    );
  }
  out();
  out(
    `Preuve « pas de code admin » : aucun des ${adminCount} fichiers propres aux routes admin/auth du manifeste React Router, ni aucune chaîne propre au back office (${ADMIN_SIGNATURES.join(", ")}), n'est chargé par une page publique : ${adminLoaded ? "ÉCHEC" : "vérifié"}.`,
  );

  // React 19 and React Router alone: what the back office loads before anything else, and
  // what the public pages no longer load (docs/decisions/006-public-pages-without-react.md).
  const entry = fs
    .readdirSync(path.join(BUILD_DIR, "client/assets"))
    .filter((name) => /^(entry\.client|jsx-runtime|chunk)-[\w-]+\.js$/.test(name));
  const floor = entry.reduce((sum, name) => sum + gzipSize(`/assets/${name}`).gzip, 0);
  out(
    `React 19 + React Router 7 (${entry.join(", ")}) : ${kb(floor)} gzip, chargés par le back office seulement.`,
  );
  return { largest, adminLoaded };
}

// ---------------------------------------------------------------- hero image
async function heroImage(browser: Browser) {
  out();
  out("## Image du bandeau d'accueil à 412 px de large");
  out();
  out("| écran | fichier | format | octets |");
  out("| --- | --- | --- | ---: |");
  let largest = 0;
  for (const scale of [1, 1.75]) {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: scale,
      isMobile: true,
    });
    const tab = await context.newPage();
    const sizes = new Map<string, number>();
    tab.on("response", async (response) => {
      if (response.request().resourceType() !== "image") return;
      const body = await response.body().catch(() => Buffer.alloc(0));
      sizes.set(new URL(response.url()).pathname, body.length);
    });
    await tab.goto(`${CACHED}/`, { waitUntil: "networkidle", timeout: 30_000 });
    const src = await tab
      .locator("#hero-title")
      .locator("xpath=ancestor::section[1]//img")
      .first()
      .evaluate((img: HTMLImageElement) => img.currentSrc)
      .catch(() => "");
    await context.close();
    const file = src ? new URL(src).pathname : "(pas d'image)";
    const bytes = sizes.get(file) ?? 0;
    largest = Math.max(largest, bytes);
    out(`| 412 px × ${scale} | \`${file}\` | ${path.extname(file).slice(1)} | ${kb(bytes)} |`);
  }
  return largest;
}

// ---------------------------------------------------------------- Lighthouse
async function lighthouse() {
  out();
  out("## 3. Lighthouse 12, mobile (réglages par défaut : Moto G Power, 4G lente simulée, CPU ×4)");
  out();
  out("| page | performance | accessibilité | bonnes pratiques | SEO | LCP |");
  out("| --- | ---: | ---: | ---: | ---: | ---: |");
  const scores: number[] = [];
  for (const page of LIGHTHOUSE_PAGES) {
    const report = path.join(TMP, `lighthouse-${page.replace(/\W/g, "_")}.json`);
    await run(
      path.resolve("node_modules/.bin/lighthouse"),
      [
        `${CACHED}${page}`,
        "--output=json",
        `--output-path=${report}`,
        "--only-categories=performance,accessibility,best-practices,seo",
        `--chrome-flags=${CHROME_FLAGS.join(" ")}`,
        "--max-wait-for-load=30000",
        "--quiet",
      ],
      150_000,
    ).catch((error: Error) => out(`Lighthouse ${page} : ${error.message.split("\n")[0]}`));
    if (!fs.existsSync(report)) continue;
    const result = JSON.parse(fs.readFileSync(report, "utf8"));
    const score = (id: string) => Math.round((result.categories[id]?.score ?? 0) * 100);
    const ids = ["performance", "accessibility", "best-practices", "seo"];
    scores.push(...ids.map(score));
    const lcp = result.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN;
    out(`| \`${page}\` | ${ids.map(score).join(" | ")} | ${ms(lcp)} |`);
    const misses: string[] = [];
    for (const category of Object.values(result.categories) as {
      id: string;
      auditRefs: { id: string; weight: number }[];
    }[]) {
      for (const ref of category.auditRefs) {
        const audit = result.audits[ref.id];
        if (ref.weight > 0 && audit?.score !== null && audit?.score < 1) {
          misses.push(`${ref.id} ${audit.displayValue ?? audit.score}`);
        }
      }
    }
    if (misses.length) out(`|  | à gagner : ${misses.join(", ")} | | | | |`);
  }
  return scores;
}

// ---------------------------------------------------------------- blog SSR
async function blogRender() {
  const db = new Database(path.join(DATA_DIR, "club.sqlite"));
  db.pragma("busy_timeout = 5000");
  const insert = db.prepare(
    `insert into blog_posts (slug, title, subtitle, excerpt, content, image_url, category, author,
       published_at, is_published, is_featured, created_at, updated_at)
     values (?, ?, '', '', ?, '', 'actualite', 'Le club', ?, 1, 0, ?, ?)`,
  );
  const paragraph =
    "Séance ouverte à tous les niveaux : échauffement, travail au sac, assauts éducatifs et retour au calme. ";
  const start = Date.parse("2020-01-01T08:00:00Z");
  db.transaction(() => {
    for (let i = 1; i <= BLOG_ARTICLES; i += 1) {
      const stamp = new Date(start + i * 3_600_000).toISOString();
      insert.run(
        `bench-article-${i}`,
        `Article de test ${i}`,
        `${paragraph.repeat(12)}\n\n${paragraph.repeat(8)}`,
        stamp,
        stamp,
        stamp,
      );
    }
  })();
  const plan = db
    .prepare(
      `explain query plan select id from blog_posts where is_published = 1
       order by published_at desc limit 9 offset ${(BLOG_PAGE - 1) * 9}`,
    )
    .all() as { detail: string }[];
  db.close();

  const url = `${UNCACHED}/blog?page=${BLOG_PAGE}`;
  const first = await get(url);
  if (first.status !== 200 || !first.body.includes("Article de test")) {
    throw new Error(`/blog?page=${BLOG_PAGE} : HTTP ${first.status} sans articles`);
  }
  for (let i = 0; i < 20; i += 1) await get(url);
  const times: number[] = [];
  for (let i = 0; i < BLOG_SAMPLES; i += 1) {
    const t0 = process.hrtime.bigint();
    await get(url);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  times.sort((a, b) => a - b);
  const p50 = percentile(times, 50);
  const p95 = percentile(times, 95);
  out();
  out(
    `## 4. Rendu serveur de /blog?page=${BLOG_PAGE} avec ${BLOG_ARTICLES.toLocaleString("fr-FR")} articles publiés (sans cache, ${BLOG_SAMPLES} requêtes l'une après l'autre)`,
  );
  out();
  out("| p50 | p95 | max | octets |");
  out("| ---: | ---: | ---: | ---: |");
  out(`| ${ms(p50)} | ${ms(p95)} | ${ms(times.at(-1)!)} | ${kb(first.body.length)} |`);
  out(`Plan de la requête : ${plan.map((row) => row.detail).join(" ; ")}`);
  return p95;
}

// ---------------------------------------------------------------- burst
const BURST_PAGES = ["/", "/planning", "/blog", "/disciplines", "/contact"];
const BURST_SECONDS = Number.parseInt(process.env.BENCH_BURST_SECONDS ?? "", 10) || 60;
const BURST_CONNECTIONS = 200;
/** What phones send: both servers answer the burst in gzip (nginx from its .gz copies). */
const PHONE_ACCEPT_ENCODING = "gzip, deflate, br";
const SAVE_TITLE = "Rafale";

/** A server under the burst: SQLite's, and PostgreSQL's with `--postgres`. */
interface Target {
  name: string;
  origin: string;
  pid: number;
  /** Removes the activities the saves created, so the pages measured next are the seed's. */
  removeSaves: () => Promise<void>;
}

const TARGETS: Target[] = [
  {
    name: "SQLite",
    origin: CACHED,
    pid: CACHED_PID,
    removeSaves: async () => {
      const db = new Database(path.join(DATA_DIR, "club.sqlite"));
      db.prepare("delete from schedule_activities where title like ?").run(`${SAVE_TITLE} %`);
      db.close();
    },
  },
];
if (process.env.BENCH_PG) {
  const databaseUrl = env("BENCH_PG_DATABASE_URL");
  TARGETS.push({
    name: "PostgreSQL",
    origin: env("BENCH_PG"),
    pid: Number(env("BENCH_PG_PID")),
    removeSaves: async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query("delete from schedule_activities where title like $1", [
        `${SAVE_TITLE} %`,
      ]);
      await client.end();
    },
  });
}

/** A server's processes: the cluster's parent and one per core. */
function processes(pid: number): number[] {
  const children = fs
    .readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
    .split(" ")
    .filter(Boolean)
    .map(Number);
  return [pid, ...children];
}

/** Starts a new event-loop delay measurement in every server process (scripts/bench-probe.js). */
function resetLoopDelay(pid: number) {
  for (const each of processes(pid)) process.kill(each, "SIGUSR2");
}

/** The worst p99 of the event-loop delay among the web processes since the last reset. */
async function loopDelayP99(pid: number): Promise<number> {
  // The probe writes twice a second.
  await new Promise((resolve) => setTimeout(resolve, 700));
  const workers = processes(pid).slice(1);
  return Math.max(
    ...workers.map(
      (each) => JSON.parse(fs.readFileSync(path.join(PROBE_DIR, `${each}.json`), "utf8")).p99,
    ),
  );
}

/** A session cookie of the bench's admin, from the real login form. */
async function adminCookie(origin: string): Promise<string> {
  const response = await fetch(`${origin}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: origin },
    body: new URLSearchParams({
      username: process.env.ADMIN_USERNAME || "admin",
      password: ADMIN_PASSWORD,
      redirectTo: "/admin",
    }),
  });
  const cookie = response.headers.get("set-cookie")?.match(/__session=[^;]+/)?.[0];
  if (!cookie) throw new Error(`Connexion admin refusée : HTTP ${response.status}`);
  return cookie;
}

interface Saves {
  times: number[];
  failed: number;
  /** Saves whose change the next visitor's request did not show. */
  stale: number;
}

/**
 * An activity created every second through the real admin action (what the planning
 * screen's dialog posts), then the planning asked for as a visitor: it must show it.
 */
async function saveEverySecond(origin: string, seconds: number): Promise<Saves> {
  const cookie = await adminCookie(origin);
  const saves: Saves = { times: [], failed: 0, stale: 0 };
  const end = Date.now() + seconds * 1000;
  for (let i = 1; Date.now() < end; i += 1) {
    const tick = Date.now();
    const title = `${SAVE_TITLE} ${i}`;
    const t0 = performance.now();
    const response = await fetch(`${origin}/admin/schedule.data`, {
      method: "POST",
      headers: { Origin: origin, Cookie: cookie },
      body: new URLSearchParams({
        intent: "create",
        title,
        category: "adult",
        day: "Samedi",
        start_time: "10:00",
        end_time: "11:00",
      }),
    });
    await response.arrayBuffer();
    saves.times.push(performance.now() - t0);
    if (response.status !== 200) saves.failed += 1;
    const page = await fetch(`${origin}/planning`);
    if (!(await page.text()).includes(title)) saves.stale += 1;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, tick + 1000 - Date.now())));
  }
  return saves;
}

const BURST_OPTIONS = {
  connections: BURST_CONNECTIONS,
  args: ["-H", `Accept-Encoding: ${PHONE_ACCEPT_ENCODING}`, "-s", "scripts/bench-pages.lua"],
  paths: BURST_PAGES,
};

interface BurstResult {
  target: Target;
  quiet: WrkResult;
  busy: WrkResult;
  quietDelay: number;
  busyDelay: number;
  saves: Saves & { p50: number; p99: number };
}

/** The burst on one server: without saves, then with one every second. */
async function burstOn(target: Target): Promise<BurstResult> {
  const duration = `${BURST_SECONDS}s`;
  await wrk(target.origin, "3s", BURST_OPTIONS);
  resetLoopDelay(target.pid);
  const quiet = await wrk(target.origin, duration, BURST_OPTIONS);
  const quietDelay = await loopDelayP99(target.pid);
  resetLoopDelay(target.pid);
  const [busy, saves] = await Promise.all([
    wrk(target.origin, duration, BURST_OPTIONS),
    saveEverySecond(target.origin, BURST_SECONDS - 1),
  ]);
  const busyDelay = await loopDelayP99(target.pid);
  await target.removeSaves();
  const times = [...saves.times].sort((a, b) => a - b);
  return {
    target,
    quiet,
    busy,
    quietDelay,
    busyDelay,
    saves: { ...saves, p50: percentile(times, 50), p99: percentile(times, 99) },
  };
}

async function burst() {
  for (const page of BURST_PAGES) {
    const { body, status } = await get(`${CACHED}${page}`);
    if (status !== 200) throw new Error(`${page} : HTTP ${status}`);
    const dir = path.join(HTML_DIR, page);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "index.html"), body);
    fs.writeFileSync(path.join(dir, "index.html.gz"), zlib.gzipSync(body, { level: 9 }));
  }
  await wrk(NGINX, "3s", BURST_OPTIONS);
  const nginx = await wrk(NGINX, `${BURST_SECONDS}s`, BURST_OPTIONS);
  const results: BurstResult[] = [];
  for (const target of TARGETS) results.push(await burstOn(target));

  out();
  out(
    `## 1b. Rafale : ${BURST_CONNECTIONS} connexions pendant ${BURST_SECONDS} s sur ${BURST_PAGES.join(", ")} tour à tour (wrk -t 2, Accept-Encoding: ${PHONE_ACCEPT_ENCODING})`,
  );
  out();
  out(
    "| scénario | req/s | p50 | p99 | erreurs | délai de la boucle p99 | enregistrements p50 / p99 |",
  );
  out("| --- | ---: | ---: | ---: | --- | ---: | ---: |");
  const row = (name: string, r: WrkResult, delay: string, save: string) =>
    out(
      `| ${name} | ${Math.round(r.rps)} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.errors || "0"} | ${delay} | ${save} |`,
    );
  row("nginx, copies statiques", nginx, "–", "–");
  for (const { target, quiet, busy, quietDelay, busyDelay, saves } of results) {
    row(`Node (${target.name}), sans enregistrement`, quiet, ms(quietDelay), "–");
    row(
      `Node (${target.name}), un enregistrement admin par seconde`,
      busy,
      ms(busyDelay),
      `${ms(saves.p50)} / ${ms(saves.p99)}`,
    );
  }
  out();
  for (const { target, quiet, busy, saves } of results) {
    out(
      `${target.name} : ${saves.times.length} enregistrements (création d'une activité par l'action admin du planning), ${saves.failed} en échec ; page /planning suivante sans le changement : ${saves.stale}. Rapport de débit avec / sans enregistrements : ${(busy.rps / quiet.rps).toFixed(2)} ; rapport à nginx sans enregistrement : ${(quiet.rps / nginx.rps).toFixed(2)}.`,
    );
  }
  return results;
}

// ---------------------------------------------------------------- memory
interface MemoryRow {
  moment: string;
  pid: number;
  role: string;
  mb: number;
}

/** The resident memory bench.sh recorded once each server was idle. */
function memoryAtRest(): MemoryRow[] {
  const rows = fs
    .readFileSync(MEMORY_FILE, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [moment, pid, role, kb] = line.split("\t");
      return { moment: moment!, pid: Number(pid), role: role!, mb: Number(kb) / 1024 };
    });
  out();
  out(
    `## 1c. Mémoire résidente au repos (VmRSS, ${process.env.BENCH_IDLE_SECONDS || 15} s après le démarrage)`,
  );
  out();
  out("| moment | processus | PID | Mo |");
  out("| --- | --- | ---: | ---: |");
  for (const row of rows) {
    out(`| ${row.moment} | ${row.role} | ${row.pid} | ${row.mb.toFixed(0)} |`);
  }
  return rows;
}

// ---------------------------------------------------------------- main
async function main() {
  out("# npm run bench");
  out();
  await machine();
  const { ratios, memory } = await throughput();
  const rafale = await burst();
  const atRest = memoryAtRest();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROME_FLAGS.filter((flag) => flag !== "--headless=new"),
  });
  let js: { largest: number; adminLoaded: boolean };
  let hero: number;
  try {
    js = await javascript(browser);
    hero = await heroImage(browser);
  } finally {
    await browser.close();
  }
  const scores = await lighthouse();
  const p95 = await blogRender();

  out();
  out("## 5. Mémoire résidente du serveur (cache de pages actif)");
  out();
  out("| au repos (après mise en route) | pic sous charge | après la charge |");
  out("| ---: | ---: | ---: |");
  out(
    `| ${(memory.idle / 1024).toFixed(0)} Mo | ${(memory.peak / 1024).toFixed(0)} Mo | ${(memory.after / 1024).toFixed(0)} Mo |`,
  );

  const verdict = (ok: boolean) => (ok ? "tenu" : "NON TENU");
  out();
  out("## Budgets (../shared/DESIGN.md)");
  out();
  out(
    `- GET / en cache ≥ 1/3 du débit de nginx : ${ratios["/"]!.toFixed(2)} → ${verdict(ratios["/"]! >= 1 / 3)}`,
  );
  out(
    `- JavaScript public ≤ 110 KB gzip : page la plus lourde ${kb(js.largest)} → ${verdict(js.largest <= 110 * 1024)}`,
  );
  out(`- Aucun code admin sur les pages publiques → ${verdict(!js.adminLoaded)}`);
  out(
    `- Lighthouse 100 partout (${LIGHTHOUSE_PAGES.length} pages × 4) : ${scores.filter((s) => s === 100).length}/${LIGHTHOUSE_PAGES.length * 4} → ${verdict(scores.length === LIGHTHOUSE_PAGES.length * 4 && scores.every((s) => s === 100))}`,
  );
  out(
    `- Image du bandeau à 412 px < 60 KB : ${kb(hero)} → ${verdict(hero > 0 && hero < 60 * 1024)}`,
  );
  out(`- /blog?page=${BLOG_PAGE} p95 < 25 ms : ${ms(p95)} → ${verdict(p95 < 25)}`);
  const [sqlite, ...others] = rafale;
  for (const { target, quiet, busy, saves } of rafale) {
    const on = rafale.length > 1 ? ` (${target.name})` : "";
    out(
      `- Rafale${on} avec un enregistrement par seconde, p99 ≤ 100 ms : ${ms(busy.p99)} → ${verdict(busy.p99 <= 100)}`,
    );
    out(
      `- Rafale${on} avec enregistrements sans erreur : ${busy.errors || "0"} → ${verdict(!busy.errors && saves.failed === 0)}`,
    );
    out(
      `- Rafale${on} avec enregistrements ≥ 1/2 du débit sans : ${(busy.rps / quiet.rps).toFixed(2)} → ${verdict(busy.rps >= quiet.rps / 2)}`,
    );
    out(
      `- Rafale${on} sans enregistrement, p99 ≤ 50 ms : ${ms(quiet.p99)} → ${verdict(quiet.p99 <= 50)}`,
    );
    out(
      `- Enregistrements${on} pendant la rafale, p99 ≤ 300 ms : ${ms(saves.p99)} → ${verdict(saves.p99 <= 300)}`,
    );
    out(
      `- Après chaque enregistrement${on}, la page suivante le montre : ${saves.stale} sans → ${verdict(saves.stale === 0)}`,
    );
  }
  for (const { target, quiet, busy } of others) {
    const ratios = [quiet.rps / sqlite!.quiet.rps, busy.rps / sqlite!.busy.rps];
    out(
      `- ${target.name} ≥ 80 % du débit de SQLite (sans / avec enregistrements) : ${ratios.map((r) => r.toFixed(2)).join(" / ")} → ${verdict(ratios.every((r) => r >= 0.8))}`,
    );
  }
  const heaviest = Math.max(...atRest.map((row) => row.mb));
  out(
    `- Chaque processus ≤ 200 Mo au repos (premier démarrage compris) : ${heaviest.toFixed(0)} Mo au plus → ${verdict(heaviest <= 200)}`,
  );
  const single = atRest
    .filter((r) => r.moment.includes("WEB_CONCURRENCY=1"))
    .reduce((sum, r) => sum + r.mb, 0);
  out(
    `- Un seul processus (WEB_CONCURRENCY=1) ≤ 200 Mo en tout : ${single.toFixed(0)} Mo → ${verdict(single > 0 && single <= 200)}`,
  );
  out();
  out(
    `Charge moyenne à la fin : ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(", ")}`,
  );
  fs.writeFileSync(path.join(TMP, "bench.md"), `${lines.join("\n")}\n`);
  if (process.env.BENCH_OUTPUT) fs.writeFileSync(process.env.BENCH_OUTPUT, `${lines.join("\n")}\n`);
}

main().then(
  () => agent.destroy(),
  (error: unknown) => {
    agent.destroy();
    console.error(error);
    process.exit(1);
  },
);
