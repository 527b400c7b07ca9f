import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { getDb } from "./client.server";
import { trackTablesRead } from "./tables-read.server";

describe("trackTablesRead", () => {
  it("notes every table the queries of the work name, across awaits, and no others", async () => {
    let done!: Promise<void>;
    const reads = trackTablesRead(() => {
      done = (async () => {
        await getDb().selectFrom("disciplines").select("id").execute();
        await getDb()
          .selectFrom("blog_posts as p")
          .innerJoin("media_items", "media_items.url", "p.image_url")
          .select("p.id")
          .where("p.title", "=", sql<string>`lower(${"Gala"})`)
          .execute();
      })();
    });
    // Work outside the tracked function is not counted, even while it runs.
    await getDb().selectFrom("menu_items").select("id").execute();
    await done;
    expect([...reads.tables].sort()).toEqual(["blog_posts", "disciplines", "media_items"]);
    expect(reads.complete).toBe(true);
  });

  it("is incomplete after raw SQL that names a table", async () => {
    let done!: Promise<unknown>;
    const reads = trackTablesRead(() => {
      done = sql`select count(*) from menu_items`.execute(getDb());
    });
    await done;
    expect(reads.complete).toBe(false);
  });
});
