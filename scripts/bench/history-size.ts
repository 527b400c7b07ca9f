/*
 * The history's size (docs/decisions/021-history.md): a throwaway database with the
 * seed, then a simulated year of edits (10 a day spread over the kinds of item, with a
 * fake clock), each kept as the editors keep it (recordVersion), then the sweep's
 * pruneHistory at the year's end. Prints the versions' rows and bytes before and after.
 * In process, on SQLite (and on PostgreSQL when BENCH_HISTORY_DATABASE_URL names a
 * throwaway database on loopback).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import {
  createDatabase,
  getDb,
  inTransaction,
  isPostgres,
  setDb,
  type DB,
} from "~/db/client.server";
import { migrateToLatest } from "~/db/migrate.server";
import { seedDatabase } from "~/startup/seed.server";
import type { HistoryType } from "~/domains/history/history";
import { SERVER_ACTOR } from "~/domains/history/actor";
import { pruneHistory, recordVersion } from "~/domains/history/versions.server";
import { out } from "./report";

const EDITS_PER_DAY = 10;
const DAYS = 365;
const DAY = 86_400_000;

interface Target {
  type: HistoryType;
  id: string;
  /** Changes the item as a volunteer's save would (a sentence or a word). */
  edit: (n: number) => Promise<void>;
}

async function targets(db: DB): Promise<Target[]> {
  const firstId = async (table: "blog_posts" | "disciplines" | "schedule_activities") =>
    (await db.selectFrom(table).select("id").orderBy("id").limit(1).executeTakeFirstOrThrow()).id;
  const post = await firstId("blog_posts");
  const discipline = await firstId("disciplines");
  const activity = await firstId("schedule_activities");
  const { content: postText } = await db
    .selectFrom("blog_posts")
    .select("content")
    .where("id", "=", post)
    .executeTakeFirstOrThrow();
  const hero = await db
    .selectFrom("site_content")
    .select("content")
    .where("category", "=", "hero")
    .where("section", "=", "main")
    .executeTakeFirst();
  const heroContent = JSON.parse(hero?.content ?? "{}") as Record<string, unknown>;
  const general = await db
    .selectFrom("site_settings")
    .select("settings")
    .where("category", "=", "general")
    .executeTakeFirst();
  const generalSettings = JSON.parse(general?.settings ?? "{}") as Record<string, unknown>;
  return [
    {
      type: "post",
      id: String(post),
      edit: async (n) => {
        await getDb()
          .updateTable("blog_posts")
          .set({ content: `${postText}\n\nMise à jour numéro ${n} du texte de l'article.` })
          .where("id", "=", post)
          .execute();
      },
    },
    {
      type: "content",
      id: "hero/main",
      edit: async (n) => {
        const content = JSON.stringify({ ...heroContent, title: `Boxing Club de Meyzieu ${n}` });
        const done = await getDb()
          .updateTable("site_content")
          .set({ content })
          .where("category", "=", "hero")
          .where("section", "=", "main")
          .executeTakeFirst();
        if (done.numUpdatedRows === 0n) {
          await getDb()
            .insertInto("site_content")
            .values({ category: "hero", section: "main", content, updated_at: "2026-01-01" })
            .execute();
        }
      },
    },
    {
      type: "discipline",
      id: String(discipline),
      edit: async (n) => {
        await getDb()
          .updateTable("disciplines")
          .set({ subtitle: `Pour tous les niveaux (${n})` })
          .where("id", "=", discipline)
          .execute();
      },
    },
    {
      type: "activity",
      id: String(activity),
      edit: async (n) => {
        await getDb()
          .updateTable("schedule_activities")
          .set({ description: `Cours du soir, séance ${n}` })
          .where("id", "=", activity)
          .execute();
      },
    },
    {
      type: "menu",
      id: "menu",
      edit: async (n) => {
        await getDb()
          .updateTable("menu_items")
          .set({ label: `Accueil ${n % 7}` })
          .where("path", "=", "/")
          .execute();
      },
    },
    {
      type: "settings",
      id: "general",
      edit: async (n) => {
        const settings = JSON.stringify({ ...generalSettings, tagline: `Boxe anglaise ${n}` });
        const done = await getDb()
          .updateTable("site_settings")
          .set({ settings })
          .where("category", "=", "general")
          .executeTakeFirst();
        if (done.numUpdatedRows === 0n) {
          await getDb()
            .insertInto("site_settings")
            .values({ category: "general", settings, updated_at: "2026-01-01" })
            .execute();
        }
      },
    },
    {
      type: "price",
      id: "tarifs",
      edit: async (n) => {
        await getDb()
          .updateTable("prices")
          .set({ notes: `Saison ${n}` })
          .execute();
      },
    },
  ];
}

