import type { Kysely } from "kysely";

/*
 * A session's stage follows its person's roles for its whole life
 * (docs/decisions/018-two-factor-sign-in.md): `sessions.second_factor` says whether the
 * session proved a second factor (a code at sign-in, a recovery code, or an enrolment
 * confirmed in it), 0/1. A full session without it is served only while none of its
 * person's roles requires the factor.
 *
 * The sessions already open: a full session of someone with a confirmed factor went
 * through the code step (or enrolled in it), so it keeps being served; the others start
 * at 0, which sends an admin or a treasurer still signed in without a factor back
 * through sign-in.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("sessions")
    .addColumn("second_factor", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .updateTable("sessions")
    .set({ second_factor: 1 })
    .where("pending", "=", "")
    .where(
      "user_id",
      "in",
      db.selectFrom("users").select("id").where("totp_enabled_at", "is not", null),
    )
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sessions").dropColumn("second_factor").execute();
}
