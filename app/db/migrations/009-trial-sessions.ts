import type { CreateTableBuilder, Kysely } from "kysely";
import { createTableWithId } from "./id-table";

/*
 * Trial sessions: a visitor books a free trial on one dated session
 * (activity_id + session_date, the template's date: the DatedSession's identity).
 * - schedule_activities gains whether it accepts trials, the trial places per session and
 *   the minimum age (0: none).
 * - trial_bookings: booked, waitlisted or cancelled; the cancel link's token is stored as
 *   its SHA-256 only. Not a content table: no visitor's page shows a booking.
 * - trial_session_locks: one row per session that anyone booked, only to be locked. A
 *   booking, a cancellation and a promotion first write that row, so on PostgreSQL they
 *   take its row lock and on SQLite the write lock, before they count the places: two of
 *   them on one session never count at the same time (app/domains/trials/trial-booking.server.ts).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("schedule_activities")
    .addColumn("trial_enabled", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("schedule_activities")
    .addColumn("trial_places", "integer", (c) => c.notNull().defaultTo(3))
    .execute();
  await db.schema
    .alterTable("schedule_activities")
    .addColumn("trial_min_age", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await addBookingColumns(
    createTableWithId(db, "trial_bookings").addColumn("activity_id", "integer", (c) =>
      c.notNull().references("schedule_activities.id").onDelete("cascade"),
    ),
  ).execute();
  await db.schema
    .createIndex("trial_bookings_session")
    .on("trial_bookings")
    .columns(["activity_id", "session_date", "status"])
    .execute();
  await db.schema
    .createIndex("trial_bookings_email")
    .on("trial_bookings")
    .columns(["email", "session_date"])
    .execute();
  await db.schema
    .createIndex("trial_bookings_date")
    .on("trial_bookings")
    .column("session_date")
    .execute();

  await db.schema
    .createTable("trial_session_locks")
    .addColumn("activity_id", "integer", (c) =>
      c.notNull().references("schedule_activities.id").onDelete("cascade"),
    )
    .addColumn("session_date", "text", (c) => c.notNull())
    .addColumn("locked_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("trial_session_locks_pk", ["activity_id", "session_date"])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("trial_session_locks").execute();
  await db.schema.dropTable("trial_bookings").execute();
  for (const column of ["trial_min_age", "trial_places", "trial_enabled"]) {
    await db.schema.alterTable("schedule_activities").dropColumn(column).execute();
  }
}

/**
 * trial_bookings' columns after activity_id, as this migration made them: migration 015
 * rebuilds the table on SQLite with the same ones.
 */
export function addBookingColumns<TB extends string>(
  table: CreateTableBuilder<TB, string>,
): CreateTableBuilder<TB, string> {
  return table
    .addColumn("session_date", "text", (c) => c.notNull())
    // booked | waitlist | cancelled
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("child_first_name", "text")
    .addColumn("child_birth_year", "integer")
    .addColumn("guardian_name", "text")
    // debutant | deja_pratique
    .addColumn("level", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("cancel_token_hash", "text", (c) => c.notNull().unique())
    // '' | present | absent
    .addColumn("attendance", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("reminder_sent_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("cancelled_at", "text");
}
