import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "~/db/client.server";
import { CONTENT_VERSION_KEY } from "~/db/migrations/002-content-version";
import { createPost } from "../../../tests/factories";
import { listVersions } from "../history/versions.server";
import { getLatestPublishedPosts, getPublishedPost } from "./post.server";
import { getPostForEdit, setPostPublished } from "./post-admin.server";
import {
  runDuePublications,
  startScheduledPublishing,
  type DueRun,
} from "./scheduled-publishing.server";
import { createSitePage, getPublishedSitePages, getSitePage } from "./site-page.server";

/* The due-job of scheduled publishing (ADR 023), with an injected `now`. */

const DUE = "2026-12-15T07:00:00.000Z"; // 15 December, 08:00 in Paris
const minutes = (n: number) => new Date(Date.parse(DUE) + n * 60_000);

beforeEach(async () => {
  await getDb().deleteFrom("activity_log").execute();
  await getDb().deleteFrom("blog_posts").execute();
});

async function journal() {
  return getDb()
    .selectFrom("activity_log")
    .select(["username", "user_id", "action", "item_type", "item_id", "item_label", "created_at"])
    .orderBy("id")
    .execute();
}

async function contentVersion(): Promise<string> {
  const row = await getDb()
    .selectFrom("app_meta")
    .select("value")
    .where("key", "=", CONTENT_VERSION_KEY)
    .executeTakeFirstOrThrow();
  return row.value;
}

const scheduledDraft = (values: Parameters<typeof createPost>[0] = {}) =>
  createPost({
    title: "Fermeture de Noël",
    is_published: 0,
    published_at: "2026-11-20T10:00:00.000Z",
    publish_at: DUE,
    ...values,
  });

describe("runDuePublications", () => {
  it("publishes a scheduled article at its time, not before, once, dated at the scheduled instant", async () => {
    const post = await scheduledDraft();

    expect(await runDuePublications({ now: minutes(-1) })).toEqual({
      published: [],
      unpublished: [],
    });
    expect(await getPublishedPost({ slugOrId: post.slug })).toBeNull();

    const run = await runDuePublications({ now: minutes(0) });
    expect(run.published).toEqual([{ kind: "post", id: post.id }]);
    const published = await getPostForEdit({ id: post.id });
    expect(published).toMatchObject({
      is_published: true,
      publish_at: null,
      // Its date is the instant it was scheduled for: the blog's order and the RSS.
      published_at: DUE,
    });
    expect((await getLatestPublishedPosts({ limit: 5 })).map((one) => one.id)).toEqual([post.id]);
    expect(await journal()).toEqual([
      {
        username: "serveur",
        user_id: null,
        action: "publish",
        item_type: "post",
        item_id: String(post.id),
        item_label: "Fermeture de Noël",
        created_at: minutes(0).toISOString(),
      },
    ]);

    // The next minute's run finds nothing to do.
    expect((await runDuePublications({ now: minutes(1) })).published).toEqual([]);
    expect(await journal()).toHaveLength(1);

    // The history keeps the published state, by the server (ADR 021).
    const [version] = await listVersions({ type: "post", id: String(post.id) });
    expect(version).toMatchObject({ action: "publish", actorName: "serveur" });
  });

  it("publishes after a downtime what came due while the server was stopped (the start-up run)", async () => {
    const post = await scheduledDraft();
    // The server was down from before DUE until three days later: its first run then.
    const run = await runDuePublications({ now: minutes(3 * 24 * 60) });
    expect(run.published).toEqual([{ kind: "post", id: post.id }]);
    expect(await getPublishedPost({ slugOrId: post.slug })).not.toBeNull();
  });

  it("unpublishes at its time, and does both in order when both came due during a downtime", async () => {
    const live = await createPost({ title: "Stage d'été", unpublish_at: DUE });
    const both = await scheduledDraft({
      title: "Vente de gants",
      unpublish_at: minutes(60).toISOString(),
    });

    const run = await runDuePublications({ now: minutes(0) });
    expect(run).toEqual({
      published: [{ kind: "post", id: both.id }],
      unpublished: [{ kind: "post", id: live.id }],
    });
    expect(await getPostForEdit({ id: live.id })).toMatchObject({
      is_published: false,
      unpublish_at: null,
    });
    // Still online until its own time.
    expect(await getPostForEdit({ id: both.id })).toMatchObject({ is_published: true });

    await getDb()
      .updateTable("blog_posts")
      .set({ is_published: 0, publish_at: DUE })
      .where("id", "=", both.id)
      .execute();
    await runDuePublications({ now: minutes(120) });
    expect(await getPostForEdit({ id: both.id })).toMatchObject({
      is_published: false,
      publish_at: null,
      unpublish_at: null,
    });
    expect((await journal()).slice(-2).map((row) => [row.action, row.item_label])).toEqual([
      ["publish", "Vente de gants"],
      ["unpublish", "Vente de gants"],
    ]);
  });

  it("publishes once when two runs go at the same moment (one journal row)", async () => {
    const posts = await Promise.all([scheduledDraft(), scheduledDraft({ title: "Deuxième" })]);
    const runs = await Promise.all([
      runDuePublications({ now: minutes(1) }),
      runDuePublications({ now: minutes(1) }),
      runDuePublications({ now: minutes(1) }),
    ]);
    const published = runs.flatMap((run) => run.published.map((one) => one.id));
    expect(published.sort()).toEqual(posts.map((post) => post.id).sort());
    expect((await journal()).map((row) => row.action)).toEqual(["publish", "publish"]);
  });

  it("leaves a schedule moved later or cleared by a volunteer, and one published by hand", async () => {
    const moved = await scheduledDraft({ publish_at: minutes(30).toISOString() });
    const byHand = await scheduledDraft({ title: "Publié à la main" });
    await setPostPublished({ id: byHand.id, published: true });
    expect(await getPostForEdit({ id: byHand.id })).toMatchObject({ publish_at: null });

    expect(await runDuePublications({ now: minutes(1) })).toEqual({
      published: [],
      unpublished: [],
    });
    expect(await getPostForEdit({ id: moved.id })).toMatchObject({ is_published: false });
    expect(await journal()).toEqual([]);
  });

  it("moves the page cache's version with a change, and never when nothing is due", async () => {
    await scheduledDraft();
    const before = await contentVersion();
    await runDuePublications({ now: minutes(-5) });
    expect(await contentVersion()).toBe(before);
    await runDuePublications({ now: minutes(0) });
    expect(await contentVersion()).not.toBe(before);
  });

  it("publishes and unpublishes a site page, which the sitemap then lists", async () => {
    const page = await createSitePage();
    await getDb()
      .updateTable("site_pages")
      .set({ slug: "/fermeture-noel", publish_at: DUE, unpublish_at: minutes(60).toISOString() })
      .where("id", "=", page.id)
      .execute();
    const listed = async () => (await getPublishedSitePages()).map((one) => one.slug);

    expect(await listed()).not.toContain("/fermeture-noel");
    expect((await runDuePublications({ now: minutes(0) })).published).toEqual([
      { kind: "page", id: page.id },
    ]);
    expect(await listed()).toContain("/fermeture-noel");
    expect((await runDuePublications({ now: minutes(60) })).unpublished).toEqual([
      { kind: "page", id: page.id },
    ]);
    expect(await listed()).not.toContain("/fermeture-noel");
    expect(await getSitePage({ id: page.id })).toMatchObject({
      publish_at: null,
      unpublish_at: null,
    });
  });
});

