import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createBackup } from "~/domains/backups/backup.server";
import { restoreBackup } from "~/domains/backups/restore.server";
import { freePort } from "../tests/free-port";

/*
 * A backup taken while the production build serves, and a restore it refuses: the first
 * process writes its heartbeat into app_meta (app/domains/backups/heartbeat.server.ts). Then the
 * operator's round trip: server stopped, data wiped, archive restored, server started:
 * the same pages, feeds and images for visitors.
 * Runs with TEST_DATABASE_URL (.ci/run), on a database of its own, after `npm run build`.
 */

const testUrl = process.env.TEST_DATABASE_URL;
// Beside the file's own test database, named after it: runs on one server never meet.
const DATABASE = testUrl ? `${new URL(testUrl).pathname.slice(1)}_restore_serving` : "";
let databaseUrl = "";
let child: ChildProcess | undefined;
let dataDir = "";
let outDir = "";
let origin = "";

/** The production build on this data, one process, as `npm start` runs it (again on the same port). */
async function startServer() {
  const port = origin ? Number(new URL(origin).port) : await freePort();
  origin = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ["scripts/start.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      WEB_CONCURRENCY: "1",
      ADMIN_PASSWORD: "pendant-le-service",
    },
    stdio: "ignore",
  });
  await vi.waitFor(async () => expect((await fetch(`${origin}/healthz`)).status).toBe(200), {
    timeout: 150_000,
    interval: 250,
  });
}

async function stopServer() {
  if (child && child.exitCode === null && child.signalCode === null) {
    const gone = once(child, "exit");
    child.kill("SIGKILL");
    await gone;
  }
}

const PAGES = ["/", "/planning", "/disciplines", "/blog", "/sitemap.xml", "/blog/rss.xml"];

/** What a visitor gets: each page's text (its per-answer nonce aside) and the first image's bytes. */
async function visit(): Promise<Record<string, string>> {
  const seen: Record<string, string> = {};
  for (const page of PAGES) {
    const answer = await fetch(origin + page);
    expect([page, answer.status]).toEqual([page, 200]);
    seen[page] = (await answer.text()).replace(/nonce="[^"]*"/g, "");
  }
  const image = seen["/"]!.match(/\/uploads\/[^"\s?]+\.(?:avif|webp|jpg|png|svg)/)?.[0];
  expect(image).toBeDefined();
  const bytes = Buffer.from(await (await fetch(origin + image!)).arrayBuffer());
  seen[image!] = createHash("sha256").update(bytes).digest("hex");
  return seen;
}

async function admin(sqlText: string, url = testUrl): Promise<{ rows: Record<string, string>[] }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sqlText);
  } finally {
    await client.end();
  }
}

describe.skipIf(!testUrl)("a restore while the server runs", () => {
  beforeAll(async () => {
    if (!fs.existsSync(path.join(process.env.BUILD_DIR || "build", "server/main.js"))) {
      throw new Error("Lancer `npm run build` avant ce test.");
    }
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "club-serving-"));
    outDir = fs.mkdtempSync(path.join(os.tmpdir(), "club-serving-archives-"));
    await admin(`drop database if exists ${DATABASE} with (force)`);
    await admin(`create database ${DATABASE}`);
    const url = new URL(testUrl!);
    url.pathname = `/${DATABASE}`;
    databaseUrl = url.toString();
    await startServer();
  }, 320_000);

  afterAll(async () => {
    await stopServer();
    for (const dir of [dataDir, outDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
    await admin(`drop database if exists ${DATABASE} with (force)`);
  }, 60_000);

  it("backs up the serving site, refuses to restore under it, and once stopped and wiped serves the same pages again", async () => {
    const location = { databaseUrl, dataDir };
    await vi.waitFor(
      async () => {
        const { rows } = await admin(
          "select value from app_meta where key = 'server_heartbeat'",
          databaseUrl,
        );
        expect(rows).toHaveLength(1);
      },
      { timeout: 30_000, interval: 250 },
    );
    const { file, manifest } = await createBackup({
      outFile: path.join(outDir, "pendant.tar.gz"),
      location,
    });
    expect(manifest.tables.find((table) => table.name === "users")?.rows).toBe(1);
    await expect(restoreBackup(file, { location })).rejects.toThrow(
      "Un serveur tourne encore sur ces données",
    );
    // Stopped more than two minutes ago, as far as the heartbeat tells.
    const before = await visit();
    await stopServer();
    const later = new Date(Date.now() + 3 * 60_000);
    const report = await restoreBackup(file, { location, dryRun: true, now: later });
    expect(report.tables.find((table) => table.name === "users")?.rows).toBe(1);

    // The operator's case: the data gone (rm -rf, an empty database), the archive
    // restored, the server started again: visitors get the same pages and files.
    fs.rmSync(dataDir, { recursive: true, force: true });
    await admin("drop schema public cascade; create schema public", databaseUrl);
    await restoreBackup(file, { location, now: later });
    await startServer();
    expect(await visit()).toEqual(before);
  }, 400_000);
});
