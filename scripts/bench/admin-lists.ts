/*
 * The back office at scale (../shared/DESIGN.md "Performance budgets"; docs/performance.md
 * says what each figure means): each admin list's first page, a middle page and a search,
 * on an install with SCALE's rows added beside a fresh one (migrated and seeded, nothing
 * added), on SQLite and, with --postgres, on PostgreSQL. scripts/bench.sh starts the four
 * servers; this adds the rows, signs in and measures.
 */
import { randomBytes } from "node:crypto";
import { type Browser, chromium } from "@playwright/test";
import { createDatabase, type DatabaseOptions } from "~/db/client.server";
import { hashSessionId } from "~/core/session-hash";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../../tests/chromium";
import { SCALE, SEARCH_WORD, seedAtScale } from "./admin-seed";
import {
  fetchPage,
  LOAD_TIMEOUT_MS,
  LOADS,
  measure,
  SAMPLE_SECONDS,
  SAMPLES,
  WARM_UP,
  type Figures,
} from "./admin-measure";
import { kb, ms, out, verdict } from "./report";

/** One admin list's addresses (the lists' URL contract): the page and the search are added to `all`. */
const LISTS = [
  { name: "Blog", first: "/admin/blog", all: "/admin/blog" },
  { name: "Médias", first: "/admin/media?tab=images", all: "/admin/media?tab=images" },
  { name: "Messages", first: "/admin/messages", all: "/admin/messages" },
  { name: "Essais", first: "/admin/essais", all: "/admin/essais?periode=toutes" },
  { name: "Pages", first: "/admin/pages", all: "/admin/pages" },
];

const BUDGET = { raw: 150 * 1024, gzip: 30 * 1024, p95: 50, longest: 200, ratio: 1.5 };

const FIGURES = [
  { key: "raw", label: "HTML brut", format: kb },
  { key: "gzip", label: "HTML gzip", format: kb },
  { key: "p50", label: "serveur p50", format: ms },
  { key: "p95", label: "serveur p95", format: ms },
  { key: "tasks", label: "longues tâches", format: String },
  { key: "longest", label: "la plus longue", format: ms },
  { key: "total", label: "total des longues tâches", format: ms },
] as const;

interface Install {
  origin: string;
  database: DatabaseOptions;
}

interface Engine {
  name: string;
  big: Install;
  fresh: Install;
}

/** An install scripts/bench.sh started: BENCH_ADMIN_<ENGINE>_<BIG|FRESH> and its database. */
function install(name: string): Install | null {
  const origin = process.env[name];
  if (!origin) return null;
  const databaseUrl = process.env[`${name}_DATABASE_URL`] || null;
  const dataDir = process.env[`${name}_DATA_DIR`] ?? "";
  const local = /^(http|postgres):\/\/(postgres@)?127\.0\.0\.1:\d+(\/\w+)?$/;
  for (const url of [origin, databaseUrl ?? "http://127.0.0.1:1"]) {
    if (!local.test(url)) throw new Error(`Cible refusée : ${url}`);
  }
  if (!databaseUrl && !dataDir) throw new Error(`${name}_DATA_DIR manquant : lancez npm run bench`);
  return { origin, database: { databaseUrl, dataDir } };
}

function engines(): Engine[] {
  const found: Engine[] = [];
  for (const [name, prefix] of [
    ["SQLite", "BENCH_ADMIN_SQLITE"],
    ["PostgreSQL", "BENCH_ADMIN_PG"],
  ] as const) {
    const big = install(`${prefix}_BIG`);
    const fresh = install(`${prefix}_FRESH`);
    if (big && fresh) found.push({ name, big, fresh });
  }
  if (found.length === 0) throw new Error("BENCH_ADMIN_SQLITE_BIG manquant : lancez npm run bench");
  return found;
}

/** A session row for the bench's admin, as the e2e fixtures write one; returns the cookie's id. */
export async function signIn(options: DatabaseOptions): Promise<string> {
  const db = createDatabase(options);
  try {
    const user = await db
      .selectFrom("users")
      .select("id")
      .where("username", "=", process.env.ADMIN_USERNAME || "admin")
      .executeTakeFirstOrThrow();
    const id = randomBytes(32).toString("base64url");
    const now = new Date();
    await db
      .insertInto("sessions")
      .values({
        id: hashSessionId(id),
        user_id: user.id,
        created_at: now.toISOString(),
        last_used_at: now.toISOString(),
        expires_at: new Date(now.getTime() + 86_400_000).toISOString(),
        // A full admin session, as the code step opens one.
        second_factor: 1,
      })
      .execute();
    return id;
  } finally {
    await db.destroy();
  }
}

