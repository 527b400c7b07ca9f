/*
 * The back office's modules as app/routes.ts declares them, and a snapshot of the
 * database: what the guard tests (app/routes/admin/guard.test.ts, roles.test.ts) walk
 * through and compare, so a new admin screen is found without being listed by hand.
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { getDb } from "~/db/client.server";
import routes from "~/routes";

export interface AdminRoute {
  file: string;
  url: string;
}

/** Every entry of the route tree whose file is under routes/admin/, with a sample URL. */
function adminRoutesIn(entries: RouteConfigEntry[], parentPath = ""): AdminRoute[] {
  return entries.flatMap((entry) => {
    const own = entry.path
      ?.split("/")
      .map((segment) => (segment.startsWith(":") ? "1" : segment === "*" ? "x" : segment))
      .join("/");
    const fullPath = own ? `${parentPath}/${own}`.replace(/\/+/g, "/") : parentPath;
    const found = entry.file.startsWith("routes/admin/")
      ? [{ file: entry.file, url: fullPath || "/" }]
      : [];
    return [...found, ...adminRoutesIn(entry.children ?? [], fullPath)];
  });
}

export const ADMIN_ROUTES: readonly AdminRoute[] = adminRoutesIn(routes);

/** Tables a request touches without changing anything anyone sees (its own session's use). */
const BOOKKEEPING = new Set(["sessions", "login_attempts"]);

/**
 * The tables to compare, read once per database: a file's tests create none, and
 * PostgreSQL's catalog takes longer to read than every row of a test's tables.
 */
const tablesOf = new WeakMap<object, Promise<string[]>>();
function comparedTables(db: ReturnType<typeof getDb>): Promise<string[]> {
  let tables = tablesOf.get(db);
  if (!tables) {
    tables = db.introspection
      .getTables()
      .then((found) =>
        found
          .map((table) => table.name)
          .filter((name) => !name.startsWith("kysely_") && !BOOKKEEPING.has(name)),
      );
    tablesOf.set(db, tables);
  }
  return tables;
}

/** Every row of every table but the bookkeeping ones, to compare before and after. */
export async function databaseSnapshot(): Promise<Record<string, string>> {
  const db = getDb();
  const tables = await comparedTables(db);
  // Read side by side: PostgreSQL's pool answers them at once (SQLite one after another).
  const contents = await Promise.all(
    tables.map(async (table) => {
      const rows = await db
        .selectFrom(table as "users")
        .selectAll()
        .execute();
      return rows
        .map((row) => JSON.stringify(row))
        .sort()
        .join("\n");
    }),
  );
  return Object.fromEntries(tables.map((table, i) => [table, contents[i]!]));
}
