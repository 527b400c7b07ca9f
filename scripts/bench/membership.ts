/*
 * Section 9 of npm run bench (`npm run bench -- --membership` alone): the membership's
 * back office with MEMBERSHIP_SCALE's members (scripts/bench/membership-seed.ts), timed by
 * HTTP against the built server as section 6 times the admin lists: the HTML's size and
 * the server's time one request at a time (median, p95), before the rows are added (the
 * install as it is) and after, against the back-office list budgets of
 * ../shared/DESIGN.md. A URL the server does not have yet (a screen not
 * built yet) is reported absent; add the next screens to MEMBERSHIP_URLS.
 */
import { createDatabase, type DatabaseOptions } from "~/db/client.server";
import { parisToday } from "~/core/club-time";
import { signIn } from "./admin-lists";
import { fetchPage, SAMPLES, serverTime } from "./admin-measure";
import { MEMBERSHIP_SCALE, seedMembershipAtScale } from "./membership-seed";
import { kb, ms, out, verdict } from "./report";

/** The ids the addresses name: the season, one file and one member with money received. */
type Ids = { season: number; file: number; member: number };

/**
 * The addresses timed. `download`: a file, not a page (only its time is judged);
 * `p95`: its own budget (the attestation PDF's is 200 ms).
 */
export const MEMBERSHIP_URLS = ({ season, file, member }: Ids) => [
  { name: "Dossiers", url: "/admin/adhesions", download: false },
  { name: "Réception du dossier", url: `/admin/adhesions/dossiers/${file}`, download: false },
  { name: "Fiche d'un adhérent", url: `/admin/adhesions/adherents/${member}`, download: false },
  {
    name: "Attestation (PDF)",
    url: `/admin/adhesions/adherents/${member}/attestation.pdf`,
    download: true,
    p95: 200,
  },
  { name: "Chèques à déposer", url: "/admin/adhesions/cheques", download: false },
  { name: "Saisons et tarifs", url: "/admin/adhesions/saisons", download: false },
  {
    name: "Une saison (tarifs, réductions)",
    url: `/admin/adhesions/saisons/${season}`,
    download: false,
  },
  { name: "Bilan et chiffres", url: "/admin/adhesions/bilan", download: false },
  {
    name: "Export fédération",
    url: `/admin/adhesions/export/federation?saison=${season}`,
    download: true,
  },
  {
    name: "Export assureur",
    url: `/admin/adhesions/export/insurer?saison=${season}`,
    download: true,
  },
  {
    name: "Export paiements",
    url: `/admin/adhesions/export/payments?saison=${season}`,
    download: true,
  },
  {
    name: "Export du bilan",
    url: `/admin/adhesions/export/figures?saison=${season}`,
    download: true,
  },
];

const BUDGET = { raw: 150 * 1024, gzip: 30 * 1024, p95: 50 };

type Figures = { raw: number; gzip: number; p50: number; p95: number; samples: number };
type Measured = Figures | { absent: string };

async function measureUrl(url: string, session: string): Promise<Measured> {
  try {
    const { raw, gzip } = await fetchPage(url, session);
    return { raw, gzip, ...(await serverTime(url, session)) };
  } catch (error) {
    return {
      absent: error instanceof Error ? error.message.replace(/^.*? : /, "") : String(error),
    };
  }
}

interface Target {
  name: string;
  origin: string;
  database: DatabaseOptions;
}

/** The big install of each engine scripts/bench.sh started (section 6's servers). */
function targets(): Target[] {
  const found: Target[] = [];
  for (const [name, prefix] of [
    ["SQLite", "BENCH_ADMIN_SQLITE_BIG"],
    ["PostgreSQL", "BENCH_ADMIN_PG_BIG"],
  ] as const) {
    const origin = process.env[prefix];
    if (!origin) continue;
    const databaseUrl = process.env[`${prefix}_DATABASE_URL`] || null;
    for (const url of [origin, databaseUrl ?? "http://127.0.0.1:1"]) {
      if (!/^(http|postgres):\/\/(postgres@)?127\.0\.0\.1:\d+(\/\w+)?$/.test(url)) {
        throw new Error(`Cible refusée : ${url}`);
      }
    }
    found.push({
      name,
      origin,
      database: { databaseUrl, dataDir: process.env[`${prefix}_DATA_DIR`] ?? "" },
    });
  }
  if (found.length === 0) throw new Error("BENCH_ADMIN_SQLITE_BIG manquant : lancez npm run bench");
  return found;
}

async function measureTarget(target: Target) {
  const session = await signIn(target.database);
  const db = createDatabase(target.database);
  const today = parisToday();
  let seconds = 0;
  let seasons: number[] = [];
  let ids: Ids = { season: 0, file: 0, member: 0 };
  const before: Measured[] = [];
  try {
    // The install as it is: its open season (the fresh install's seed), if any.
    const open = await db
      .selectFrom("membership_seasons")
      .select("id")
      .orderBy("starts_on", "desc")
      .orderBy("id", "desc")
      .executeTakeFirst();
    // Before the members are added, the file and member pages answer 404 (absent).
    for (const { name, url } of MEMBERSHIP_URLS({ season: open?.id ?? 1, file: 0, member: 0 })) {
      process.stderr.write(`  ${target.name} : ${name}, avant…\n`);
      before.push(await measureUrl(`${target.origin}${url}`, session));
    }
    const t0 = performance.now();
    seasons = await seedMembershipAtScale(db, today);
    seconds = (performance.now() - t0) / 1000;
    const paid = await db
      .selectFrom("membership_allocations as a")
      .innerJoin("membership_payments as p", "p.id", "a.payment_id")
      .innerJoin("registrations as r", "r.id", "a.registration_id")
      .select(["r.id", "r.file_id"])
      .where("r.season_id", "=", seasons[0]!)
      .where("p.status", "in", ["received", "deposited"])
      .orderBy("r.id")
      .executeTakeFirstOrThrow();
    ids = { season: seasons[0]!, file: paid.file_id, member: paid.id };
  } finally {
    await db.destroy();
  }
  const rows = [];
  for (const [index, { name, url, download, p95 }] of MEMBERSHIP_URLS(ids).entries()) {
    process.stderr.write(`  ${target.name} : ${name}, avec les adhérents…\n`);
    rows.push({
      name,
      url,
      download,
      p95Budget: p95 ?? BUDGET.p95,
      before: before[index]!,
      after: await measureUrl(`${target.origin}${url}`, session),
    });
  }
  return { target, seconds, rows };
}

