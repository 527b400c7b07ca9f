import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ACTIVITY_ACTIONS } from "~/domains/history/activity";
import { getDb } from "~/db/client.server";
import { listActivity } from "~/domains/history/activity-log.server";
import { createS3Store } from "~/storage/s3-store.server";
import { readEnv } from "~/core/env.server";
import { startTestS3, type TestS3 } from "../../../tests/s3-server";
import { tempDir } from "../../../tests/backup-data";
import { backupFileName } from "./backup.server";
import {
  claimNight,
  claimRunning,
  LAST_KEY,
  NIGHT_KEY,
  readLastBackup,
  releaseRunning,
  RUNNING_KEY,
} from "./backup-state.server";
import type { DataLocation } from "./connection.server";
import { nextNightly, nightlyTime, nightOf, runNightlyBackup } from "./nightly.server";
import { verifyBackup } from "./verify.server";

/*
 * The nightly backup with an injected clock, on this file's database (SQLite, or the
 * PostgreSQL of TEST_DATABASE_URL): due at 03:00 Paris whatever the DST, made once
 * whoever claims, a missed night caught up, a failure told, the bucket copy on s3rver.
 */

let location: DataLocation;
let dir: string;

beforeAll(() => {
  location = { databaseUrl: process.env.TEST_DATABASE_URL || null, dataDir: process.env.DATA_DIR! };
});

beforeEach(async () => {
  dir = tempDir("backups");
  await getDb()
    .deleteFrom("app_meta")
    .where("key", "in", [NIGHT_KEY, RUNNING_KEY, LAST_KEY])
    .execute();
});

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const at = (iso: string) => ({ now: new Date(iso), location, dir, s3: null });
const archives = () =>
  fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".tar.gz"))
    .sort();

async function journal(action: string) {
  return getDb()
    .selectFrom("activity_log")
    .select(["username", "item_label", "created_at"])
    .where("action", "=", action)
    .orderBy("id")
    .execute();
}

describe("the nightly time", () => {
  it("is 03:00 Paris: 02:00 UTC in winter, 01:00 UTC in summer, on both DST days", () => {
    expect(nightlyTime("2026-11-27").toISOString()).toBe("2026-11-27T02:00:00.000Z");
    expect(nightlyTime("2026-07-14").toISOString()).toBe("2026-07-14T01:00:00.000Z");
    // Spring: 02:00 → 03:00 on 28 March 2027; autumn: 03:00 → 02:00 on 25 October 2026.
    expect(nightlyTime("2027-03-28").toISOString()).toBe("2027-03-28T01:00:00.000Z");
    expect(nightlyTime("2026-10-25").toISOString()).toBe("2026-10-25T02:00:00.000Z");
  });

  it("names the night due: the day before until 03:00 Paris, the day from then", () => {
    expect(nightOf(new Date("2027-03-28T00:59:59Z"))).toBe("2027-03-27"); // 01:59:59 CET
    expect(nightOf(new Date("2027-03-28T01:00:00Z"))).toBe("2027-03-28"); // 03:00 CEST
    expect(nightOf(new Date("2026-10-25T00:30:00Z"))).toBe("2026-10-24"); // 02:30 CEST
    expect(nightOf(new Date("2026-10-25T01:30:00Z"))).toBe("2026-10-24"); // 02:30 CET, again
    expect(nightOf(new Date("2026-10-25T02:00:00Z"))).toBe("2026-10-25"); // 03:00 CET
    expect(nextNightly(new Date("2026-10-25T01:30:00Z")).toISOString()).toBe(
      "2026-10-25T02:00:00.000Z",
    );
    expect(nextNightly(new Date("2026-11-26T23:00:00Z")).toISOString()).toBe(
      "2026-11-27T02:00:00.000Z",
    );
  });
});

