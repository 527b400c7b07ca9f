import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createBackup } from "~/backup/backup.server";
import { restoreBackup } from "~/backup/restore.server";
import { freePort } from "../tests/free-port";

/*
 * A backup taken while the production build serves, and a restore it refuses: the first
 * process writes its heartbeat into app_meta (app/backup/heartbeat.server.ts).
 * Runs with TEST_DATABASE_URL (.ci/run), on a database of its own, after `npm run build`.
 */

const testUrl = process.env.TEST_DATABASE_URL;
const DATABASE = "club_restore_serving";
let databaseUrl = "";
let child: ChildProcess | undefined;
let dataDir = "";
let outDir = "";

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
    const port = await freePort();
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
    await vi.waitFor(
      async () => expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200),
      { timeout: 150_000, interval: 250 },
    );
  }, 320_000);

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const gone = once(child, "exit");
      child.kill("SIGKILL");
      await gone;
    }
    for (const dir of [dataDir, outDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
    await admin(`drop database if exists ${DATABASE} with (force)`);
  }, 60_000);

  it("backs up the serving site, and refuses to restore under it until its heartbeat is old", async () => {
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
    child!.kill("SIGKILL");
    await once(child!, "exit");
    const later = new Date(Date.now() + 3 * 60_000);
    const report = await restoreBackup(file, { location, dryRun: true, now: later });
    expect(report.tables.find((table) => table.name === "users")?.rows).toBe(1);
  }, 120_000);
});
