import type { Kysely } from "kysely";
import { createTableWithId } from "./id-table";

/*
 * Online membership (docs/decisions/024-membership.md; the research behind it:
 * ../shared/research/membership.md « Proposed design »). Money is in integer cents, days
 * are YYYY-MM-DD (Paris), stamps ISO-8601 UTC. No health document is ever stored: the
 * medical check is dates and who saw it.
 *
 * - membership_seasons: a season's dates, when registration opens and closes, when
 *   renewal opens, the grace date after which members who did not renew are anonymised,
 *   the Pass'Sport amount, the house rules' text (its version is a hash of it), and the
 *   counter of file references (ADH-2026-042), taken by UPDATE … RETURNING.
 * - membership_tariffs: a season's tariffs (practice, birth-year band, club and licence
 *   parts, places, the medical rule and its plain words).
 * - membership_discounts: the n-th member of a household's reduction.
 * - households: who pays (e-mail, phone, address), 1 or 2 legal guardians as JSON.
 * - members: a person, kept across seasons (a renewal finds them again).
 * - membership_files: a household's file for a season: its draft while it is typed (JSON,
 *   resumable from a mailed link), then its reference and the payment the family chose.
 * - registrations: one member in one season (unique), with the price as it was computed,
 *   the reductions, Pass'Sport, waiting list, medical check, licence and consents (JSON:
 *   kind, accepted, text version, when, by whom).
 * - membership_payments: what was promised then handed over (cheque, cash, vouchers,
 *   transfer; card since migration 025), and membership_allocations: each member's share of it.
 * - membership_tokens: the household's links (draft resume, renewal, data download), hashed.
 * - membership_mails: the reminders and mails sent once, claimed by a unique key.
 * - membership_attestations: a member's payment attestation, numbered per season.
 *
 * None is public content: they are in NON_CONTENT_TABLES.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await createTableWithId(db, "membership_seasons")
    .addColumn("label", "text", (c) => c.notNull().unique())
    .addColumn("starts_on", "text", (c) => c.notNull())
    .addColumn("ends_on", "text", (c) => c.notNull())
    .addColumn("registration_opens_on", "text", (c) => c.notNull())
    .addColumn("registration_closes_on", "text", (c) => c.notNull())
    .addColumn("renewal_opens_on", "text")
    .addColumn("grace_until", "text")
    .addColumn("pass_sport_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("house_rules", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("next_reference", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await createTableWithId(db, "membership_tariffs")
    .addColumn("season_id", "integer", (c) =>
      c.notNull().references("membership_seasons.id").onDelete("cascade"),
    )
    .addColumn("label", "text", (c) => c.notNull())
    // loisir | competition | educative | cardio | …
    .addColumn("practice", "text", (c) => c.notNull())
    .addColumn("birth_year_min", "integer")
    .addColumn("birth_year_max", "integer")
    .addColumn("club_cents", "integer", (c) => c.notNull())
    .addColumn("licence_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("includes", "text", (c) => c.notNull().defaultTo(""))
    // Null: no limit.
    .addColumn("places", "integer")
    // certificate | questionnaire
    .addColumn("medical_rule", "text", (c) => c.notNull().defaultTo("certificate"))
    .addColumn("medical_text", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("membership_tariffs_season")
    .on("membership_tariffs")
    .columns(["season_id", "position"])
    .execute();

  await createTableWithId(db, "membership_discounts")
    .addColumn("season_id", "integer", (c) =>
      c.notNull().references("membership_seasons.id").onDelete("cascade"),
    )
    // From this rank in the household on (2 = the second member and the next ones).
    .addColumn("nth_member", "integer", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("label", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .createIndex("membership_discounts_season")
    .unique()
    .on("membership_discounts")
    .columns(["season_id", "nth_member"])
    .execute();

  await createTableWithId(db, "households")
    // Trimmed, lower-case.
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("address", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("postal_code", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("city", "text", (c) => c.notNull().defaultTo(""))
    // JSON: [{ firstName, lastName, relation, phone, email }], 0 to 2.
    .addColumn("guardians", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("renewal_optout_at", "text")
    .addColumn("anonymised_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("households_email").on("households").column("email").execute();

  await createTableWithId(db, "members")
    .addColumn("household_id", "integer", (c) =>
      c.notNull().references("households.id").onDelete("cascade"),
    )
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("birth_date", "text", (c) => c.notNull())
    // F | M
    .addColumn("sex", "text", (c) => c.notNull())
    .addColumn("licence_number", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("anonymised_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("members_household").on("members").column("household_id").execute();

  await createTableWithId(db, "membership_files")
    .addColumn("season_id", "integer", (c) =>
      c.notNull().references("membership_seasons.id").onDelete("cascade"),
    )
    // Null while the draft has not reached the household step.
    .addColumn("household_id", "integer", (c) => c.references("households.id").onDelete("cascade"))
    // ADH-2026-042, set when the file is sent.
    .addColumn("reference", "text", (c) => c.unique())
    // draft | submitted | cancelled
    .addColumn("status", "text", (c) => c.notNull().defaultTo("draft"))
    // JSON: what the family typed so far (app/content/membership-draft.ts).
    .addColumn("draft", "text", (c) => c.notNull().defaultTo("{}"))
    // club | card (HelloAsso, migration 025)
    .addColumn("payment_choice", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("trial_booking_id", "integer", (c) =>
      c.references("trial_bookings.id").onDelete("set null"),
    )
    .addColumn("renewal_of", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("submitted_at", "text")
    .addColumn("paid_at", "text")
    .execute();
  await db.schema
    .createIndex("membership_files_season")
    .on("membership_files")
    .columns(["season_id", "status", "id"])
    .execute();

  await createTableWithId(db, "registrations")
    .addColumn("season_id", "integer", (c) =>
      c.notNull().references("membership_seasons.id").onDelete("cascade"),
    )
    .addColumn("file_id", "integer", (c) =>
      c.notNull().references("membership_files.id").onDelete("cascade"),
    )
    .addColumn("member_id", "integer", (c) =>
      c.notNull().references("members.id").onDelete("cascade"),
    )
    .addColumn("tariff_id", "integer", (c) =>
      c.notNull().references("membership_tariffs.id").onDelete("restrict"),
    )
    // The member's rank in the household's file (1, 2, …): the n-th member's reduction.
    .addColumn("rank", "integer", (c) => c.notNull())
    // active | waiting | cancelled
    .addColumn("status", "text", (c) => c.notNull().defaultTo("active"))
    .addColumn("club_cents", "integer", (c) => c.notNull())
    .addColumn("licence_cents", "integer", (c) => c.notNull())
    .addColumn("household_discount_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("manual_discount_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("manual_discount_reason", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("pass_sport_code", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("pass_sport_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("pass_sport_checked_at", "text")
    .addColumn("pass_sport_checked_by", "text", (c) => c.notNull().defaultTo(""))
    // certificate | questionnaire
    .addColumn("medical_kind", "text", (c) => c.notNull().defaultTo("certificate"))
    .addColumn("certificate_date", "text")
    .addColumn("medical_seen_at", "text")
    .addColumn("medical_seen_by", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("licence_taken_at", "text")
    // JSON: [{ kind, accepted, version, at, by }]
    .addColumn("consents", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("registrations_season_member")
    .unique()
    .on("registrations")
    .columns(["season_id", "member_id"])
    .execute();
  await db.schema.createIndex("registrations_file").on("registrations").column("file_id").execute();
  await db.schema
    .createIndex("registrations_tariff")
    .on("registrations")
    .columns(["tariff_id", "status"])
    .execute();

  await createTableWithId(db, "membership_payments")
    .addColumn("file_id", "integer", (c) =>
      c.notNull().references("membership_files.id").onDelete("restrict"),
    )
    // cheque | cash | cheque_vacances | coupon_sport | transfer | card
    .addColumn("method", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    // expected | received | deposited | cancelled | refunded
    .addColumn("status", "text", (c) => c.notNull().defaultTo("expected"))
    // YYYY-MM: the month a cheque is to be cashed.
    .addColumn("due_month", "text")
    .addColumn("cheque_number", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("bank", "text", (c) => c.notNull().defaultTo(""))
    // Vouchers' numbers, a transfer's label, a card order's id.
    .addColumn("reference", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("received_at", "text")
    .addColumn("received_by", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("deposited_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("membership_payments_file")
    .on("membership_payments")
    .column("file_id")
    .execute();
  await db.schema
    .createIndex("membership_payments_due")
    .on("membership_payments")
    .columns(["method", "status", "due_month"])
    .execute();

  await createTableWithId(db, "membership_allocations")
    .addColumn("payment_id", "integer", (c) =>
      c.notNull().references("membership_payments.id").onDelete("cascade"),
    )
    .addColumn("registration_id", "integer", (c) =>
      c.notNull().references("registrations.id").onDelete("cascade"),
    )
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("membership_allocations_payment")
    .unique()
    .on("membership_allocations")
    .columns(["payment_id", "registration_id"])
    .execute();
  await db.schema
    .createIndex("membership_allocations_registration")
    .on("membership_allocations")
    .column("registration_id")
    .execute();

  await createTableWithId(db, "membership_tokens")
    .addColumn("household_id", "integer", (c) => c.references("households.id").onDelete("cascade"))
    .addColumn("file_id", "integer", (c) => c.references("membership_files.id").onDelete("cascade"))
    // draft | renewal | household
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();

  await createTableWithId(db, "membership_mails")
    // e.g. "payment-7d:42", "certificate:42:1", "draft:42", "renewal:3:17", "attestation:9"
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("sent_at", "text", (c) => c.notNull())
    .execute();

  await createTableWithId(db, "membership_attestations")
    .addColumn("registration_id", "integer", (c) =>
      c.notNull().unique().references("registrations.id").onDelete("cascade"),
    )
    .addColumn("number", "text", (c) => c.notNull().unique())
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("issued_at", "text", (c) => c.notNull())
    .execute();

  // An install already running keeps its site as it was: no example season is seeded
  // there (the seed's marker is set; the club creates its own season).
  const seeded = await db
    .selectFrom("app_meta")
    .select("key")
    .where("key", "=", "seed:settings")
    .executeTakeFirst();
  if (seeded) {
    await db
      .insertInto("app_meta")
      .values({ key: "seed:membership", value: new Date().toISOString() })
      .execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as up
export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom("app_meta").where("key", "=", "seed:membership").execute();
  for (const table of [
    "membership_attestations",
    "membership_mails",
    "membership_tokens",
    "membership_allocations",
    "membership_payments",
    "registrations",
    "membership_files",
    "members",
    "households",
    "membership_discounts",
    "membership_tariffs",
    "membership_seasons",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
