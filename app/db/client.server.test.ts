import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createDatabase, SQLITE_FILE } from "./client.server";

let dir = "";

afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = "";
});

describe("SQLite transactions", () => {
  it("hold the write lock from their start: a read then a write never meets another writer", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "club-db-"));
    const db = createDatabase({ databaseUrl: null, dataDir: dir });
    await sql`create table counters (id integer primary key, n integer not null)`.execute(db);
    await sql`insert into counters (id, n) values (1, 0)`.execute(db);
    // Another server process on the same file, which gives up at once instead of waiting.
    const other = new SQLite(path.join(dir, SQLITE_FILE));
    other.pragma("busy_timeout = 0");
    try {
      await db.transaction().execute(async (trx) => {
        await sql`select n from counters where id = 1`.execute(trx);
        // Begun as a mere reader, this transaction would let the other write here, then
        // fail on its own write ("database is locked"); begun immediate, the other waits.
        expect(() => other.prepare("update counters set n = 2 where id = 1").run()).toThrow(
          /locked|busy/i,
        );
        await sql`update counters set n = n + 1 where id = 1`.execute(trx);
      });
      expect(other.prepare("select n from counters where id = 1").get()).toEqual({ n: 1 });
    } finally {
      other.close();
      await db.destroy();
    }
  });
});
