/*
 * The tables a backup holds, in foreign-key dependency order (a table comes after every
 * table it references), each with the primary key its rows are read in pages by.
 * docs/decisions/019-backup-archive.md.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { LAST_KEY, NIGHT_KEY, RUNNING_KEY } from "./backup-state.server";
import { HEARTBEAT_KEY } from "./heartbeat.server";

type TableName = keyof Database;

// Every table of the typed schema, with its key; one missing here fails to compile.
const KEYS = {
  app_meta: ["key"],
  site_content: ["id"],
  site_settings: ["id"],
  menu_items: ["id"],
  disciplines: ["id"],
  training_formats: ["id"],
  schedule_activities: ["id"],
  schedule_changes: ["id"],
  blog_posts: ["id"],
  post_slugs: ["slug"],
  media_items: ["id"],
  image_variants: ["id"],
  inscription_forms: ["id"],
  prices: ["id"],
  site_pages: ["id"],
  users: ["id"],
  sessions: ["id"],
  login_attempts: ["id"],
  user_tokens: ["id"],
  recovery_codes: ["id"],
  activity_log: ["id"],
  item_versions: ["id"],
  contact_messages: ["id"],
  contact_message_replies: ["id"],
  mail_outbox: ["id"],
  trial_bookings: ["id"],
  trial_session_locks: ["activity_id", "session_date"],
  trial_requests: ["id"],
  trash: ["id"],
  membership_seasons: ["id"],
  membership_tariffs: ["id"],
  membership_discounts: ["id"],
  households: ["id"],
  members: ["id"],
  membership_files: ["id"],
  registrations: ["id"],
  membership_payments: ["id"],
  membership_allocations: ["id"],
  membership_tokens: ["id"],
  membership_mails: ["id"],
  membership_attestations: ["id"],
  helloasso_settings: ["id"],
  helloasso_checkouts: ["id"],
  webhook_inbox: ["id"],
  membership_desk_keys: ["id"],
} as const satisfies Record<TableName, readonly string[]>;

/** The tables in the order they are written and restored (the key order above is it). */
export const BACKUP_TABLES = Object.keys(KEYS) as TableName[];

export function isBackupTable(name: string): name is TableName {
  return Object.hasOwn(KEYS, name);
}

/**
 * app_meta rows that describe the running servers, not the data: never backed up (the
 * backups' own state too: a restored site makes its next backup at once).
 */
export const RUNTIME_META_KEYS = [HEARTBEAT_KEY, NIGHT_KEY, RUNNING_KEY, LAST_KEY];

/** The archive's name of a table's rows: tables/NN-<table>.ndjson. */
export function tableEntryName(table: TableName): string {
  return `tables/${String(BACKUP_TABLES.indexOf(table) + 1).padStart(2, "0")}-${table}.ndjson`;
}

export type Row = Record<string, string | number | null>;

/**
 * Rows read at a time: an article holds up to 100,000 characters, so a page stays within
 * a few tens of MB even at worst (the admin script's heap is capped: package.json).
 */
const PAGE = 100;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows are read as the archive holds them, whatever the level
type AnyDb = Kysely<any>;

/**
 * The table's rows, page by page in key order (keyset: memory holds one page), as
 * engine-neutral values: integers, reals, strings, null.
 */
export async function* readTableRows(db: AnyDb, table: TableName): AsyncGenerator<Row> {
  const key: readonly string[] = KEYS[table];
  let after: Row | null = null;
  for (;;) {
    let query = db.selectFrom(table).selectAll();
    for (const column of key) query = query.orderBy(column);
    if (after) {
      const last = after;
      query =
        key.length === 1
          ? query.where(key[0]!, ">", last[key[0]!])
          : query.where(({ eb, refTuple, tuple }) =>
              eb(refTuple(key[0]!, key[1]!), ">", tuple(last[key[0]!], last[key[1]!])),
            );
    }
    if (table === "app_meta") query = query.where("key", "not in", RUNTIME_META_KEYS);
    const rows = (await query.limit(PAGE).execute()) as Row[];
    for (const row of rows) yield neutral(row);
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1]!;
  }
}

function neutral(row: Record<string, unknown>): Row {
  const out: Row = {};
  for (const [column, value] of Object.entries(row)) {
    if (value === null || typeof value === "string" || typeof value === "number") {
      out[column] = value;
    } else if (typeof value === "bigint") {
      out[column] = Number(value);
    } else {
      throw new Error(`Valeur non portable dans ${column} : ${typeof value}`);
    }
  }
  return out;
}

/** Inserts rows as the archive holds them, a batch at a time. */
export async function insertRows(db: AnyDb, table: TableName, rows: Row[]): Promise<void> {
  if (rows.length > 0) await db.insertInto(table).values(rows).execute();
}
