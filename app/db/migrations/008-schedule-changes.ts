import type { Kysely } from "kysely";
import { addContentTableTriggers } from "./006-table-versions";
import { createTableWithId } from "./id-table";

/*
 * Timetable changes: the dated exceptions to the weekly template, edited in the
 * schedule screen's "Changements" tab (app/domains/schedule/dated-sessions.ts reads them).
 * - cancel: one session of an activity (activity_id, date), with a reason;
 * - move: one session (activity_id, date) to new_date, new_start–new_end, with a reason;
 * - closure: every session from from_date to to_date, with a label ("Vacances de Noël").
 * `note` holds the reason or the label. A content table: the public pages read it.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, "schedule_changes")
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("activity_id", "integer", (c) =>
      c.references("schedule_activities.id").onDelete("cascade"),
    )
    .addColumn("date", "text")
    .addColumn("new_date", "text")
    .addColumn("new_start", "text")
    .addColumn("new_end", "text")
    .addColumn("from_date", "text")
    .addColumn("to_date", "text")
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  // One change per session: a second cancel or move of the same session is refused.
  await db.schema
    .createIndex("schedule_changes_session")
    .on("schedule_changes")
    .columns(["activity_id", "date"])
    .unique()
    .execute();
  await addContentTableTriggers(db, "schedule_changes");
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("schedule_changes").execute();
  await (db as Kysely<{ app_meta: { key: string } }>)
    .deleteFrom("app_meta")
    .where("key", "=", "content_version:schedule_changes")
    .execute();
}
