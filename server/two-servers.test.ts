import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import sharp from "sharp";
import { signInOverHttp } from "../tests/http-sign-in";
import { freePort } from "../tests/free-port";
import { startTestS3, type TestS3 } from "../tests/s3-server";

/*
 * Two app servers of the production build on one PostgreSQL database, as the site grows
 * past one machine: an admin's save on one is seen by the very next visitor request on
 * the other, which meanwhile answered from its page cache (docs/decisions/004-page-cache.md);
 * with the uploads on S3-compatible storage (a real s3rver on loopback,
 * docs/decisions/020-file-storage.md), an image uploaded on one is served by the other.
 * Runs with TEST_DATABASE_URL (.ci/run), on a database of its own, after `npm run build`.
 */

const testUrl = process.env.TEST_DATABASE_URL;
// Beside the file's own test database, named after it: runs on one server never meet.
const DATABASE = testUrl ? `${new URL(testUrl).pathname.slice(1)}_two_servers` : "";
const PASSWORD = "deux-serveurs-mot-de-passe";

interface Server {
  origin: string;
  process: ChildProcess;
  dataDir: string;
}

const servers: Server[] = [];
let databaseUrl = "";
let s3: TestS3 | undefined;

async function admin(sqlText: string): Promise<void> {
  await query(testUrl!, sqlText);
}

async function query(url: string, sqlText: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sqlText, values)).rows;
  } finally {
    await client.end();
  }
}

async function start(): Promise<Server> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "club-two-servers-"));
  const child = spawn(process.execPath, ["scripts/start.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      ...s3!.env,
      WEB_CONCURRENCY: "1",
      ADMIN_PASSWORD: PASSWORD,
      // Both servers run scheduled publishing's due-job twice a second: they race for it.
      SCHEDULED_PUBLISHING_INTERVAL_MS: "500",
    },
    stdio: "ignore",
  });
  const server = { origin: `http://127.0.0.1:${port}`, process: child, dataDir };
  servers.push(server);
  await vi.waitFor(async () => expect((await fetch(`${server.origin}/healthz`)).status).toBe(200), {
    timeout: 150_000,
    interval: 250,
  });
  return server;
}

let adminCookie: string | undefined;

/** The admin's session, made once: a second sign-in would ask for the enrolled second factor. */
async function signIn(server: Server): Promise<string> {
  adminCookie ??= await signInOverHttp(server.origin, { username: "admin", password: PASSWORD });
  return adminCookie;
}

async function visit(server: Server, page: string): Promise<{ hit: boolean; body: string }> {
  const answer = await fetch(`${server.origin}${page}`);
  expect(answer.status).toBe(200);
  return { hit: answer.headers.get("x-page-cache") === "hit", body: await answer.text() };
}

