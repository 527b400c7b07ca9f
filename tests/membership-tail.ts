/*
 * Test data for the membership's tail (attestations, reminders, renewal, retention): a
 * household's file written straight into the tables the way the public form and the desk
 * write it (docs/decisions/024-membership.md), so these tests need neither.
 */
import { getDb } from "~/db/client.server";
import { createSeason } from "./membership";

type Season = Awaited<ReturnType<typeof createSeason>>;

let counter = 0;

export interface MemberSpec {
  firstName?: string;
  lastName?: string;
  birthDate?: string;
  sex?: "F" | "M";
  /** Index in the season's tariffs (sorted by position); the adult loisir one by default. */
  tariff?: number;
  status?: "active" | "waiting" | "cancelled";
  medicalKind?: "certificate" | "questionnaire";
  certificateSeen?: boolean;
}

export interface FileSpec {
  email?: string;
  status?: "draft" | "submitted" | "cancelled";
  members?: MemberSpec[];
  /** Paid: one "received" cash payment covering what is owed, paid_at set. */
  paid?: boolean;
  /** An "expected" cheque for what is owed. */
  pending?: boolean;
  createdAt?: string;
  submittedAt?: string;
  householdId?: number;
}

/** A household's file in `season`: the household, its members, registrations and payments. */
export async function createFile(fixture: Season, spec: FileSpec = {}) {
  const db = getDb();
  const n = ++counter;
  const stamp = spec.createdAt ?? new Date().toISOString();
  const status = spec.status ?? "submitted";
  const householdId =
    spec.householdId ??
    (
      await db
        .insertInto("households")
        .values({
          email: spec.email ?? `famille${n}@example.org`,
          phone: "06 11 22 33 44",
          address: `${n} rue des Lilas`,
          postal_code: "69330",
          city: "Meyzieu",
          guardians: JSON.stringify([{ firstName: "Claire", lastName: `Famille${n}` }]),
          created_at: stamp,
          updated_at: stamp,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const file = await db
    .insertInto("membership_files")
    .values({
      season_id: fixture.season.id,
      household_id: householdId,
      reference: status === "draft" ? null : `ADH-${fixture.season.starts_on.slice(0, 4)}-${n}`,
      status,
      draft: "{}",
      payment_choice: status === "draft" ? "" : "club",
      created_at: stamp,
      updated_at: stamp,
      submitted_at: status === "draft" ? null : (spec.submittedAt ?? stamp),
      paid_at: spec.paid ? stamp : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const registrations = [];
  if (status !== "draft") {
    for (const [index, member] of (spec.members ?? [{}]).entries()) {
      const tariff = fixture.tariffs[member.tariff ?? 2]!;
      const memberRow = await db
        .insertInto("members")
        .values({
          household_id: householdId,
          first_name: member.firstName ?? `Prénom${n}-${index + 1}`,
          last_name: member.lastName ?? `Famille${n}`,
          birth_date: member.birthDate ?? "1990-05-17",
          sex: member.sex ?? "F",
          licence_number: `L${n}${index}`,
          created_at: stamp,
          updated_at: stamp,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const registration = await db
        .insertInto("registrations")
        .values({
          season_id: fixture.season.id,
          file_id: file.id,
          member_id: memberRow.id,
          tariff_id: tariff.id,
          rank: index + 1,
          status: member.status ?? "active",
          club_cents: tariff.club_cents,
          licence_cents: tariff.licence_cents,
          household_discount_cents: index > 0 ? 2000 : 0,
          medical_kind: member.medicalKind ?? "certificate",
          certificate_date: member.certificateSeen ? fixture.season.starts_on : null,
          medical_seen_at: member.certificateSeen ? stamp : null,
          created_at: stamp,
          updated_at: stamp,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      registrations.push({ member: memberRow, registration });
    }
  }
  const owed = registrations.map(({ registration: r }) =>
    r.status === "active" ? r.club_cents + r.licence_cents - (r.household_discount_cents ?? 0) : 0,
  );
  const total = owed.reduce((sum, cents) => sum + cents, 0);
  if ((spec.paid || spec.pending) && total > 0) {
    const payment = await db
      .insertInto("membership_payments")
      .values({
        file_id: file.id,
        method: spec.paid ? "cash" : "cheque",
        amount_cents: total,
        status: spec.paid ? "received" : "expected",
        received_at: spec.paid ? stamp : null,
        received_by: spec.paid ? "tresorier" : "",
        created_at: stamp,
        updated_at: stamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const [index, { registration }] of registrations.entries()) {
      if (owed[index] === 0) continue;
      await db
        .insertInto("membership_allocations")
        .values({
          payment_id: payment.id,
          registration_id: registration.id,
          amount_cents: owed[index]!,
        })
        .execute();
    }
  }
  return { householdId, file, registrations, owed };
}

export async function resetMembershipData(): Promise<void> {
  const db = getDb();
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
    "mail_outbox",
  ] as const) {
    await db.deleteFrom(table).execute();
  }
}

export { createSeason };
