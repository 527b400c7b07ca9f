import { Migrator } from "kysely";
import { describe, expect, it } from "vitest";
import { DEFAULT_MENU } from "~/domains/content/defaults";
import { getDb } from "~/db/client.server";
import { MIGRATIONS, migrateToLatest } from "~/db/migrate.server";
import { CONTENT_VERSION_KEY } from "~/db/migrations/002-content-version";
import { getMenuForEdit } from "~/domains/content/menu.server";
import { down, SPEC_MENU, up } from "./018-menu-planning";

const OLD_STAMP = "2025-01-01T10:00:00.000Z";

async function storeMenu(items: { label: string; path: string }[]): Promise<void> {
  const db = getDb();
  await db.deleteFrom("menu_items").execute();
  if (items.length === 0) return;
  await db
    .insertInto("menu_items")
    .values(items.map((item, order_index) => ({ ...item, order_index, updated_at: OLD_STAMP })))
    .execute();
}

async function storedMenu() {
  return getDb()
    .selectFrom("menu_items")
    .select(["label", "path", "order_index", "updated_at"])
    .orderBy("order_index")
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

describe("018-menu-planning", () => {
  it("adds Planning after Entraînements to a menu still exactly the spec's default", async () => {
    await storeMenu(SPEC_MENU);
    const loaded = await getMenuForEdit();
    const version = await contentVersion();

    await up(getDb());

    const rows = await storedMenu();
    expect(rows.map(({ label, path }) => ({ label, path }))).toEqual(DEFAULT_MENU);
    expect(rows.map((row) => row.order_index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(rows[3]).toMatchObject({ label: "Planning", path: "/planning" });
    // The menu editor opened before sees its save refused, and the cached pages go.
    expect((await getMenuForEdit()).version).not.toBe(loaded.version);
    expect(rows.every((row) => row.updated_at > OLD_STAMP)).toBe(true);
    expect(await contentVersion()).not.toBe(version);
  });

  it("leaves a menu the club has edited as it is", async () => {
    const edited = [
      SPEC_MENU.map((item) => (item.path === "/tarifs" ? { ...item, label: "Nos tarifs" } : item)),
      [...SPEC_MENU, { label: "Partenaires", path: "/partenaires" }],
      [SPEC_MENU[1]!, SPEC_MENU[0]!, ...SPEC_MENU.slice(2)],
      SPEC_MENU.slice(0, 5),
      [],
    ];
    for (const menu of edited) {
      await storeMenu(menu);
      const before = await storedMenu();
      await up(getDb());
      expect(await storedMenu()).toEqual(before);
    }
  });

  it("does nothing to a menu that already has Planning (a fresh install's seed)", async () => {
    await storeMenu(DEFAULT_MENU);
    const before = await storedMenu();
    await up(getDb());
    expect(await storedMenu()).toEqual(before);
  });

  it("goes back to the spec's menu only from the menu it wrote", async () => {
    await storeMenu(SPEC_MENU);
    await up(getDb());
    await down(getDb());
    expect((await storedMenu()).map(({ label, path }) => ({ label, path }))).toEqual(SPEC_MENU);

    const moved = [DEFAULT_MENU[3]!, ...DEFAULT_MENU.filter((item) => item.path !== "/planning")];
    await storeMenu(moved);
    await down(getDb());
    expect((await storedMenu()).map(({ label, path }) => ({ label, path }))).toEqual(moved);
    await getDb().deleteFrom("menu_items").execute();
  });

  it("runs at start through the migrator (in its transaction on PostgreSQL)", async () => {
    const db = getDb();
    const names = Object.keys(MIGRATIONS);
    const before = names[names.indexOf("018-menu-planning") - 1]!;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
    await migrator.migrateTo(before);
    await storeMenu(SPEC_MENU);

    await migrateToLatest(db);

    expect((await storedMenu()).map((row) => row.label)).toEqual(
      DEFAULT_MENU.map((item) => item.label),
    );
    await db.deleteFrom("menu_items").execute();
  });
});
