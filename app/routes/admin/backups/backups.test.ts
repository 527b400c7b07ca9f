import fs from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  LAST_KEY,
  NIGHT_KEY,
  RUNNING_KEY,
  claimRunning,
} from "~/domains/backups/backup-state.server";
import { backupFileName } from "~/domains/backups/backup.server";
import { getDb } from "~/db/client.server";
import { rereadEnv } from "~/core/env.server";
import { callRoute, createUser, getRequest, postRequest, signIn } from "../../../../tests/auth";
import { tempDir } from "../../../../tests/backup-data";
import { action, loader } from "./backups";
import { loader as download } from "./backup-download";

/*
 * /admin/sauvegardes and its downloads: admin only, « Sauvegarder maintenant » (one at a
 * time, in the journal), the list, and only the list's names served.
 */

let backups: string;
let admin: string;
let editor: string;
const saved = { BACKUP_DIR: process.env.BACKUP_DIR, DATABASE_URL: process.env.DATABASE_URL };

beforeAll(async () => {
  backups = tempDir("backups");
  process.env.BACKUP_DIR = backups;
  // The backup reads the database the server is configured for: this file's.
  if (process.env.TEST_DATABASE_URL) process.env.DATABASE_URL = process.env.TEST_DATABASE_URL;
  rereadEnv();
  admin = (await signIn(await createUser("presidente", "mot-de-passe", { roles: ["admin"] })))
    .cookie;
  editor = (await signIn(await createUser("redacteur", "mot-de-passe", { roles: ["redaction"] })))
    .cookie;
});

afterAll(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  rereadEnv();
  fs.rmSync(backups, { recursive: true, force: true });
});

beforeEach(async () => {
  await getDb()
    .deleteFrom("app_meta")
    .where("key", "in", [NIGHT_KEY, RUNNING_KEY, LAST_KEY])
    .execute();
});

const backupNow = (cookie: string) =>
  callRoute(action, postRequest("/admin/sauvegardes", { intent: "backup" }, { cookie }));
const fetchArchive = (name: string, cookie = admin) =>
  download({
    request: getRequest(`/admin/sauvegardes/${encodeURIComponent(name)}`, { cookie }),
    params: { name },
    context: {},
  } as never) as Promise<Response>;

describe("Sauvegardes", () => {
  it("is refused to a volunteer who is not an admin, page, button and download alike", async () => {
    expect(
      (await callRoute(loader, getRequest("/admin/sauvegardes", { cookie: editor }))).status,
    ).toBe(403);
    expect((await backupNow(editor)).status).toBe(403);
    expect(fs.readdirSync(backups)).toEqual([]);
    const name = backupFileName(new Date("2026-11-20T02:00:00Z"), "nuit");
    fs.writeFileSync(path.join(backups, name), "x");
    const answer = await callRoute(
      download,
      getRequest(`/admin/sauvegardes/${name}`, { cookie: editor }),
      {},
      { name },
    );
    expect(answer.status).toBe(403);
    fs.rmSync(path.join(backups, name));
  });

  it("« Sauvegarder maintenant » makes an archive the list shows and the journal names, by the admin", async () => {
    const answer = await backupNow(admin);
    expect(answer.status).toBe(200);
    const { toast } = answer.data as { toast: { type: string; message: string } };
    expect(toast.type).toBe("success");
    expect(toast.message).toMatch(/^Sauvegarde faite : sauvegarde-.+Z\.tar\.gz \(.+ (ko|Mo)\)$/);

    const page = (await callRoute(loader, getRequest("/admin/sauvegardes", { cookie: admin })))
      .data as {
      backups: { name: string; kind: string; size: number }[];
      last: { ok: boolean; kind: string; file: string };
      nextNightly: string;
    };
    expect(page.backups).toHaveLength(1);
    expect(page.backups[0]).toMatchObject({ kind: "manuelle" });
    expect(page.last).toMatchObject({ ok: true, kind: "manuelle", file: page.backups[0]!.name });
    expect(new Date(page.nextNightly).getTime()).toBeGreaterThan(Date.now());

    const journal = await getDb()
      .selectFrom("activity_log")
      .select(["username", "action", "item_label"])
      .where("action", "=", "backup.made")
      .orderBy("id")
      .execute();
    expect(journal.at(-1)).toEqual({
      username: "presidente",
      action: "backup.made",
      item_label: page.backups[0]!.name,
    });

    // Downloaded as it is on disk: a gzip'd tar whose last entry is the manifest.
    const response = await fetchArchive(page.backups[0]!.name);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/gzip");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="${page.backups[0]!.name}"`,
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.length).toBe(page.backups[0]!.size);
    expect(gunzipSync(bytes).includes(Buffer.from('"format": "club-backup/1"'))).toBe(true);
  });

  it("never runs two at once: a click while one runs is told to wait", async () => {
    const mark = await claimRunning(new Date());
    const before = fs.readdirSync(backups).length;
    const answer = await backupNow(admin);
    expect(answer.status).toBe(409);
    expect((answer.data as { toast: { message: string } }).toast.message).toBe(
      "Une sauvegarde est déjà en cours : attendez qu'elle finisse puis rechargez la page.",
    );
    expect(fs.readdirSync(backups)).toHaveLength(before);
    expect(mark).not.toBeNull();
  });

  it("serves only the names of the list: no other file, no path", async () => {
    fs.writeFileSync(path.join(backups, "notes.txt"), "secret");
    fs.writeFileSync(path.join(path.dirname(backups), "form-secret"), "secret");
    for (const name of [
      "notes.txt",
      "../form-secret",
      `../${path.basename(backups)}/notes.txt`,
      "sauvegarde-2026-11-20T02-00-00Z-nuit.tar.gz", // well named, but not there
      "%2e%2e%2fform-secret",
    ]) {
      const response = await fetchArchive(name);
      expect(response.status, name).toBe(404);
      expect(await response.text()).toBe("Sauvegarde introuvable.");
    }
    fs.rmSync(path.join(path.dirname(backups), "form-secret"));
  });

  it("refuses an unknown action without backing up", async () => {
    const before = fs.readdirSync(backups).length;
    const answer = await callRoute(
      action,
      postRequest("/admin/sauvegardes", { intent: "delete" }, { cookie: admin }),
    );
    expect(answer.status).toBe(400);
    expect(fs.readdirSync(backups)).toHaveLength(before);
  });
});