type Result = Awaited<ReturnType<typeof measureTarget>>;
type Row = Result["rows"][number];

const cell = (measured: Measured, format: (figures: Figures) => string) =>
  "absent" in measured ? "—" : format(measured);

function failures(row: Row): string[] {
  if ("absent" in row.after) return [];
  const failed: string[] = [];
  if (!row.download && row.after.raw > BUDGET.raw) failed.push("HTML > 150 KB");
  if (!row.download && row.after.gzip > BUDGET.gzip) failed.push("gzip > 30 KB");
  if (row.after.p95 > row.p95Budget) failed.push(`p95 > ${row.p95Budget} ms`);
  return failed;
}

function printTarget({ target, seconds, rows }: Result) {
  const { seasons, membersPerSeason } = MEMBERSHIP_SCALE;
  out();
  out(
    `### ${target.name} : ${seasons} saisons de ${membersPerSeason.toLocaleString("fr-FR")} adhérents (foyers, dossiers, inscriptions, paiements, répartitions) ajoutées en ${seconds.toFixed(1)} s`,
  );
  out();
  out(
    "Chaque case : avec les adhérents / avant (l'installation telle quelle). Un export est un téléchargement : seul son temps est jugé.",
  );
  out();
  out("| écran | adresse | HTML brut | HTML gzip | serveur p50 | serveur p95 | verdict |");
  out("| --- | --- | ---: | ---: | ---: | ---: | --- |");
  for (const row of rows) {
    if ("absent" in row.after) {
      out(`| ${row.name} | \`${row.url}\` | — | — | — | — | absent (${row.after.absent}) |`);
      continue;
    }
    const pair = (format: (figures: Figures) => string) =>
      `${cell(row.after, format)} / ${cell(row.before, format)}`;
    const failed = failures(row);
    out(
      `| ${row.name} | \`${row.url}\` | ${pair((f) => kb(f.raw))} | ${pair((f) => kb(f.gzip))} | ${pair((f) => ms(f.p50))} | ${pair((f) => ms(f.p95))} | ${failed.length ? `NON TENU : ${failed.join(" ; ")}` : "tenu"} |`,
    );
  }
  const few = rows.filter((row) => !("absent" in row.after) && row.after.samples < SAMPLES);
  if (few.length > 0) {
    out();
    out(`Moins de ${SAMPLES} requêtes mesurées : ${few.map((row) => row.name).join(" ; ")}.`);
  }
}

function budgetLines({ target, rows }: Result): string[] {
  const measured = rows.filter((row) => !("absent" in row.after)) as (Row & { after: Figures })[];
  if (measured.length === 0) return [];
  const pages = measured.filter((row) => !row.download);
  const worst = (list: typeof measured, figure: (f: Figures) => number) =>
    list.reduce((top, row) => (figure(row.after) > figure(top.after) ? row : top), list[0]!);
  const on = `(${target.name}, ${MEMBERSHIP_SCALE.seasons} × ${MEMBERSHIP_SCALE.membersPerSeason} adhérents)`;
  const raw = worst(pages, (f) => f.raw);
  const timed = measured.filter((row) => row.p95Budget === BUDGET.p95);
  const p95 = worst(timed, (f) => f.p95);
  const pdfs = measured.filter((row) => row.p95Budget !== BUDGET.p95);
  const absent = rows.filter((row) => "absent" in row.after).map((row) => row.name);
  return [
    `- Écrans des adhésions ${on}, HTML ≤ 150 KB : ${kb(raw.after.raw)} au plus (${raw.name}) → ${verdict(raw.after.raw <= BUDGET.raw)}`,
    `- Écrans et exports des adhésions ${on}, serveur p95 ≤ 50 ms : ${ms(p95.after.p95)} au plus (${p95.name}) → ${verdict(p95.after.p95 <= BUDGET.p95)}${absent.length ? ` ; absents : ${absent.join(", ")}` : ""}`,
    ...pdfs.map(
      (row) =>
        `- ${row.name} ${on}, serveur p95 ≤ ${row.p95Budget} ms : ${ms(row.after.p95)} (médiane ${ms(row.after.p50)}) → ${verdict(row.after.p95 <= row.p95Budget)}`,
    ),
  ];
}

/** Prints the section; returns its lines for the report's Budgets list. */
export async function membershipBench(): Promise<string[]> {
  const results: Result[] = [];
  for (const target of targets()) results.push(await measureTarget(target));
  out();
  out(
    "## 9. Les adhésions à grande échelle : les écrans et exports du back office, par HTTP (serveur : échauffement puis requêtes l'une après l'autre)",
  );
  for (const result of results) printTarget(result);
  return results.flatMap(budgetLines);
}
