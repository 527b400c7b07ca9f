/*
 * A household's submitted membership file as the submit writes it
 * (docs/decisions/024-membership.md): the household, its members, the file with its
 * reference, one registration per member priced by priceFile(), and payments with their
 * allocations split by allocate(). The tests and the bench's generator
 * (scripts/bench/membership-seed.ts) share it (tests/membership-files.ts is the desk tests' richer builder, on getDb()); it takes the database to write to.
 */
import type { Kysely } from "kysely";
import { fileReference, priceFile, type PriceTariff } from "~/domains/membership/membership-price";
import { allocate } from "~/core/money";
import type { Database } from "~/db/schema";

export type FileMember = {
  firstName: string;
  lastName: string;
  birthDate: string;
  sex: "F" | "M";
  tariff: PriceTariff;
  licenceNumber?: string;
  passSport?: boolean;
  /** active unless told. */
  status?: "active" | "waiting" | "cancelled";
};

export type FilePayment = {
  method: string;
  amountCents: number;
  /** received unless told. */
  status?: "expected" | "received" | "deposited" | "cancelled" | "refunded";
  chequeNumber?: string;
  bank?: string;
  dueMonth?: string | null;
  receivedAt?: string | null;
  depositedAt?: string | null;
};

export type FileInput = {
  season: { id: number; starts_on: string; pass_sport_cents: number };
  discounts: readonly { nthMember: number; amountCents: number }[];
  /** Its reference; else the season's next one (ADH-YYYY-NNN). */
  reference?: string;
  household: {
    email: string;
    phone?: string;
    address?: string;
    postalCode?: string;
    city?: string;
  };
  members: readonly FileMember[];
  payments?: readonly FilePayment[];
  stamp?: string;
};

export async function addFile(db: Kysely<Database>, input: FileInput) {
  const stamp = input.stamp ?? new Date().toISOString();
  const household = await db
    .insertInto("households")
    .values({
      email: input.household.email,
      phone: input.household.phone ?? "",
      address: input.household.address ?? "",
      postal_code: input.household.postalCode ?? "",
      city: input.household.city ?? "",
      guardians: "[]",
      created_at: stamp,
      updated_at: stamp,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // The season's next reference, as takeFileReference takes it (on this database).
  const counter = await db
    .updateTable("membership_seasons")
    .set((eb) => ({ next_reference: eb("next_reference", "+", 1) }))
    .where("id", "=", input.season.id)
    .returning("next_reference")
    .executeTakeFirstOrThrow();
  const reference =
    input.reference ??
    fileReference(Number(input.season.starts_on.slice(0, 4)), counter.next_reference);
  const file = await db
    .insertInto("membership_files")
    .values({
      season_id: input.season.id,
      household_id: household.id,
      reference,
      status: "submitted",
      draft: "{}",
      payment_choice: "club",
      created_at: stamp,
      updated_at: stamp,
      submitted_at: stamp,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const price = priceFile(
    input.members.map((member) => ({
      tariff: member.tariff,
      passSport: member.passSport ?? false,
    })),
    { passSportCents: input.season.pass_sport_cents, discounts: input.discounts },
  );
  const registrations: { id: number; owed: number; status: string }[] = [];
  for (const [index, member] of input.members.entries()) {
    const line = price.members[index]!;
    const row = await db
      .insertInto("members")
      .values({
        household_id: household.id,
        first_name: member.firstName,
        last_name: member.lastName,
        birth_date: member.birthDate,
        sex: member.sex,
        licence_number: member.licenceNumber ?? "",
        created_at: stamp,
        updated_at: stamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const status = member.status ?? "active";
    const registration = await db
      .insertInto("registrations")
      .values({
        season_id: input.season.id,
        file_id: file.id,
        member_id: row.id,
        tariff_id: member.tariff.id,
        rank: line.rank,
        status,
        club_cents: line.clubCents,
        licence_cents: line.licenceCents,
        household_discount_cents: line.householdDiscountCents,
        manual_discount_cents: 0,
        manual_discount_reason: "",
        pass_sport_code: member.passSport ? `PS-${row.id}` : "",
        pass_sport_cents: line.passSportCents,
        pass_sport_checked_by: "",
        medical_kind: "certificate",
        medical_seen_by: "",
        consents: "[]",
        created_at: stamp,
        updated_at: stamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    registrations.push({ id: registration.id, owed: line.totalCents, status });
  }
  const active = registrations.filter((registration) => registration.status === "active");
  for (const payment of input.payments ?? []) {
    const status = payment.status ?? "received";
    const row = await db
      .insertInto("membership_payments")
      .values({
        file_id: file.id,
        method: payment.method,
        amount_cents: payment.amountCents,
        status,
        due_month: payment.dueMonth ?? null,
        cheque_number: payment.chequeNumber ?? "",
        bank: payment.bank ?? "",
        reference: "",
        received_at:
          payment.receivedAt !== undefined
            ? payment.receivedAt
            : status === "expected"
              ? null
              : stamp,
        received_by: status === "expected" ? "" : "tresorier",
        deposited_at: payment.depositedAt ?? null,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const shares = allocate(
      payment.amountCents,
      active.map((registration) => registration.owed),
    );
    for (const [index, registration] of active.entries()) {
      await db
        .insertInto("membership_allocations")
        .values({
          payment_id: row.id,
          registration_id: registration.id,
          amount_cents: shares[index]!,
        })
        .execute();
    }
  }
  return { householdId: household.id, fileId: file.id, reference, price, registrations };
}
