import { sql } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createDiscipline, createPost } from "../../tests/factories";
import { getDb } from "./client.server";
import { createContentVersionReader, seeOwnWrites } from "./content-version.server";
import {
  LISTENER_APPLICATION_NAME,
  listenForContentVersions,
  type VersionListener,
} from "./version-listener.server";

/*
 * PostgreSQL only: the content versions pushed by migration 006's trigger to a listening
 * connection, and the per-request reads while that connection is down.
 */

const databaseUrl = process.env.TEST_DATABASE_URL;

async function storedVersion(): Promise<string> {
  const row = await getDb()
    .selectFrom("app_meta")
    .select("value")
    .where("key", "=", "content_version")
    .executeTakeFirstOrThrow();
  return row.value;
}

let fallbackReads = 0;
const fallback = () => {
  fallbackReads += 1;
  return storedVersion();
};

let listener: VersionListener | undefined;
afterEach(async () => {
  await listener?.close();
  listener = undefined;
  fallbackReads = 0;
});

describe.skipIf(!databaseUrl)("content versions by push (PostgreSQL)", () => {
  it("has learned every commit made before caughtUp is called once it resolves", async () => {
    listener = listenForContentVersions(databaseUrl!, fallback);
    await vi.waitFor(() => expect(listener!.listening()).toBe(true));
    for (const title of ["Boxe du soir", "Boxe du matin", "Boxe du midi"]) {
      await createDiscipline({ title });
      // No wait for the notification: the listening connection sends it before its answer.
      expect(await listener.caughtUp(5000)).toBe(true);
      expect(listener.read()).toBe(await storedVersion());
    }
    expect(fallbackReads).toBe(0);
    // Not listening: nothing to wait for.
    await listener.close();
    expect(await listener.caughtUp(5000)).toBe(false);
  });

  it("answers a save once this process's listener knows its version (seeOwnWrites)", async () => {
    const reader = createContentVersionReader({ databaseUrl: databaseUrl!, db: getDb() });
    try {
      await vi.waitFor(async () => expect(await reader.read()).toBe(await storedVersion()));
      await createPost({ title: "Stage de Pâques" });
      await seeOwnWrites();
      // No wait here: the version is known as soon as seeOwnWrites returns.
      expect(await reader.read()).toBe(await storedVersion());
    } finally {
      await reader.close();
    }
  });

  it("learns each commit's version and table without a query per read", async () => {
    listener = listenForContentVersions(databaseUrl!, fallback);
    await vi.waitFor(() => expect(listener!.listening()).toBe(true));
    expect(listener.read()).toBe(await storedVersion());
    const tablesBefore = new Map(listener.readTables()!.tables);

    await createPost({ title: "Gala de printemps" });
    const version = await storedVersion();
    await vi.waitFor(() => expect(listener!.read()).toBe(version));
    const { tables } = listener.readTables()!;
    expect(tables.get("blog_posts")).toBe(version);
    expect(tables.get("disciplines")).toBe(tablesBefore.get("disciplines"));

    // A rolled-back write moves nothing and says nothing.
    await getDb()
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable("disciplines").set({ title: "jamais" }).execute();
        throw new Error("annulé");
      })
      .catch(() => {});
    await createDiscipline({ title: "Boxe du jeudi" });
    const next = await storedVersion();
    await vi.waitFor(() => expect(listener!.read()).toBe(next));
    expect(listener.readTables()!.tables.get("disciplines")).toBe(next);
    expect(fallbackReads).toBe(0);
  });

  it("reads per request while the connection is down, then listens again and reads once", async () => {
    listener = listenForContentVersions(databaseUrl!, fallback);
    await vi.waitFor(() => expect(listener!.listening()).toBe(true));

    // The server ends the listening connection (a restart, a network cut): this file's
    // only, never the listeners of the servers another file runs on the same cluster.
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`.execute(
      getDb(),
    );
    await vi.waitFor(() => expect(listener!.listening()).toBe(false));
    expect(listener.readTables()).toBeNull();

    await createDiscipline({ title: "Boxe pendant la coupure" });
    const during = await storedVersion();
    // No push meanwhile: each read asks the database, and sees the write at once.
    expect(await listener.read()).toBe(during);
    expect(fallbackReads).toBe(1);

    await vi.waitFor(() => expect(listener!.listening()).toBe(true), { timeout: 5000 });
    expect(listener.read()).toBe(during);
    expect(listener.readTables()!.tables.get("disciplines")).toBe(during);
  });
});