async function addRows(options: DatabaseOptions, now: Date): Promise<number> {
  const db = createDatabase(options);
  const t0 = performance.now();
  try {
    await seedAtScale(db, now);
  } finally {
    await db.destroy();
  }
  return (performance.now() - t0) / 1000;
}

const withParam = (url: string, name: string, value: string | number) =>
  `${url}${url.includes("?") ? "&" : "?"}${name}=${encodeURIComponent(value)}`;

/** The list's page count its first page announces (data-list-pages), null without it. */
async function pageCount(url: string, session: string): Promise<number | null> {
  const match = (await fetchPage(url, session)).html.match(/data-list-pages="(\d+)"/);
  return match ? Number(match[1]) : null;
}

interface Row {
  list: string;
  what: string;
  url: string;
  big: Figures;
  fresh: Figures;
}

const ratio = (big: number, fresh: number) =>
  fresh === 0 ? (big === 0 ? 1 : Number.POSITIVE_INFINITY) : big / fresh;

function failures({ big, fresh }: Row): string[] {
  const failed: string[] = [];
  if (big.raw > BUDGET.raw) failed.push("HTML > 150 KB");
  if (big.gzip > BUDGET.gzip) failed.push("gzip > 30 KB");
  if (big.p95 > BUDGET.p95) failed.push("p95 > 50 ms");
  if (big.longest > BUDGET.longest) failed.push("tâche > 200 ms");
  const over = FIGURES.filter(({ key }) => ratio(big[key], fresh[key]) > BUDGET.ratio);
  if (over.length > 0) failed.push(`> ×1,5 : ${over.map(({ label }) => label).join(", ")}`);
  return failed;
}

/** One engine: rows added to its big install, then every list's three addresses on both. */
async function measureEngine(engine: Engine, browser: Browser) {
  const seconds = await addRows(engine.big.database, new Date());
  const sessions = {
    big: await signIn(engine.big.database),
    fresh: await signIn(engine.fresh.database),
  };
  const rows: Row[] = [];
  const pages: string[] = [];
  for (const list of LISTS) {
    const counts = {
      big: await pageCount(`${engine.big.origin}${list.first}`, sessions.big),
      fresh: await pageCount(`${engine.fresh.origin}${list.first}`, sessions.fresh),
    };
    pages.push(`${list.name} ${counts.big ?? "absent"} / ${counts.fresh ?? "absent"}`);
    const addresses = (count: number | null) => [
      { what: "première page", url: list.first },
      { what: "page du milieu", url: withParam(list.all, "page", Math.ceil((count ?? 1) / 2)) },
      { what: `recherche « ${SEARCH_WORD} »`, url: withParam(list.all, "q", SEARCH_WORD) },
    ];
    const fresh = addresses(counts.fresh);
    for (const [index, { what, url }] of addresses(counts.big).entries()) {
      const freshUrl = fresh[index]!.url;
      // Progress on stderr: the report (stdout) waits for the end of the section.
      process.stderr.write(`  ${engine.name} : ${list.name}, ${what}…\n`);
      rows.push({
        list: list.name,
        what,
        url: url === freshUrl ? url : `${url} (neuve : ${freshUrl})`,
        fresh: await measure(browser, `${engine.fresh.origin}${freshUrl}`, sessions.fresh),
        big: await measure(browser, `${engine.big.origin}${url}`, sessions.big),
      });
    }
  }
  return { engine, seconds, rows, pages };
}

type EngineResult = Awaited<ReturnType<typeof measureEngine>>;

const n = (count: number) => count.toLocaleString("fr-FR");