describe("runNightlyBackup", () => {
  it("makes one backup at 03:00 Paris across the autumn change, then waits for the next night", async () => {
    await claimNight("2026-10-24");
    // 02:30 summer time, then 02:30 winter time: the same night, not due.
    expect((await runNightlyBackup(at("2026-10-25T00:30:00Z"))).status).toBe("not-due");
    expect((await runNightlyBackup(at("2026-10-25T01:59:00Z"))).status).toBe("not-due");
    const made = await runNightlyBackup(at("2026-10-25T02:00:00Z"));
    expect(made).toMatchObject({
      status: "made",
      name: "sauvegarde-2026-10-25T02-00-00Z-nuit.tar.gz",
    });
    expect((await runNightlyBackup(at("2026-10-25T02:01:00Z"))).status).toBe("not-due");
    expect((await runNightlyBackup(at("2026-10-26T01:59:00Z"))).status).toBe("not-due");
    expect(archives()).toEqual(["sauvegarde-2026-10-25T02-00-00Z-nuit.tar.gz"]);
    // A whole, checked archive of this database.
    const manifest = await verifyBackup(path.join(dir, archives()[0]!));
    expect(manifest.tables.length).toBeGreaterThan(10);
    expect(await readLastBackup()).toMatchObject({
      ok: true,
      kind: "nuit",
      at: "2026-10-25T02:00:00.000Z",
      file: "sauvegarde-2026-10-25T02-00-00Z-nuit.tar.gz",
    });
    expect((await journal("backup.made")).at(-1)).toMatchObject({
      username: "serveur",
      item_label: "sauvegarde-2026-10-25T02-00-00Z-nuit.tar.gz",
    });
  });

  it("is due at 03:00 Paris on the spring change (01:00 UTC)", async () => {
    await claimNight("2027-03-27");
    expect((await runNightlyBackup(at("2027-03-28T00:59:00Z"))).status).toBe("not-due");
    expect((await runNightlyBackup(at("2027-03-28T01:00:00Z"))).status).toBe("made");
  });

  it("is made once when several servers check at the same minute", async () => {
    await claimNight("2026-11-26");
    const outcomes = await Promise.all(
      [1, 2, 3, 4].map(() => runNightlyBackup(at("2026-11-27T02:00:30Z"))),
    );
    expect(outcomes.filter((outcome) => outcome.status === "made")).toHaveLength(1);
    expect(archives()).toHaveLength(1);
    // The night itself: one conditional write wins, whoever asks.
    const claims = await Promise.all([1, 2, 3, 4, 5].map(() => claimNight("2026-11-28")));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimNight("2026-11-27")).toBe(false); // an older night never comes back
  });

  it("catches up a missed night at the next check after a start, once", async () => {
    await claimNight("2026-11-20");
    // The server was down from the 21st; it starts again on the 24th at 10:00.
    const made = await runNightlyBackup(at("2026-11-24T09:00:00Z"));
    expect(made).toMatchObject({
      status: "made",
      name: "sauvegarde-2026-11-24T09-00-00Z-nuit.tar.gz",
    });
    expect((await runNightlyBackup(at("2026-11-24T09:01:00Z"))).status).toBe("not-due");
    expect((await runNightlyBackup(at("2026-11-25T01:59:00Z"))).status).toBe("not-due");
    expect((await runNightlyBackup(at("2026-11-25T02:00:00Z"))).status).toBe("made");
    expect(archives()).toHaveLength(2);
  });

  it("makes the first backup of a new site at once", async () => {
    expect((await runNightlyBackup(at("2026-11-26T15:00:00Z"))).status).toBe("made");
  });

  it("waits while another backup runs, and makes the night's once it is over", async () => {
    await claimNight("2026-11-26");
    const mark = await claimRunning(new Date("2026-11-27T01:59:00Z"));
    expect(mark).not.toBeNull();
    expect((await runNightlyBackup(at("2026-11-27T02:00:00Z"))).status).toBe("busy");
    await releaseRunning(mark!);
    expect((await runNightlyBackup(at("2026-11-27T02:01:00Z"))).status).toBe("made");
  });

  it("takes over a running mark left by a process that died 6 hours ago", async () => {
    await claimNight("2026-11-26");
    expect(await claimRunning(new Date("2026-11-26T19:00:00Z"))).not.toBeNull();
    expect((await runNightlyBackup(at("2026-11-27T02:00:00Z"))).status).toBe("made");
  });

  it("rotates the folder: old nightly archives go, other files stay", async () => {
    await claimNight("2026-11-26");
    fs.mkdirSync(dir, { recursive: true });
    const old = backupFileName(new Date("2026-11-20T02:00:00Z"), "nuit");
    const older = backupFileName(new Date("2026-11-19T23:30:00Z"), "nuit"); // same Paris day, earlier
    const restoreCopy = backupFileName(new Date("2020-01-01T10:00:00Z"), "avant-restauration");
    for (const name of [old, older, restoreCopy, "notes.txt"]) {
      fs.writeFileSync(path.join(dir, name), "x");
    }
    await runNightlyBackup(at("2026-11-27T02:00:00Z"));
    expect(fs.readdirSync(dir).sort()).toEqual(
      [old, restoreCopy, "notes.txt", "sauvegarde-2026-11-27T02-00-00Z-nuit.tar.gz"].sort(),
    );
  });

  it("records a failure: its reason for the screen, the console and the journal", async () => {
    await claimNight("2026-11-26");
    const blocked = tempDir("blocked");
    fs.writeFileSync(path.join(blocked, "file"), "not a folder");
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const outcome = await runNightlyBackup({
        ...at("2026-11-27T02:00:00Z"),
        dir: path.join(blocked, "file", "backups"),
      });
      expect(outcome.status).toBe("failed");
      expect(errors).toHaveBeenCalledWith("Sauvegarde impossible (nuit) :", expect.any(Error));
    } finally {
      errors.mockRestore();
      fs.rmSync(blocked, { recursive: true, force: true });
    }
    const last = await readLastBackup();
    expect(last).toMatchObject({ ok: false, kind: "nuit", at: "2026-11-27T02:00:00.000Z" });
    expect(last && !last.ok && last.reason).toMatch(/ENOTDIR|not a directory/);
    expect((await journal("backup.failed")).at(-1)).toMatchObject({ username: "serveur" });
    // The Journal's « Sauvegardes » filter holds it, beside the backups made.
    const filtered = await listActivity({ kind: "sauvegardes" }, { perPage: 100 });
    const actions = filtered.rows.map((row) => row.action);
    expect(actions).toContain("backup.failed");
    expect(actions.every((action) => action.startsWith("backup."))).toBe(true);
    expect(ACTIVITY_ACTIONS["backup.failed"]).toBe("Sauvegarde échouée");
    // Nothing half made is left, and the night stays claimed (no retry every minute).
    expect((await runNightlyBackup(at("2026-11-27T02:01:00Z"))).status).toBe("not-due");
  });
});

