import type { Kysely } from "kysely";

/*
 * Planning joins the default menu after Entraînements (DESIGN.md: parents look for the
 * timetable first; app/domains/content/defaults.ts, DEFAULT_MENU). A fresh install is seeded
 * with it; here an install whose menu is still exactly the spec's default gets it too.
 * A menu an admin has edited in any way is left as they made it.
 * Every row is restamped: the menu editor's version (its latest updated_at and its
 * length) moves, and the menu_items triggers move the page cache's versions.
 */

/** The spec's default menu, as the seed wrote it until this migration (frozen here). */
export const SPEC_MENU = [
  { label: "Accueil", path: "/" },
  { label: "Disciplines", path: "/disciplines" },
  { label: "Entraînements", path: "/entrainements" },
  { label: "Tarifs", path: "/tarifs" },
  { label: "Infos Pratiques", path: "/infos-pratiques" },
  { label: "Contact", path: "/contact" },
];

const PLANNING = { label: "Planning", path: "/planning" };
const AFTER = "/entrainements";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
type AnyDb = Kysely<any>;

async function readMenu(db: AnyDb): Promise<{ label: string; path: string; updated_at: string }[]> {
  return db
    .selectFrom("menu_items")
    .select(["label", "path", "updated_at"])
    .orderBy("order_index")
    .orderBy("id")
    .execute();
}

function sameMenu(rows: { label: string; path: string }[], menu: typeof SPEC_MENU): boolean {
  return (
    rows.length === menu.length &&
    rows.every((row, i) => row.label === menu[i]!.label && row.path === menu[i]!.path)
  );
}

/** A stamp later than every row's, so the editor's loaded version no longer matches. */
function laterStamp(rows: { updated_at: string }[]): string {
  const latest = Math.max(Date.now(), ...rows.map((row) => Date.parse(row.updated_at) + 1 || 0));
  return new Date(latest).toISOString();
}

async function rewrite(db: AnyDb, from: typeof SPEC_MENU, to: typeof SPEC_MENU): Promise<void> {
  const rows = await readMenu(db);
  if (!sameMenu(rows, from)) return;
  const stamp = laterStamp(rows);
  await db.deleteFrom("menu_items").execute();
  await db
    .insertInto("menu_items")
    .values(to.map((item, order_index) => ({ ...item, order_index, updated_at: stamp })))
    .execute();
}

/**
 * All or nothing: the migrator wraps a migration in a transaction on PostgreSQL only
 * (SQLite's adapter says it has no transactional DDL).
 */
async function atomically(db: AnyDb, work: (db: AnyDb) => Promise<void>): Promise<void> {
  if (db.isTransaction) await work(db);
  else await db.transaction().execute(work);
}

const WITH_PLANNING = SPEC_MENU.flatMap((item) =>
  item.path === AFTER ? [item, PLANNING] : [item],
);

export async function up(db: AnyDb): Promise<void> {
  await atomically(db, (trx) => rewrite(trx, SPEC_MENU, WITH_PLANNING));
}

export async function down(db: AnyDb): Promise<void> {
  await atomically(db, (trx) => rewrite(trx, WITH_PLANNING, SPEC_MENU));
}