describe.skipIf(!testUrl)("two app servers on one PostgreSQL database", () => {
  beforeAll(async () => {
    if (!fs.existsSync(path.join(process.env.BUILD_DIR || "build", "server/main.js"))) {
      throw new Error("Lancer `npm run build` avant ce test.");
    }
    await admin(`drop database if exists ${DATABASE} with (force)`);
    await admin(`create database ${DATABASE}`);
    const url = new URL(testUrl!);
    url.pathname = `/${DATABASE}`;
    databaseUrl = url.toString();
    s3 = await startTestS3();
    // One after the other: the first one migrates and seeds the database.
    await start();
    await start();
  }, 320_000);

  // Generous: on a busy machine the servers take a while to go and PostgreSQL to drop.
  afterAll(async () => {
    await Promise.all(
      servers.map(async (server) => {
        if (server.process.exitCode === null && server.process.signalCode === null) {
          const gone = once(server.process, "exit");
          server.process.kill("SIGKILL");
          await gone;
        }
        fs.rmSync(server.dataDir, { recursive: true, force: true });
      }),
    );
    await admin(`drop database if exists ${DATABASE} with (force)`);
    await s3?.stop();
  }, 60_000);

  it("shows a save made on one server on the other's very next answer", async () => {
    const [writer, reader] = servers as [Server, Server];
    const cookie = await signIn(writer);
    for (const page of ["/planning", "/blog"]) {
      await vi.waitFor(async () => expect((await visit(reader, page)).hit).toBe(true));
    }

    for (let i = 1; i <= 5; i += 1) {
      const title = `Séance des deux serveurs ${i}`;
      const saved = await fetch(`${writer.origin}/admin/schedule.data`, {
        method: "POST",
        headers: { Origin: writer.origin, Cookie: cookie },
        body: new URLSearchParams({
          intent: "create",
          title,
          category: "adult",
          day: "Samedi",
          start_time: "10:00",
          end_time: "11:00",
        }),
      });
      expect(saved.status).toBe(200);
      await saved.arrayBuffer();

      const planning = await visit(reader, "/planning");
      expect(planning.hit).toBe(false);
      expect(planning.body).toContain(title);
      expect((await visit(reader, "/planning")).hit).toBe(true);
      // The save moved the timetable only: the blog stays in the reader's cache.
      expect((await visit(reader, "/blog")).hit).toBe(true);
    }
  });

  it("publishes a scheduled article once, and both servers show it at once on /blog, in the RSS and the sitemap", async () => {
    const [writer, reader] = servers as [Server, Server];
    const cookie = await signIn(writer);
    const pages = ["/blog", "/blog/rss.xml", "/sitemap.xml"];
    const title = "Fermeture de Noël des deux serveurs";
    const inThreeDays = new Date(Date.now() + 3 * 86_400_000);
    const created = await fetch(`${writer.origin}/admin/blog.data`, {
      method: "POST",
      headers: { Origin: writer.origin, Cookie: cookie },
      body: new URLSearchParams({
        intent: "create",
        title,
        content: "La salle ferme du 20 décembre au 4 janvier.",
        category: "actualite",
        // Paris wall-clock time, as the editor's field sends it (summer or winter: +1 or +2).
        publish_at: new Date(inThreeDays.getTime() + 3_600_000).toISOString().slice(0, 16),
      }),
    });
    expect(created.status).toBe(201);
    await created.arrayBuffer();
    const [post] = await query(
      databaseUrl,
      "select id, slug, publish_at from blog_posts where title = $1",
      [title],
    );
    expect(post.publish_at).not.toBeNull();
    for (const server of servers) {
      for (const page of pages) {
        await vi.waitFor(async () => expect((await visit(server, page)).hit).toBe(true));
        expect((await visit(server, page)).body).not.toContain(post.slug);
      }
    }

    // The due time moved into the past, as if the three days had gone by.
    await query(databaseUrl, "update blog_posts set publish_at = $1 where id = $2", [
      new Date(Date.now() - 1000).toISOString(),
      post.id,
    ]);
    await vi.waitFor(async () => expect((await visit(reader, "/blog")).body).toContain(title), {
      timeout: 20_000,
      interval: 100,
    });
    for (const server of servers) {
      for (const page of pages) {
        expect((await visit(server, page)).body, `${server.origin}${page}`).toContain(post.slug);
      }
    }
    // Both servers' jobs ran over it: one published it, one journal row.
    const entries = await query(
      databaseUrl,
      "select username, action from activity_log where item_type = 'post' and item_id = $1 order by id",
      [String(post.id)],
    );
    expect(entries).toEqual([
      { username: "admin", action: "create" },
      { username: "serveur", action: "publish" },
    ]);
  });

  it("serves on one server an image uploaded on the other, from the bucket", async () => {
    const [writer, reader] = servers as [Server, Server];
    const cookie = await signIn(writer);
    const png = await sharp({
      create: { width: 800, height: 500, channels: 3, background: { r: 20, g: 90, b: 200 } },
    })
      .png()
      .toBuffer();
    const body = new FormData();
    body.append(
      "file",
      new File([new Uint8Array(png)], "deux-serveurs.png", { type: "image/png" }),
    );
    const destination = new URLSearchParams({ kind: "image", bucket: "site-images", subpath: "" });
    const uploaded = await fetch(`${writer.origin}/admin/upload?${destination}`, {
      method: "POST",
      headers: { Origin: writer.origin, Cookie: cookie },
      body,
    });
    expect(uploaded.status).toBe(201);
    const file = (await uploaded.json()) as { url: string; variants: { url: string }[] };
    expect(file.url).toMatch(/^\/uploads\/site-images\/\d+-deux-serveurs\.png$/);

    const served = await fetch(`${reader.origin}${file.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(
      Buffer.from(await (await fetch(`${writer.origin}${file.url}`)).arrayBuffer()),
    );
    for (const variant of file.variants) {
      expect((await fetch(`${reader.origin}${variant.url}`)).status).toBe(200);
    }
    // Neither server wrote it on its own disk; the seed's logo is in the bucket too.
    const name = file.url.split("/").pop()!;
    for (const server of servers) {
      expect(fs.existsSync(path.join(server.dataDir, "uploads", "site-images", name))).toBe(false);
    }
    expect((await fetch(`${reader.origin}/uploads/site-images/seed-logo.png`)).status).toBe(200);
  });
});
