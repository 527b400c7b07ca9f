import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { inject } from "vitest";
import { createDatabase, getDb, isPostgres, setDb, SQLITE_FILE, type DB } from "~/db/client.server";
import { migrateToLatest } from "~/db/migrate.server";

/** The per-file copies of the PostgreSQL template: `<template>_f_<8 hex>`. */
export const COPY_NAME = /_f_[0-9a-f]{8}$/;

/** Drops the per-file copies of this template that are left, four at a time. */
export async function dropCopies(templateUrl: string): Promise<void> {
  let copies: string[] = [];
  await onMaintenanceDatabase(templateUrl, async (client, template) => {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where datname like $1",
      [`${template}\\_f\\_%`],
    );
    copies = rows.map((row) => row.datname).filter((name) => COPY_NAME.test(name));
  });
  const dropNext = (client: pg.Client) => async () => {
    for (let name = copies.pop(); name; name = copies.pop()) {
      await client.query(`drop database if exists "${name}" with (force)`);
    }
  };
  await Promise.all(
    [1, 2, 3, 4].map(() => onMaintenanceDatabase(templateUrl, (client) => dropNext(client)())),
  );
}

/** Runs `work` on the server of `databaseUrl`, connected to its maintenance database. */
export async function onMaintenanceDatabase(
  databaseUrl: string,
  work: (client: pg.Client, databaseName: string) => Promise<void>,
): Promise<void> {
  const url = new URL(databaseUrl);
  const databaseName = decodeURIComponent(url.pathname.slice(1));
  url.pathname = "/postgres";
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await work(client, databaseName);
  } finally {
    await client.end();
  }
}

/**
 * A migrated database of this test file's own, copied from the one the global setup
 * migrated (tests/setup/template-database.ts): on SQLite the template's file copied into
 * dataDir; with TEST_DATABASE_URL, a new PostgreSQL database made from that one as a
 * template, whose address is returned.
 */
export async function createTestDatabase(dataDir: string): Promise<{
  db: DB;
  databaseUrl: string | null;
  cleanup: () => Promise<void>;
}> {
  const templateUrl = inject("postgresTemplate");
  if (!templateUrl) {
    fs.copyFileSync(inject("sqliteTemplate"), path.join(dataDir, SQLITE_FILE));
    const db = createDatabase({ databaseUrl: null, dataDir });
    return { db, databaseUrl: null, cleanup: () => db.destroy() };
  }
  let copy = "";
  await onMaintenanceDatabase(templateUrl, async (client, template) => {
    copy = `${template}_f_${randomBytes(4).toString("hex")}`;
    await client.query(`create database "${copy}" template "${template}"`);
  });
  const url = new URL(templateUrl);
  url.pathname = `/${copy}`;
  const databaseUrl = url.toString();
  const db = createDatabase({ databaseUrl, dataDir });
  // The copy is dropped by the global setup's teardown, once every worker has closed its
  // connections: some tests leave a pool open, which dropping it here would cut.
  return { db, databaseUrl, cleanup: () => db.destroy() };
}

/**
 * Makes getDb() a database migrated from nothing, as a new install is, rather than the
 * template's copy: for the tests of the migrations themselves. On PostgreSQL the file's own
 * database is emptied and migrated; on SQLite a second file is. Returns what puts it back.
 */
export async function useDatabaseMigratedFromEmpty(): Promise<() => Promise<void>> {
  const copy = getDb();
  if (isPostgres(copy)) {
    await sql`drop schema if exists public cascade`.execute(copy);
    await sql`create schema public`.execute(copy);
    await migrateToLatest(copy);
    return async () => {};
  }
  const dataDir = process.env.DATA_DIR!;
  const fromEmpty = createDatabase({ databaseUrl: null, dataDir, sqliteFile: "from-empty.sqlite" });
  await migrateToLatest(fromEmpty);
  setDb(fromEmpty);
  return async () => {
    setDb(copy);
    await fromEmpty.destroy();
  };
}
