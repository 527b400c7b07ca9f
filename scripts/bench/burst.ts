// The burst: many phones on five pages, without and then with an admin save every second,
// on SQLite's server and PostgreSQL's, beside nginx.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import Database from "better-sqlite3";
import pg from "pg";
import { signInOverHttp } from "../../tests/http-sign-in";
import { get, wrk, type WrkResult } from "./clients";
import {
  ADMIN_PASSWORD,
  CACHED,
  CACHED_PID,
  DATA_DIR,
  env,
  HTML_DIR,
  NGINX,
  PROBE_DIR,
} from "./environment";
import { ms, out, percentile } from "./report";

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
function adminCookie(origin: string): Promise<string> {
  return signInOverHttp(origin, {
    username: process.env.ADMIN_USERNAME || "admin",
    password: ADMIN_PASSWORD,
  });
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

export async function burst() {
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
    `## 1b. Rafale : ${BURST_CONNECTIONS} connexions pendant ${BURST_SECONDS} s sur ${BURST_PAGES.join(", ")} tour à tour (nice -n 10 wrk -t 2, Accept-Encoding: ${PHONE_ACCEPT_ENCODING})`,
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
    // With about 60 saves the p99 is the slowest one: the next ones say if it stands alone.
    const slowest = [...saves.times].sort((a, b) => b - a).slice(0, 5);
    out(
      `${target.name} : ${saves.times.length} enregistrements (création d'une activité par l'action admin du planning), ${saves.failed} en échec, les plus lents ${slowest.map(ms).join(", ")} ; page /planning suivante sans le changement : ${saves.stale}. Rapport de débit avec / sans enregistrements : ${(busy.rps / quiet.rps).toFixed(2)} ; rapport à nginx sans enregistrement : ${(quiet.rps / nginx.rps).toFixed(2)}.`,
    );
  }
  return results;
}
