import { sql, type Kysely } from "kysely";
import { isPostgres } from "../client.server";
import { addBookingColumns } from "./009-trial-sessions";

/*
 * A trial booking keeps its session as the family was told it, and outlives its activity.
 * - activity_title, on_date, on_start, on_end: the activity's title and where and when the
 *   session takes place, written at booking time and by each notice that moves or cancels
 *   it (app/domains/trials/trial-notices.server.ts). Essais shows a past session at the time it
 *   ran, and a deleted activity's bookings under its title.
 * - cancel_note: the club's reason when it cancelled the session ("le cours n'est plus
 *   proposé").
 * - activity_id becomes nullable, ON DELETE SET NULL (it cascaded: deleting an activity
 *   deleted its bookings). SQLite cannot alter a foreign key: the table is rebuilt, its
 *   rows, ids and indexes kept.
 * Existing rows get the activity's current title and times, or those of a move stored
 * for their session.
 */

const INDEXES: [name: string, columns: string[]][] = [
  ["trial_bookings_session", ["activity_id", "session_date", "status"]],
  ["trial_bookings_email", ["email", "session_date"]],
  ["trial_bookings_date", ["session_date"]],
  ["trial_bookings_status_date", ["status", "session_date"]],
];

const OLD_COLUMNS = [
  "id",
  "activity_id",
  "session_date",
  "status",
  "first_name",
  "last_name",
  "email",
  "phone",
  "child_first_name",
  "child_birth_year",
  "guardian_name",
  "level",
  "message",
  "cancel_token_hash",
  "attendance",
  "reminder_sent_at",
  "created_at",
  "updated_at",
  "cancelled_at",
];

const NEW_COLUMNS = ["activity_title", "on_date", "on_start", "on_end", "cancel_note"];

/** SQLite: trial_bookings again, with its activity_id as `onDelete` says, rows and ids kept. */
async function rebuildOnSqlite(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  db: Kysely<any>,
  { onDelete, withNewColumns }: { onDelete: "set null" | "cascade"; withNewColumns: boolean },
): Promise<void> {
  let table = addBookingColumns(
    db.schema
      .createTable("trial_bookings_rebuilt")
      .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      .addColumn("activity_id", "integer", (c) => {
        const column = c.references("schedule_activities.id").onDelete(onDelete);
        return onDelete === "cascade" ? column.notNull() : column;
      }),
  );
  if (withNewColumns) {
    for (const column of NEW_COLUMNS) {
      table = table.addColumn(column, "text", (c) => c.notNull().defaultTo(""));
    }
  }
  await table.execute();
  const columns = sql.join(OLD_COLUMNS.map((column) => sql.ref(column)));
  // Going back (down) drops the bookings that lost their activity: the old table needs one.
  const kept = onDelete === "cascade" ? sql`where activity_id is not null` : sql``;
  await sql`insert into trial_bookings_rebuilt (${columns}) select ${columns} from trial_bookings ${kept}`.execute(
    db,
  );
  // The id sequence goes on where it was: a deleted booking's id is never given again.
  const sequence = await sql<{ seq: number }>`
    select seq from sqlite_sequence where name = 'trial_bookings'`.execute(db);
  await db.schema.dropTable("trial_bookings").execute();
  await sql`alter table trial_bookings_rebuilt rename to trial_bookings`.execute(db);
  const seq = sequence.rows[0]?.seq;
  if (seq !== undefined) {
    await sql`update sqlite_sequence set seq = max(seq, ${seq}) where name = 'trial_bookings'`.execute(
      db,
    );
  }
  for (const [name, on] of INDEXES) {
    await db.schema.createIndex(name).on("trial_bookings").columns(on).execute();
  }
}

/** PostgreSQL: the foreign key of activity_id replaced by one that does `onDelete`. */
async function replaceForeignKeyOnPostgres(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  db: Kysely<any>,
  onDelete: "set null" | "cascade",
): Promise<void> {
  const found = await sql<{ name: string }>`
    select conname as name from pg_constraint
    where conrelid = 'trial_bookings'::regclass and contype = 'f'
      and confrelid = 'schedule_activities'::regclass`.execute(db);
  for (const { name } of found.rows) {
    await db.schema.alterTable("trial_bookings").dropConstraint(name).execute();
  }
  await db.schema
    .alterTable("trial_bookings")
    .addForeignKeyConstraint(
      "trial_bookings_activity_id_fkey",
      ["activity_id"],
      "schedule_activities",
      ["id"],
      (constraint) => constraint.onDelete(onDelete),
    )
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const column of NEW_COLUMNS) {
      await db.schema
        .alterTable("trial_bookings")
        .addColumn(column, "text", (c) => c.notNull().defaultTo(""))
        .execute();
    }
    await sql`alter table trial_bookings alter column activity_id drop not null`.execute(db);
    await replaceForeignKeyOnPostgres(db, "set null");
  } else {
    await rebuildOnSqlite(db, { onDelete: "set null", withNewColumns: true });
  }

  // The session as it stands for the rows already there: the template's, or a move's.
  const activity = (column: string) =>
    sql`coalesce((select ${sql.ref(column)} from schedule_activities a
      where a.id = trial_bookings.activity_id), '')`;
  await sql`update trial_bookings set
      activity_title = ${activity("title")},
      on_date = session_date,
      on_start = ${activity("start_time")},
      on_end = ${activity("end_time")}`.execute(db);
  const move = (column: string) =>
    sql`(select ${sql.ref(column)} from schedule_changes c
      where c.kind = 'move' and c.activity_id = trial_bookings.activity_id
        and c.date = trial_bookings.session_date
      order by c.id desc limit 1)`;
  await sql`update trial_bookings set
      on_date = ${move("new_date")},
      on_start = ${move("new_start")},
      on_end = ${move("new_end")}
    where exists ${move("id")}`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await db.deleteFrom("trial_bookings").where("activity_id", "is", null).execute();
    await replaceForeignKeyOnPostgres(db, "cascade");
    await sql`alter table trial_bookings alter column activity_id set not null`.execute(db);
    for (const column of NEW_COLUMNS) {
      await db.schema.alterTable("trial_bookings").dropColumn(column).execute();
    }
    return;
  }
  await rebuildOnSqlite(db, { onDelete: "cascade", withNewColumns: false });
}
