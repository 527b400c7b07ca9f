/*
 * Section 8 of `npm run bench` (alone: `npm run bench -- --backups`): the backup and the
 * restore of a site the size the backup budget names (the seed, 3,000 articles of about 5 KB
 * and 500 photos of about 200 KB), then of three times that, each run as an operator runs
 * it (`npm run admin -- backup | verify | restore`) under GNU time: wall time and peak
 * resident memory of the largest process. Budget: 250 MB for either command, whatever the
 * data size: the two sizes show it flat. SQLite, in folders under the bench's temporary one.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { createDatabase } from "~/db/client.server";
import { migrateToLatest } from "~/db/migrate.server";
import { seedDatabase } from "~/startup/seed.server";
import { createDiskStore } from "~/storage/file-store.server";
import { out, verdict } from "./report";

export const BACKUP_SCALE = { articles: 3000, photos: 500 } as const;
const BUDGET_MB = 250;

/** The seed plus `factor` times the articles and the photos, in `dataDir`. */
async function fill(dataDir: string, factor: number) {
  const db = createDatabase({ dataDir, databaseUrl: null });
  try {
    await migrateToLatest(db);
    await seedDatabase(db, { dataDir });
    const paragraph = `<p>${"Entraînement de boxe anglaise à Meyzieu, gants et sac. ".repeat(18)}</p>`;
    const stamp = new Date().toISOString();
    for (let first = 0; first < BACKUP_SCALE.articles * factor; first += 200) {
      const rows = Array.from({ length: 200 }, (_, i) => ({
        slug: `sauvegarde-${first + i}`,
        title: `Article ${first + i}`,
        content: paragraph.repeat(5),
        published_at: stamp,
        is_published: 1,
        created_at: stamp,
        updated_at: stamp,
      }));
      await db.insertInto("blog_posts").values(rows).execute();
    }
  } finally {
    await db.destroy();
  }
  // Noise compresses badly, like a photo: about 200 KB of JPEG each.
  const photo = await sharp(
    Buffer.from(Array.from({ length: 420 * 420 * 3 }, () => (Math.random() * 256) | 0)),
    {
      raw: { width: 420, height: 420, channels: 3 },
    },
  )
    .jpeg({ quality: 92 })
    .toBuffer();
  const store = createDiskStore(path.join(dataDir, "uploads"));
  for (let i = 0; i < BACKUP_SCALE.photos * factor; i++) {
    await store.put(`site-images/bench/photo-${i}.jpg`, { data: photo });
  }
}

/** `npm run admin -- …` under GNU time: seconds and peak resident memory (MB). */
function timedAdmin(dataDir: string, args: string[]): Promise<{ seconds: number; peakMb: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      "/usr/bin/time",
      ["-f", "BENCH_TIME %e %M", "npm", "run", "-s", "admin", "--", ...args],
      {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d));
    child.stderr.on("data", (d: Buffer) => (output += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), 15 * 60_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      const figures = output.match(/BENCH_TIME ([\d.]+) (\d+)/);
      if (code !== 0 || !figures) {
        reject(
          new Error(`npm run admin -- ${args.join(" ")} : code ${code}\n${output.slice(-2000)}`),
        );
      } else resolve({ seconds: Number(figures[1]), peakMb: Number(figures[2]) / 1024 });
    });
  });
}

function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

interface Measured {
  factor: number;
  dataMb: number;
  archiveMb: number;
  backup: Timed;
  verify: Timed;
  restore: Timed;
}
type Timed = { seconds: number; peakMb: number };

async function measure(tmp: string, factor: number): Promise<Measured> {
  const dataDir = path.join(tmp, `data-sauvegarde-${factor}`);
  const archive = path.join(tmp, `sauvegarde-bench-${factor}.tar.gz`);
  fs.mkdirSync(dataDir, { recursive: true });
  await fill(dataDir, factor);
  const dataMb = folderBytes(dataDir) / 1024 / 1024;
  const backup = await timedAdmin(dataDir, ["backup", "--out", archive]);
  const verify = await timedAdmin(dataDir, ["verify", archive]);
  // The operator's case: the data gone, the archive restored into an empty folder.
  fs.rmSync(dataDir, { recursive: true, force: true });
  const restore = await timedAdmin(dataDir, ["restore", archive]);
  const archiveMb = fs.statSync(archive).size / 1024 / 1024;
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(archive, { force: true });
  return { factor, dataMb, archiveMb, backup, verify, restore };
}

export async function backups(tmp: string): Promise<string[]> {
  const runs = [await measure(tmp, 1), await measure(tmp, 3)];
  out();
  out(
    `## 8. Sauvegarde et restauration (SQLite : le seed, ${BACKUP_SCALE.articles} articles et ${BACKUP_SCALE.photos} photos, puis trois fois plus)`,
  );
  out();
  out("| données | archive | commande | durée | mémoire résidente maximale |");
  out("| ---: | ---: | --- | ---: | ---: |");
  for (const run of runs) {
    for (const [name, figures] of [
      ["backup", run.backup],
      ["verify", run.verify],
      ["restore (dossier vidé)", run.restore],
    ] as const) {
      out(
        `| ${run.dataMb.toFixed(0)} Mo | ${run.archiveMb.toFixed(0)} Mo | \`npm run admin -- ${name}\` | ${figures.seconds.toFixed(1)} s | ${figures.peakMb.toFixed(0)} Mo |`,
      );
    }
  }
  const peak = (pick: (run: Measured) => Timed) => Math.max(...runs.map((run) => pick(run).peakMb));
  return [
    ["Sauvegarde", peak((run) => run.backup)],
    ["Restauration", peak((run) => run.restore)],
  ].map(
    ([name, mb]) =>
      `- ${name} ≤ ${BUDGET_MB} Mo résidents, aux deux tailles : ${Number(mb).toFixed(0)} Mo → ${verdict(Number(mb) <= BUDGET_MB)}`,
  );
}
