import { sql, type Kysely } from "kysely";
import { isPostgres } from "../client.server";

/*
 * On PostgreSQL, trigram indexes (the pg_trgm extension, shipped with PostgreSQL) for
 * the back office's searches: whereSearch (app/utils/list-page.server.ts) asks
 * lower(column) LIKE '%word%' on these columns, which a GIN trigram index answers for a
 * word of 3 letters or more. Without it, each search read every message's text: ~30 ms
 * a pass over 5,000 messages, where the index answers in under 1 ms. Where the
 * extension cannot be created (a host that refuses it), the searches keep working by
 * reading the tables, and the migration says so. SQLite needs nothing: its passes over
 * these columns take a few milliseconds (the blog's through migration 012's index).
 */

const SEARCHED: [table: string, columns: string[]][] = [
  ["contact_messages", ["name", "email", "subject", "message"]],
  ["blog_posts", ["title", "subtitle", "author", "slug"]],
  ["media_items", ["title", "url"]],
  ["trial_bookings", ["first_name", "last_name", "email", "phone", "child_first_name"]],
];

const indexName = (table: string) => `${table}_search_trigrams`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  // The migration runs in a transaction: a refused extension must not abort it.
  await sql`savepoint search_trigrams`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`release savepoint search_trigrams`.execute(db);
  } catch (error) {
    await sql`rollback to savepoint search_trigrams`.execute(db);
    console.warn(
      `Recherches de l'administration sans index (extension pg_trgm refusée : ${
        error instanceof Error ? error.message : error
      }).`,
    );
    return;
  }
  for (const [table, columns] of SEARCHED) {
    const expressions = columns.map((column) => sql`(lower(${sql.ref(column)})) gin_trgm_ops`);
    await sql`create index ${sql.id(indexName(table))} on ${sql.table(table)} using gin (${sql.join(expressions)})`.execute(
      db,
    );
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [table] of SEARCHED) {
    await sql`drop index if exists ${sql.id(indexName(table))}`.execute(db);
  }
}
