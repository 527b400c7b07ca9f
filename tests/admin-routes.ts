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

/** Every row of every table but the bookkeeping ones, to compare before and after. */
export async function databaseSnapshot(): Promise<Record<string, string>> {
  const db = getDb();
  const snapshot: Record<string, string> = {};
  for (const table of await db.introspection.getTables()) {
    if (table.name.startsWith("kysely_") || BOOKKEEPING.has(table.name)) continue;
    const rows = await db
      .selectFrom(table.name as "users")
      .selectAll()
      .execute();
    const lines = rows.map((row) => JSON.stringify(row)).sort();
    snapshot[table.name] = lines.join("\n");
  }
  return snapshot;
}
