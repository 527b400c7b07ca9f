import { beforeEach, describe, expect, it } from "vitest";
import { afterCommit, getDb, inTransaction } from "~/db/client.server";
import { createUser } from "../../../tests/auth";
import { deleteOldActivity, logActivity, withActivity } from "./activity-log.server";

async function journal() {
  return getDb()
    .selectFrom("activity_log")
    .select(["username", "action", "item_type", "item_id", "item_label", "ip"])
    .orderBy("id")
    .execute();
}

async function menuLabels() {
  return (await getDb().selectFrom("menu_items").select("label").orderBy("id").execute()).map(
    (row) => row.label,
  );
}

beforeEach(async () => {
  await getDb().deleteFrom("activity_log").execute();
});

describe("withActivity", () => {
  it("writes the act and its row together, the row naming who, what and from where", async () => {
    const userId = await createUser("karim", "motdepasse-long-1");
    const actor = { userId, username: "karim", ip: "192.0.2.7" };
    const before = await menuLabels();
    await withActivity(
      actor,
      (id: number) => ({ action: "create", itemType: "menu", itemId: id, itemLabel: "Boutique" }),
      async () => {
        // A model's own transaction joins the journal's.
        const row = await getDb()
          .transaction()
          .execute((trx) =>
            trx
              .insertInto("menu_items")
              .values({
                label: "Boutique",
                path: "/boutique",
                order_index: 99,
                updated_at: "2026-11-26T10:00:00.000Z",
              })
              .returning("id")
              .executeTakeFirstOrThrow(),
          );
        return row.id;
      },
    );
    expect(await menuLabels()).toEqual([...before, "Boutique"]);
    const rows = await journal();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      username: "karim",
      action: "create",
      item_type: "menu",
      item_label: "Boutique",
      ip: "192.0.2.7",
    });
  });

  it("keeps neither the act nor the row when the act fails", async () => {
    const actor = { userId: null, username: "x", ip: "" };
    const before = await menuLabels();
    await expect(
      withActivity(actor, { action: "create", itemType: "menu" }, async () => {
        await getDb()
          .insertInto("menu_items")
          .values({
            label: "Perdu",
            path: "/perdu",
            order_index: 98,
            updated_at: "2026-11-26T10:00:00.000Z",
          })
          .execute();
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await menuLabels()).toEqual(before);
    expect(await journal()).toEqual([]);
  });

  it("writes nothing when the entry says nothing was done", async () => {
    await withActivity(
      { userId: null, username: "x", ip: "" },
      () => null,
      async () => "stale",
    );
    expect(await journal()).toEqual([]);
  });
});

describe("deleteOldActivity", () => {
  it("removes rows older than 13 months and keeps the others", async () => {
    const actor = { userId: null, username: "x", ip: "" };
    await logActivity(actor, { action: "login" }, { now: new Date("2025-10-01T10:00:00Z") });
    await logActivity(actor, { action: "logout" }, { now: new Date("2025-11-27T10:00:00Z") });
    expect(await deleteOldActivity({ now: new Date("2026-11-26T10:00:00Z") })).toBe(1);
    expect((await journal()).map((row) => row.action)).toEqual(["logout"]);
  });
});

describe("inTransaction", () => {
  it("runs what waits for the commit after it, never after a rollback", async () => {
    const seen: number[] = [];
    const countMenu = async () =>
      Number(
        (
          await getDb()
            .selectFrom("menu_items")
            .select((eb) => eb.fn.countAll<number>().as("count"))
            .executeTakeFirstOrThrow()
        ).count,
      );
    const before = await countMenu();
    await inTransaction(async () => {
      await getDb()
        .insertInto("menu_items")
        .values({
          label: "Après",
          path: "/apres",
          order_index: 97,
          updated_at: "2026-11-26T10:00:00.000Z",
        })
        .execute();
      afterCommit(() => void countMenu().then((count) => seen.push(count)));
    });
    await expect.poll(() => seen).toEqual([before + 1]);

    await expect(
      inTransaction(async () => {
        afterCommit(() => seen.push(-1));
        throw new Error("annulé");
      }),
    ).rejects.toThrow("annulé");
    expect(seen).toEqual([before + 1]);
  });

  it("gives work begun inside and still running after the commit the database itself", async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let later: Promise<unknown[]> | undefined;
    await inTransaction(async () => {
      later = gate.then(() => getDb().selectFrom("menu_items").select("id").execute());
    });
    release();
    await expect(later).resolves.not.toHaveLength(0);
  });
});
