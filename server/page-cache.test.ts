import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import Database from "better-sqlite3";
import express from "express";
import { sql } from "kysely";
import zlib from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb, isPostgres, SQLITE_FILE } from "~/db/client.server";
import { createContentVersionReader } from "~/db/content-version.server";
import { NON_CONTENT_TABLES } from "~/db/migrations/002-content-version";
import { trackTablesRead } from "~/db/tables-read.server";
import { getDisciplines, updateDiscipline } from "~/domains/content/discipline.server";
import { createDiscipline, createPost } from "../tests/factories";
import { createPageCache, PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from "./page-cache";
import { securityMiddleware } from "./security";

/*
 * The page cache in front of a small Express app wired like server/index.ts: the cache's
 * fast path, then the security headers, the capture middleware and a "page" that renders
 * the disciplines from the real test database with this response's nonce in it.
 */

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let server: http.Server;
let origin: string;
let renders = 0;
let reader: ReturnType<typeof createContentVersionReader>;
let cache: ReturnType<typeof createPageCache>;
let setCookieOnNextRender = false;
/** The club's day as the cache sees it: a test turns it to see midnight pass. */
let day = "2026-12-07";
/** While set, every render waits for it: a slow page, to hold concurrent misses together. */
let renderGate: Promise<void> | null = null;

let openRenders = () => {};

/** Holds every render until the returned function is called (or the next test starts). */
function holdRenders(): () => void {
  let open = () => {};
  renderGate = new Promise<void>((resolve) => (open = resolve));
  openRenders = () => {
    renderGate = null;
    open();
  };
  return openRenders;
}

function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return send("GET", url, headers);
}