describe("the copy to the bucket (S3_BACKUPS=1, s3rver)", () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startTestS3();
  });
  afterAll(async () => {
    await s3?.stop();
  });

  it("copies each nightly archive under backups/ and rotates them there too", async () => {
    const settings = readEnv({ ...s3.env, S3_BACKUPS: "1" }).s3!;
    expect(settings.backups).toBe(true);
    const bucket = createS3Store(settings, { objectPrefix: "" });
    const stale = backupFileName(new Date("2026-11-19T02:00:00Z"), "nuit");
    const kept = backupFileName(new Date("2026-11-21T02:00:00Z"), "nuit");
    for (const name of [stale, kept]) {
      await bucket.put(`backups/${name}`, { data: Buffer.from("ancienne") });
    }
    await claimNight("2026-11-26");
    const made = await runNightlyBackup({ ...at("2026-11-27T02:00:00Z"), s3: settings });
    expect(made.status).toBe("made");
    const keys = (await bucket.list("backups/")).map((entry) => entry.key);
    expect(keys).toEqual([
      `backups/${kept}`,
      "backups/sauvegarde-2026-11-27T02-00-00Z-nuit.tar.gz",
    ]);
    // The same bytes as the local archive.
    const copy = await bucket.get("backups/sauvegarde-2026-11-27T02-00-00Z-nuit.tar.gz");
    copy!.stream.destroy();
    expect(copy!.size).toBe(fs.statSync(path.join(dir, archives()[0]!)).size);
    // The uploads' objects are not touched by it.
    expect(await bucket.list("uploads/")).toEqual([]);
    expect(await readLastBackup()).not.toHaveProperty("bucketError");
  });

  it("without S3_BACKUPS, copies nothing", async () => {
    const settings = readEnv(s3.env).s3!;
    await claimNight("2026-11-27");
    await runNightlyBackup({ ...at("2026-11-28T02:00:00Z"), s3: settings });
    const bucket = createS3Store(settings, { objectPrefix: "" });
    expect((await bucket.list("backups/")).map((entry) => entry.key)).not.toContain(
      "backups/sauvegarde-2026-11-28T02-00-00Z-nuit.tar.gz",
    );
  });
});
