import { inTransaction, getDb } from "~/db/client.server";
import { startPeriodic } from "~/core/jobs.server";
import { logActivity } from "~/domains/history/index.server";
import { SERVER_ACTOR } from "~/domains/history";
import { recordEntryVersion } from "~/domains/history/index.server";
import { setPostPublished } from "./post-admin.server";
import { setSitePagePublished } from "./site-page.server";

/*
 * The due-job of scheduled publishing (docs/decisions/023-scheduled-publishing.md): the
 * articles and site pages whose « Publier le » or « Dépublier le » has come are published
 * or unpublished through the editor's own functions, each change once, however many
 * processes and servers run it on one database.
 *
 * Each change is claimed by one conditional UPDATE that clears the date it acts on, in the
 * transaction of the change and its journal row: `... set publish_at = null where id = ?
 * and publish_at = <the value read> and publish_at <= now`. Two runs that read the same
 * row both try; PostgreSQL makes the second wait on the row's lock and re-check its WHERE
 * after the first commits (READ COMMITTED), SQLite runs one write transaction at a time
 * (BEGIN IMMEDIATE): one UPDATE affects the row, the other none and writes nothing. A date
 * changed or cleared by a volunteer in between is not the value read: not claimed either.
 * Due means `<= now`, however long ago: after downtime every due change goes out at the
 * start-up run.
 */

export const SCHEDULED_PUBLISHING_INTERVAL_MS = 60_000;

type Kind = "post" | "page";
type Change = "publish" | "unpublish";

const TABLES = { post: "blog_posts", page: "site_pages" } as const;

interface Due {
  kind: Kind;
  id: number;
  title: string;
  publish_at: string | null;
  unpublish_at: string | null;
}

/** What one run did: the changes this process made (not those another one claimed). */
export interface DueRun {
  published: { kind: Kind; id: number }[];
  unpublished: { kind: Kind; id: number }[];
}

/**
 * The rows with a change due at `now`. A read alone: a run with nothing due writes
 * nothing (on PostgreSQL an UPDATE that matches no row still fires the statement triggers
 * that move the page cache's version, which would empty every cache each minute).
 */
async function dueRows(kind: Kind, now: string): Promise<Due[]> {
  const rows = await getDb()
    .selectFrom(TABLES[kind])
    .select(["id", "title", "publish_at", "unpublish_at"])
    .where((eb) => eb.or([eb("publish_at", "<=", now), eb("unpublish_at", "<=", now)]))
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ kind, ...row }));
}

/** Claims one change and makes it, with its journal row; false when another run had it. */
async function apply(due: Due, change: Change, now: Date): Promise<boolean> {
  const column = change === "publish" ? "publish_at" : "unpublish_at";
  const at = due[column]!;
  return inTransaction(async () => {
    let claim = getDb()
      .updateTable(TABLES[due.kind])
      .set({ [column]: null })
      .where("id", "=", due.id)
      .where(column, "=", at)
      .where(column, "<=", now.toISOString());
    // Published first: an unpublication waits for its publication to be claimed.
    if (change === "unpublish") claim = claim.where("publish_at", "is", null);
    const claimed = await claim.executeTakeFirst();
    if (claimed.numUpdatedRows === 0n) return false;
    const published = change === "publish";
    if (due.kind === "post") {
      // The article's date becomes the scheduled instant (ADR 023): RSS and blog order.
      await setPostPublished({ id: due.id, published, publishedAt: published ? at : undefined });
    } else {
      await setSitePagePublished({ id: due.id, published });
    }
    const entry = { action: change, itemType: due.kind, itemId: due.id, itemLabel: due.title };
    await logActivity(SERVER_ACTOR, entry, { now });
    await recordEntryVersion(SERVER_ACTOR, entry);
    return true;
  });
}

/** Publishes and unpublishes whatever is due at `now` (by default, now). */
export async function runDuePublications({
  now = new Date(),
}: { now?: Date } = {}): Promise<DueRun> {
  const run: DueRun = { published: [], unpublished: [] };
  const iso = now.toISOString();
  for (const kind of ["post", "page"] as const) {
    for (const due of await dueRows(kind, iso)) {
      if (due.publish_at && due.publish_at <= iso && (await apply(due, "publish", now))) {
        run.published.push({ kind, id: due.id });
      }
      if (due.unpublish_at && due.unpublish_at <= iso && (await apply(due, "unpublish", now))) {
        run.unpublished.push({ kind, id: due.id });
      }
    }
  }
  return run;
}

/**
 * The first process's timer: once at start-up (what came due while the server was
 * stopped goes out now), then every minute. SCHEDULED_PUBLISHING_INTERVAL_MS shortens it
 * for the end-to-end tests. Returns the function that stops it.
 */
export function startScheduledPublishing({
  intervalMs = Number(process.env.SCHEDULED_PUBLISHING_INTERVAL_MS) ||
    SCHEDULED_PUBLISHING_INTERVAL_MS,
}: { intervalMs?: number } = {}): () => void {
  return startPeriodic({
    intervalMs,
    failure: "Publication programmée impossible",
    task: async () => {
      const run = await runDuePublications();
      const count = run.published.length + run.unpublished.length;
      if (count > 0) {
        console.log(
          `Publication programmée : ${run.published.length} publié(s), ${run.unpublished.length} dépublié(s)`,
        );
      }
    },
  });
}