async function tableSize(db: DB): Promise<{ rows: number; bytes: number }> {
  const { rows } = await db
    .selectFrom("item_versions")
    .select((eb) => eb.fn.countAll<number>().as("rows"))
    .executeTakeFirstOrThrow();
  const bytes = isPostgres(db)
    ? (
        await sql<{
          bytes: number;
        }>`select pg_total_relation_size('item_versions')::int as bytes`.execute(db)
      ).rows[0]!.bytes
    : (
        await sql<{ bytes: number }>`select coalesce(sum(pgsize), 0) as bytes from dbstat
          where name in ('item_versions', 'item_versions_item', 'item_versions_created')`.execute(
          db,
        )
      ).rows[0]!.bytes;
  return { rows: Number(rows), bytes: Number(bytes) };
}

async function simulate(label: string, db: DB, dataDir: string) {
  await migrateToLatest(db);
  setDb(db);
  try {
    await seedDatabase(db, { dataDir });
    const start = new Date("2026-01-01T08:00:00.000Z").getTime();
    const items = await targets(db);
    let n = 0;
    const started = performance.now();
    for (let day = 0; day < DAYS; day += 1) {
      for (let edit = 0; edit < EDITS_PER_DAY; edit += 1) {
        n += 1;
        const target = items[n % items.length]!;
        const now = new Date(start + day * DAY + edit * 3_600_000);
        await inTransaction(async () => {
          await target.edit(n);
          await recordVersion({
            type: target.type,
            id: target.id,
            action: "save",
            actor: SERVER_ACTOR,
            now,
          });
        });
      }
    }
    const simulatedMs = performance.now() - started;
    const before = await tableSize(db);
    const pruneStarted = performance.now();
    const removed = await pruneHistory({ now: new Date(start + DAYS * DAY) });
    const pruneMs = performance.now() - pruneStarted;
    // The space freed, as a compacted table would hold it (PostgreSQL reuses it anyway).
    await (isPostgres(db) ? sql`vacuum full item_versions` : sql`vacuum`).execute(db);
    const after = await tableSize(db);
    out(
      `| ${label} | ${n} | ${before.rows} | ${(before.bytes / 1024).toFixed(0)} KB | ${removed} | ${after.rows} | ${(after.bytes / 1024).toFixed(0)} KB | ${pruneMs.toFixed(0)} ms | ${(simulatedMs / n).toFixed(2)} ms |`,
    );
  } finally {
    setDb(undefined);
    await db.destroy();
  }
}

export async function historySize(): Promise<void> {
  out();
  out("## 7. Historique : taille de la table des versions (graine + un an simulé)");
  out();
  out(
    `${EDITS_PER_DAY} modifications par jour pendant ${DAYS} jours, réparties sur ${"article, bloc de contenu, discipline, créneau, menu, paramètres, tarifs"} ; puis le nettoyage (50 versions par élément et 90 jours gardés).`,
  );
  out();
  out(
    "| base | modifications | versions avant | octets avant | supprimées | versions après | octets après | nettoyage | par version |",
  );
  out("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "club-bench-history-"));
  try {
    await simulate("SQLite", createDatabase({ databaseUrl: null, dataDir }), dataDir);
    const pgUrl = process.env.BENCH_HISTORY_DATABASE_URL;
    if (pgUrl) {
      const db = createDatabase({ databaseUrl: pgUrl, dataDir });
      await sql`drop schema if exists public cascade`.execute(db);
      await sql`create schema public`.execute(db);
      await simulate("PostgreSQL", db, dataDir);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