function send(method: string, url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .request(`${origin}${url}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("error", reject);
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const raw = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: (res.headers["content-encoding"] === "gzip"
              ? zlib.gunzipSync(raw)
              : raw
            ).toString("utf8"),
          });
        });
      })
      .on("error", reject)
      .end();
  });
}

/**
 * PostgreSQL: the reader learns of a commit by push (app/db/version-listener.server.ts), a
 * moment after it; waits for that moment. SQLite reads the file: already there.
 */
async function caughtUp(): Promise<void> {
  const version = await storedVersion();
  await vi.waitFor(() => expect(reader.read()).toBe(version));
}

async function storedVersion(): Promise<string> {
  const row = await getDb()
    .selectFrom("app_meta")
    .select("value")
    .where("key", "=", "content_version")
    .executeTakeFirstOrThrow();
  return row.value;
}

function noncesIn(body: string): string[] {
  return [...body.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]!);
}

function cspNonce(answer: Answer): string | undefined {
  return String(answer.headers["content-security-policy"] ?? "").match(/'nonce-([^']+)'/)?.[1];
}

beforeAll(async () => {
  reader = createContentVersionReader({
    databaseUrl: process.env.TEST_DATABASE_URL || null,
    dataDir: process.env.DATA_DIR!,
    db: getDb(),
  });
  cache = createPageCache({
    readVersion: reader.read,
    readTableVersions: reader.readTables,
    trackTablesRead,
    buildId: "test",
    today: () => day,
  });
  const app = express();
  // React Router's answers carry no ETag of their own; res.send's would hide the cache's.
  app.set("etag", false);
  app.use(securityMiddleware());
  app.use(cache.capture);
  app.get(["/", "/disciplines"], async (req, res) => {
    renders += 1;
    if (renderGate) await renderGate;
    const nonce = String(res.locals.cspNonce);
    const signedIn = /__session=/.test(req.headers.cookie ?? "");
    const titles = (await getDisciplines()).map((d) => `<li>${d.title}</li>`).join("");
    if (setCookieOnNextRender) {
      setCookieOnNextRender = false;
      res.setHeader("Set-Cookie", "flash=1; Path=/");
    }
    res
      .type("html")
      .send(
        `<html><head><link rel="modulepreload" href="/a.js" nonce="${nonce}"></head><body>` +
          `${signedIn ? "<p>Brouillon visible par l'admin</p>" : ""}<ul>${titles}</ul>` +
          `<script nonce="${nonce}">hydrate()</script></body></html>`,
      );
  });
  // A page whose query names its table in raw SQL, out of the tracker's sight.
  app.get("/raw", async (_req, res) => {
    renders += 1;
    const { rows } = await sql<{ n: number }>`select count(*) as n from menu_items`.execute(
      getDb(),
    );
    res.type("html").send(`<p>${rows[0]!.n} liens</p>`);
  });
  // A page written in pieces, as React Router streams one: a string, a Buffer and a
  // Uint8Array, the nonce cut across two of them.
  app.get("/stream", (_req, res) => {
    renders += 1;
    const nonce = String(res.locals.cspNonce);
    res.status(200).type("html");
    res.write(`<html><body><script nonce="${nonce.slice(0, 10)}`);
    res.write(Buffer.from(`${nonce.slice(10)}">go()</script><p>Éte`));
    res.write(new TextEncoder().encode("ïnt</p>"));
    res.end(`<i nonce="${nonce}"></i></body></html>`);
  });
  // A page over the 2 MB the cache keeps, written in pieces.
  app.get("/big", (_req, res) => {
    renders += 1;
    res.status(200).type("html");
    for (let i = 0; i < 30; i += 1)
      res.write(`<p>${String(i).padStart(2, "0")}${"x".repeat(100_000)}</p>`);
    res.end("<p>fin</p>");
  });
  // A page whose connection breaks halfway through.
  app.get("/broken", (_req, res) => {
    renders += 1;
    res.status(200).type("html");
    res.write("<html><body><p>début");
    setImmediate(() => res.destroy());
  });
  app.get("/boom", (_req, res) => {
    renders += 1;
    res.status(500).send("panne");
  });
  server = http.createServer((req, res) => {
    const served = cache.serve(req, res);
    if (served === false) app(req, res);
    else if (served !== true) void served.then((done) => done || app(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await reader.close();
});

beforeEach(() => {
  openRenders();
  cache.clear();
  renders = 0;
});

describe("page cache", () => {
  it("renders a visitor's page once, then answers from memory with the same content", async () => {
    await createDiscipline({ title: "Boxe du matin" });
    await caughtUp();
    const first = await get("/disciplines");
    const second = await get("/disciplines");

    expect(first.status).toBe(200);
    expect(first.body).toContain("<li>Boxe du matin</li>");
    expect(first.headers["cache-control"]).toBe(PUBLIC_CACHE_CONTROL);
    expect(second.headers["x-page-cache"]).toBe("hit");
    expect(second.body.replace(/nonce="[^"]+"/g, "")).toBe(
      first.body.replace(/nonce="[^"]+"/g, ""),
    );
    expect(second.headers["x-content-type-options"]).toBe("nosniff");
    expect(renders).toBe(1);
  });

  it("shows an edit made through the app's models on the very next request", async () => {
    const row = await createDiscipline({ title: "Boxe éducative" });
    await caughtUp();
    expect((await get("/disciplines")).body).toContain("Boxe éducative");
    expect((await get("/disciplines")).headers["x-page-cache"]).toBe("hit");

    const {
      id,
      slug: _slug,
      storage_path: _path,
      order_index: _order,
      updated_at,
      ...values
    } = (await getDisciplines()).find((d) => d.id === row.id)!;
    await updateDiscipline({
      id,
      values: { ...values, title: "Boxe éducative (nouveau créneau)" },
      loadedAt: updated_at,
    });
    await caughtUp();

    const after = await get("/disciplines");
    expect(after.headers["x-page-cache"]).toBeUndefined();
    expect(after.body).toContain("Boxe éducative (nouveau créneau)");
    expect(renders).toBe(2);
  });

  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    "shows a write made by another connection on the same SQLite file (admin CLI, e2e tests)",
    async () => {
      const row = await createDiscipline({ title: "Cardio boxe" });
      await caughtUp();
      expect((await get("/disciplines")).body).toContain("Cardio boxe");
      expect((await get("/disciplines")).headers["x-page-cache"]).toBe("hit");

      const other = new Database(path.join(process.env.DATA_DIR!, SQLITE_FILE));
      try {
        other.prepare("update disciplines set title = ? where id = ?").run("Cardio boxe +", row.id);
      } finally {
        other.close();
      }

      const after = await get("/disciplines");
      expect(after.body).toContain("<li>Cardio boxe +</li>");
      expect(renders).toBe(2);
    },
  );

  it("keeps a page whose tables did not move when another table is written", async () => {
    await createDiscipline({ title: "Boxe du soir" });
    await caughtUp();
    await get("/disciplines");
    await createPost({ title: "Gala" });
    await caughtUp();

    const kept = await get("/disciplines");
    expect(kept.headers["x-page-cache"]).toBe("hit");
    expect(kept.body).toContain("<li>Boxe du soir</li>");
    expect(renders).toBe(1);

    await createDiscipline({ title: "Boxe du dimanche" });
    await caughtUp();
    const after = await get("/disciplines");
    expect(after.headers["x-page-cache"]).toBeUndefined();
    expect(after.body).toContain("<li>Boxe du dimanche</li>");
    expect(renders).toBe(2);
  });

  it("drops a page read by raw SQL on any write, whatever the table", async () => {
    expect((await get("/raw")).status).toBe(200);
    expect((await get("/raw")).headers["x-page-cache"]).toBe("hit");
    await createPost({ title: "Stage d'été" });
    await caughtUp();
    expect((await get("/raw")).headers["x-page-cache"]).toBeUndefined();
    expect(renders).toBe(2);
  });

  it("renders a page once for concurrent visitors: the others wait for that render", async () => {
    await createDiscipline({ title: "Boxe anglaise" });
    await caughtUp();
    const open = holdRenders();
    const waitedBefore = cache.stats().waited;
    const answers = Array.from({ length: 20 }, () => get("/disciplines"));
    await vi.waitFor(() => expect(cache.stats().waited - waitedBefore).toBe(19));
    expect(renders).toBe(1);
    open();

    const bodies = await Promise.all(answers);
    expect(renders).toBe(1);
    for (const answer of bodies) {
      expect(answer.status).toBe(200);
      expect(answer.body).toContain("<li>Boxe anglaise</li>");
      expect(noncesIn(answer.body)).toEqual([cspNonce(answer), cspNonce(answer)]);
    }
    expect(new Set(bodies.map(cspNonce)).size).toBe(20);
    expect(bodies.filter((answer) => answer.headers["x-page-cache"] === "hit")).toHaveLength(19);
  });

  it("never makes a request after a save wait for a render of the content before it", async () => {
    await createDiscipline({ title: "Boxe du soir" });
    await caughtUp();
    const open = holdRenders();
    const before = get("/disciplines");
    await vi.waitFor(() => expect(renders).toBe(1));
    await createDiscipline({ title: "Boxe du dimanche" });
    await caughtUp();
    const after = get("/disciplines");
    // Its own render, not a seat in the first one.
    await vi.waitFor(() => expect(renders).toBe(2));
    open();

    expect((await before).body).toContain("<li>Boxe du soir</li>");
    expect((await after).body).toContain("<li>Boxe du dimanche</li>");
    const next = await get("/disciplines");
    expect(next.headers["x-page-cache"]).toBe("hit");
    expect(next.body).toContain("<li>Boxe du dimanche</li>");
    expect(renders).toBe(2);
  });

  it("lets the waiting visitors render their own when the first answer is not kept", async () => {
    const open = holdRenders();
    setCookieOnNextRender = true;
    const answers = Array.from({ length: 3 }, () => get("/"));
    await vi.waitFor(() => expect(renders).toBe(1));
    open();

    const bodies = await Promise.all(answers);
    expect(bodies.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(bodies.filter((answer) => answer.headers["set-cookie"])).toHaveLength(1);
    expect(renders).toBe(3);
  });

  it("answers a hit in gzip, assembled around a fresh nonce, when the browser takes it", async () => {
    await createDiscipline({ title: "Boxe santé" });
    await caughtUp();
    const first = await get("/disciplines");
    const zipped = await get("/disciplines", { "Accept-Encoding": "gzip, deflate, br" });
    const plain = await get("/disciplines", { "Accept-Encoding": "gzip;q=0, identity" });

    expect(zipped.headers["x-page-cache"]).toBe("hit");
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    for (const answer of [zipped, plain]) {
      expect(answer.body.replace(/nonce="[^"]+"/g, "")).toBe(
        first.body.replace(/nonce="[^"]+"/g, ""),
      );
      expect(noncesIn(answer.body)).toEqual([cspNonce(answer), cspNonce(answer)]);
    }
    expect(cspNonce(zipped)).not.toBe(cspNonce(plain));
  });

  it("gives every 200 a fresh nonce, the same in the CSP header and in the body", async () => {
    const answers = [await get("/"), await get("/"), await get("/")];
    const nonces = answers.map(cspNonce);

    expect(new Set(nonces).size).toBe(3);
    for (const [i, answer] of answers.entries()) {
      expect(noncesIn(answer.body)).toEqual([nonces[i], nonces[i]]);
    }
    expect(answers[2]!.headers["x-page-cache"]).toBe("hit");
  });

  it("answers 304 without a body or a new CSP when the ETag matches, 200 after a write", async () => {
    const first = await get("/");
    const etag = String(first.headers.etag);

    const fromCache = await get("/", { "If-None-Match": etag });
    expect(fromCache.status).toBe(304);
    expect(fromCache.body).toBe("");
    expect(fromCache.headers["content-security-policy"]).toBeUndefined();
    expect(fromCache.headers.etag).toBe(etag);

    // Same answer when the entry is gone (a restart): the tag names the content version.
    cache.clear();
    const afterRestart = await get("/", { "If-None-Match": `W/${etag}` });
    expect(afterRestart.status).toBe(304);
    expect(afterRestart.headers["content-security-policy"]).toBeUndefined();

    await createDiscipline({ title: "Boxe féminine" });
    await caughtUp();
    const changed = await get("/", { "If-None-Match": etag });
    expect(changed.status).toBe(200);
    expect(changed.body).toContain("Boxe féminine");
    expect(changed.headers.etag).not.toBe(etag);
    expect(renders).toBe(2);
  });

  it("never stores nor serves a page rendered for a browser with a session cookie", async () => {
    const cookie = "__session=abcdefghijklmnopqrstuvwxyz0123456789";
    const admin = await get("/", { Cookie: cookie });
    expect(admin.body).toContain("Brouillon visible par l'admin");
    expect(admin.headers["cache-control"]).toBe(PRIVATE_CACHE_CONTROL);
    expect(admin.headers.etag).toBeUndefined();

    const visitor = await get("/");
    const visitorAgain = await get("/");
    expect(visitor.body).not.toContain("Brouillon");
    expect(visitorAgain.body).not.toContain("Brouillon");
    expect(visitorAgain.headers["x-page-cache"]).toBe("hit");

    const adminAgain = await get("/", { Cookie: cookie });
    expect(adminAgain.headers["x-page-cache"]).toBeUndefined();
    expect(adminAgain.body).toContain("Brouillon visible par l'admin");
    expect(renders).toBe(3);
  });

  it("keeps no answer that sets a cookie, nor an error", async () => {
    setCookieOnNextRender = true;
    const withCookie = await get("/");
    expect(withCookie.headers["set-cookie"]).toBeDefined();
    expect(withCookie.headers.etag).toBeUndefined();
    await get("/");
    expect(renders).toBe(2);

    await get("/boom");
    const again = await get("/boom");
    expect(again.status).toBe(500);
    expect(renders).toBe(4);
  });

  it("renders a page again after midnight, under a new ETag, with no save", async () => {
    const before = await get("/");
    expect((await get("/")).headers["x-page-cache"]).toBe("hit");
    day = "2026-12-08";
    try {
      const after = await get("/", { "If-None-Match": String(before.headers.etag) });
      expect(after.status).toBe(200);
      expect(after.headers["x-page-cache"]).toBeUndefined();
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(renders).toBe(2);
      expect((await get("/")).headers["x-page-cache"]).toBe("hit");
    } finally {
      day = "2026-12-07";
    }
  });

  it("keeps a page written in pieces whole, with a fresh nonce in each answer", async () => {
    const first = await get("/stream");
    const hit = await get("/stream");
    const zipped = await get("/stream", { "Accept-Encoding": "gzip" });
    expect(renders).toBe(1);
    for (const answer of [hit, zipped]) {
      expect(answer.headers["x-page-cache"]).toBe("hit");
      const nonce = cspNonce(answer)!;
      expect(noncesIn(answer.body)).toEqual([nonce, nonce]);
      expect(answer.body.replaceAll(nonce, "N")).toBe(first.body.replaceAll(cspNonce(first)!, "N"));
    }
    expect(first.body).toContain("<p>Éteïnt</p>");
    expect(cspNonce(hit)).not.toBe(cspNonce(zipped));
  });

  it("answers the visitor whose request renders from what it stored, in gzip if taken", async () => {
    const rendered = await get("/stream", { "Accept-Encoding": "gzip, deflate, br" });
    const hit = await get("/stream");

    expect(renders).toBe(1);
    expect(rendered.headers["x-page-cache"]).toBeUndefined();
    expect(rendered.headers["content-encoding"]).toBe("gzip");
    expect(rendered.headers.etag).toBe(hit.headers.etag);
    const nonce = cspNonce(rendered)!;
    expect(noncesIn(rendered.body)).toEqual([nonce, nonce]);
    expect(rendered.body.replaceAll(nonce, "N")).toBe(hit.body.replaceAll(cspNonce(hit)!, "N"));
  });

  it("lets a page too big to keep go out whole, as the app wrote it", async () => {
    const first = await get("/big", { "Accept-Encoding": "gzip" });
    const second = await get("/big");

    expect(renders).toBe(2);
    for (const answer of [first, second]) {
      expect(answer.status).toBe(200);
      expect(answer.headers["x-page-cache"]).toBeUndefined();
      expect(answer.body).toHaveLength(30 * 100_009 + 10);
      expect(answer.body.endsWith("<p>29" + "x".repeat(100_000) + "</p><p>fin</p>")).toBe(true);
    }
  });

  it("answers HEAD with the head alone, and keeps nothing from a HEAD", async () => {
    const head = await send("HEAD", "/");
    expect(head.status).toBe(200);
    expect(head.body).toBe("");
    await get("/");
    expect(renders).toBe(2);
    const hit = await send("HEAD", "/");
    expect(hit.headers["x-page-cache"]).toBe("hit");
    expect(Number(hit.headers["content-length"])).toBeGreaterThan(100);
    expect(hit.body).toBe("");
    expect(renders).toBe(2);
  });

  it("keeps nothing from an answer cut off halfway", async () => {
    await expect(get("/broken")).rejects.toThrow();
    await expect(get("/broken")).rejects.toThrow();
    expect(renders).toBe(2);
    expect(cache.stats().flights).toBe(0);
  });

  // PostgreSQL learns the version by push: a deleted row is no write and is not noticed.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    "caches nothing when the content version row is missing",
    async () => {
      const db = getDb();
      const { value } = await db
        .selectFrom("app_meta")
        .select("value")
        .where("key", "=", "content_version")
        .executeTakeFirstOrThrow();
      await db.deleteFrom("app_meta").where("key", "=", "content_version").execute();
      try {
        await get("/");
        const second = await get("/");
        expect(second.headers["x-page-cache"]).toBeUndefined();
        expect(renders).toBe(2);
      } finally {
        await db.insertInto("app_meta").values({ key: "content_version", value }).execute();
      }
    },
  );
});

describe("content version triggers", () => {
  it("exist on every table except users, sessions, login attempts and app_meta", async () => {
    const db = getDb();
    let tables: string[];
    let triggered: string[];
    if (isPostgres(db as never)) {
      tables = (
        await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
      ).rows.map((row) => row.name);
      triggered = (
        await sql<{ name: string }>`select distinct event_object_table as name
          from information_schema.triggers where trigger_name like '%content_version'`.execute(db)
      ).rows.map((row) => row.name);
    } else {
      tables = (
        await sql<{ name: string }>`select name from sqlite_master
          where type = 'table' and name not like 'sqlite_%'`.execute(db)
      ).rows.map((row) => row.name);
      triggered = (
        await sql<{ name: string }>`select distinct tbl_name as name from sqlite_master
          where type = 'trigger' and name like '%content_version_%'`.execute(db)
      ).rows.map((row) => row.name);
    }
    const expected = tables.filter(
      (table) => !NON_CONTENT_TABLES.includes(table) && !table.startsWith("kysely_"),
    );
    expect(expected.length).toBeGreaterThanOrEqual(11);
    expect(triggered.sort()).toEqual(expected.sort());
  });

  it("move the version forward on a write, in the writer's transaction", async () => {
    const before = await storedVersion();
    await createDiscipline({ title: "Boxe loisir" });
    const after = await storedVersion();
    expect(Number(after)).toBeGreaterThan(Number(before));

    await getDb()
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable("disciplines")
          .set({ title: "jamais enregistré" })
          .where("title", "=", "Boxe loisir")
          .execute();
        throw new Error("annulé");
      })
      .catch(() => {});
    expect(await storedVersion()).toBe(after);
  });
});