function printEngine({ engine, seconds, rows, pages }: EngineResult) {
  out();
  out(
    `### ${engine.name} : ${n(SCALE.blog_posts)} articles, ${n(SCALE.media_items)} médias, ${n(SCALE.contact_messages)} messages, ${n(SCALE.trial_bookings)} réservations d'essai et ${n(SCALE.site_pages)} pages ajoutés en ${seconds.toFixed(1)} s`,
  );
  out();
  out(
    `Chaque case : à grande échelle / installation neuve ×rapport. Pages annoncées (data-list-pages, grande / neuve ; absent : page 1) : ${pages.join(" ; ")}.`,
  );
  out();
  out(`| liste | adresse | ${FIGURES.map(({ label }) => label).join(" | ")} | verdict |`);
  out(`| --- | --- | ${FIGURES.map(() => "---:").join(" | ")} | --- |`);
  for (const row of rows) {
    const cells = FIGURES.map(({ key, format }) => {
      const r = ratio(row.big[key], row.fresh[key]);
      return `${format(row.big[key])} / ${format(row.fresh[key])} ×${Number.isFinite(r) ? r.toFixed(2) : "∞"}`;
    });
    const failed = failures(row);
    out(
      `| ${row.list}, ${row.what} | \`${row.url}\` | ${cells.join(" | ")} | ${failed.length ? `NON TENU : ${failed.join(" ; ")}` : "tenu"} |`,
    );
  }
  const few = rows.filter((row) => row.big.samples < SAMPLES || row.fresh.samples < SAMPLES);
  const unhydrated = rows.filter((row) => !row.big.hydrated || !row.fresh.hydrated);
  out();
  if (few.length > 0) {
    out(
      `Moins de ${SAMPLES} requêtes mesurées (${SAMPLE_SECONDS} s au plus par adresse) : ${few.map((row) => `${row.list}, ${row.what} (${row.big.samples} / ${row.fresh.samples})`).join(" ; ")}.`,
    );
  }
  if (unhydrated.length > 0) {
    out(
      `Chargement (load, réseau inactif) ou hydratation (data-shell-ready) non atteints en ${LOAD_TIMEOUT_MS / 1000} s, longues tâches comptées jusque-là : ${unhydrated.map((row) => `${row.list}, ${row.what}`).join(" ; ")}.`,
    );
  }
}

/** The budget lines of one engine, for the report's Budgets list. */
function budgetLines({ engine, rows }: EngineResult): string[] {
  const worst = (figure: (row: Row) => number) =>
    rows.reduce((top, row) => (figure(row) > figure(top) ? row : top), rows[0]!);
  const at = (row: Row) => `${row.list}, ${row.what}`;
  const on = `(${engine.name}, ${n(SCALE.blog_posts)} lignes)`;
  const raw = worst((row) => row.big.raw);
  const gzip = worst((row) => row.big.gzip);
  const p95 = worst((row) => row.big.p95);
  const longest = worst((row) => row.big.longest);
  const ratios = rows.flatMap((row) =>
    FIGURES.map(({ key, label }) => ({ row, label, value: ratio(row.big[key], row.fresh[key]) })),
  );
  const top = ratios.reduce((a, b) => (b.value > a.value ? b : a));
  const outside = ratios.filter((each) => each.value > BUDGET.ratio).length;
  return [
    `- Listes admin ${on}, HTML ≤ 150 KB : ${kb(raw.big.raw)} au plus (${at(raw)}) → ${verdict(raw.big.raw <= BUDGET.raw)}`,
    `- Listes admin ${on}, HTML gzip ≤ 30 KB : ${kb(gzip.big.gzip)} au plus (${at(gzip)}) → ${verdict(gzip.big.gzip <= BUDGET.gzip)}`,
    `- Listes admin ${on}, serveur p95 ≤ 50 ms : ${ms(p95.big.p95)} au plus (${at(p95)}) → ${verdict(p95.big.p95 <= BUDGET.p95)}`,
    `- Listes admin ${on}, aucune longue tâche > 200 ms (390 px, CPU ×4) : ${ms(longest.big.longest)} au plus (${at(longest)}) → ${verdict(longest.big.longest <= BUDGET.longest)}`,
    `- Listes admin ${on}, chaque chiffre ≤ ×1,5 de l'installation neuve : ${outside} chiffres sur ${ratios.length} au-delà, le plus haut ×${Number.isFinite(top.value) ? top.value.toFixed(2) : "∞"} (${top.label}, ${at(top.row)}) → ${verdict(outside === 0)}`,
  ];
}

/** Prints the section; returns its lines for the report's Budgets list. */
export async function adminLists(): Promise<string[]> {
  const targets = engines();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const results: EngineResult[] = [];
  try {
    for (const engine of targets) results.push(await measureEngine(engine, browser));
  } finally {
    await browser.close();
  }
  out();
  out(
    `## 6. L'administration à grande échelle : première page, page du milieu et recherche de chaque liste (HTML reçu avec Accept-Encoding: gzip ; serveur : ${WARM_UP} requêtes d'échauffement puis ${SAMPLES} l'une après l'autre ; Chromium à 390 px, CPU ×4, médiane de ${LOADS} chargements jusqu'à l'hydratation)`,
  );
  for (const result of results) printEngine(result);
  return results.flatMap(budgetLines);
}