describe("startScheduledPublishing", () => {
  it("runs at start-up: what came due while the server was stopped goes out at once", async () => {
    const post = await scheduledDraft({
      publish_at: new Date(Date.now() - 86_400_000).toISOString(),
    });
    // An hour between runs: only the start-up run can publish it within the wait.
    const stop = startScheduledPublishing({ intervalMs: 3_600_000 });
    try {
      await vi.waitFor(
        async () => expect(await getPublishedPost({ slugOrId: post.slug })).not.toBeNull(),
        { timeout: 10_000, interval: 50 },
      );
    } finally {
      stop();
    }
    expect((await journal()).map((row) => [row.username, row.action])).toEqual([
      ["serveur", "publish"],
    ]);
  });
});

/** A worker thread with its own connection to this file's SQLite database (tests/due-publisher.ts). */
function startWorker(
  now: Date,
): Promise<{ worker: Worker; done: Promise<DueRun | { error: string }> }> {
  // tsx compiles the worker's TypeScript (and reads the "~/" paths of tsconfig.json).
  const entry = pathToFileURL(path.resolve("tests/due-publisher.ts")).href;
  const boot = `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`;
  const worker = new Worker(boot, {
    eval: true,
    workerData: { dataDir: process.env.DATA_DIR, now: now.toISOString() },
  });
  return new Promise((resolve, reject) => {
    worker.once("error", reject);
    worker.once("message", () => {
      const done = new Promise<DueRun | { error: string }>((finish, fail) => {
        worker.once("message", finish);
        worker.once("error", fail);
      });
      resolve({ worker, done });
    });
  });
}

// In one process Kysely runs SQLite's transactions one after the other; here each job has
// its own connection to the file, as the first processes of several servers would.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  "runDuePublications from several SQLite connections",
  () => {
    it("makes each due change once, with one journal row, when four jobs run at the same moment", async () => {
      const posts = [];
      for (let i = 0; i < 5; i += 1) posts.push(await scheduledDraft({ title: `Annonce ${i}` }));
      const workers = await Promise.all(Array.from({ length: 4 }, () => startWorker(minutes(1))));
      for (const { worker } of workers) worker.postMessage("go");
      const runs = await Promise.all(workers.map(({ done }) => done));
      expect(runs.filter((run) => "error" in run)).toEqual([]);
      const published = (runs as DueRun[]).flatMap((run) => run.published.map((one) => one.id));
      expect(published.sort((a, b) => a - b)).toEqual(posts.map((post) => post.id));
      const rows = await journal();
      expect(rows.map((row) => row.item_id).sort()).toEqual(
        posts.map((post) => String(post.id)).sort(),
      );
      expect(rows.every((row) => row.action === "publish" && row.username === "serveur")).toBe(
        true,
      );
    }, 90_000);
  },
);
