/*
 * Test data for the desk: a SUBMITTED file written straight into the tables
 * exactly as the public form's submit writes it (household, members, one
 * registration per member with priceFile's amounts and consents, the expected payments
 * and their allocations over the active registrations).
 */
import { createHash } from "node:crypto";
import { CONSENTS, type ConsentKind, type StoredConsent } from "~/domains/membership/membership";
import { isMinorOn, priceFile } from "~/domains/membership/membership-price";
import { allocate, splitInstalments } from "~/core/money";
import { getDb } from "~/db/client.server";
import type { SeasonRow, TariffRow } from "~/domains/membership/season.server";
import {
  priceTariff,
  seasonDiscounts,
  takeFileReference,
} from "~/domains/membership/season.server";
import { registrationOwed } from "~/domains/membership/file-balance.server";
import { createSeason } from "./membership";

export type FileMember = {
  firstName: string;
  lastName: string;
  birthDate: string;
  sex?: "F" | "M";
  tariff: TariffRow;
  passSportCode?: string;
  /** Forced "waiting" (else the tariff's places decide, as the public form does). */
  waiting?: boolean;
  /** Consents left out (a minor without authorisation). */
  without?: ConsentKind[];
};

export type FilePayment =
  | { method: "cheque"; months: string[] }
  | { method: "cash" | "cheque_vacances" | "coupon_sport" | "transfer" };

let counter = 0;

function version(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 12);
}

/** The season's next reference; test seasons share their year, so one taken is skipped. */
async function freeReference(seasonId: number): Promise<string> {
  for (;;) {
    const reference = await takeFileReference(seasonId);
    const taken = await getDb()
      .selectFrom("membership_files")
      .select("id")
      .where("reference", "=", reference)
      .executeTakeFirst();
    if (!taken) return reference;
  }
}

export async function createSubmittedFile({
  season,
  members,
  payment = { method: "cheque", months: [season.starts_on.slice(0, 7)] },
  email,
  status = "submitted",
}: {
  season: SeasonRow;
  members: FileMember[];
  payment?: FilePayment | null;
  email?: string;
  status?: "submitted" | "draft";
}) {
  const db = getDb();
  const n = ++counter;
  const stamp = new Date().toISOString();
  const household = await db
    .insertInto("households")
    .values({
      email: email ?? `famille${n}@example.org`,
      phone: "06 12 34 56 78",
      address: "12 rue des Lilas",
      postal_code: "69003",
      city: "Lyon",
      guardians: JSON.stringify(
        members.some((m) => isMinorOn(m.birthDate, season.starts_on))
          ? [
              {
                firstName: "Claire",
                lastName: members[0]!.lastName,
                relation: "mère",
                phone: "06 12 34 56 78",
                email: email ?? `famille${n}@example.org`,
              },
            ]
          : [],
      ),
      created_at: stamp,
      updated_at: stamp,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const price = priceFile(
    members.map((m) => ({ tariff: priceTariff(m.tariff), passSport: Boolean(m.passSportCode) })),
    { passSportCents: season.pass_sport_cents, discounts: await seasonDiscounts(season.id) },
  );
  const file = await db
    .insertInto("membership_files")
    .values({
      season_id: season.id,
      household_id: household.id,
      reference: status === "submitted" ? await freeReference(season.id) : null,
      status,
      payment_choice: "club",
      created_at: stamp,
      updated_at: stamp,
      submitted_at: status === "submitted" ? stamp : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const registrations = [];
  for (const [index, member] of members.entries()) {
    const line = price.members[index]!;
    const row = await db
      .insertInto("members")
      .values({
        household_id: household.id,
        first_name: member.firstName,
        last_name: member.lastName,
        birth_date: member.birthDate,
        sex: member.sex ?? "M",
        created_at: stamp,
        updated_at: stamp,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const minor = isMinorOn(member.birthDate, season.starts_on);
    const consents: StoredConsent[] = (Object.keys(CONSENTS) as ConsentKind[])
      .filter((kind) => (minor || !CONSENTS[kind].minor) && !member.without?.includes(kind))
      .map((kind) => ({
        kind,
        accepted: true,
        version: version(kind === "reglement" ? season.house_rules : CONSENTS[kind].label),
        at: stamp,
        by: email ?? `famille${n}@example.org`,
      }));
    let waiting = member.waiting ?? false;
    if (!waiting && member.tariff.places !== null) {
      const taken = await db
        .selectFrom("registrations")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("tariff_id", "=", member.tariff.id)
        .where("status", "=", "active")
        .executeTakeFirstOrThrow();
      waiting = Number(taken.n) >= member.tariff.places;
    }
    registrations.push(
      await db
        .insertInto("registrations")
        .values({
          season_id: season.id,
          file_id: file.id,
          member_id: row.id,
          tariff_id: member.tariff.id,
          rank: index + 1,
          status: waiting ? "waiting" : "active",
          club_cents: line.clubCents,
          licence_cents: line.licenceCents,
          household_discount_cents: line.householdDiscountCents,
          manual_discount_cents: 0,
          pass_sport_code: member.passSportCode ?? "",
          pass_sport_cents: line.passSportCents,
          medical_kind: member.tariff.medical_rule,
          consents: JSON.stringify(consents),
          created_at: stamp,
          updated_at: stamp,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
  }
  const active = registrations.filter((r) => r.status === "active");
  const owed = active.map(registrationOwed);
  const total = owed.reduce((sum, cents) => sum + cents, 0);
  const payments = [];
  if (payment && status === "submitted" && total > 0) {
    const amounts =
      payment.method === "cheque" ? splitInstalments(total, payment.months.length) : [total];
    for (const [index, amount] of amounts.entries()) {
      const row = await db
        .insertInto("membership_payments")
        .values({
          file_id: file.id,
          method: payment.method,
          amount_cents: amount,
          status: "expected",
          due_month: payment.method === "cheque" ? payment.months[index]! : null,
          created_at: stamp,
          updated_at: stamp,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const shares = allocate(amount, owed);
      await db
        .insertInto("membership_allocations")
        .values(
          active.map((registration, i) => ({
            payment_id: row.id,
            registration_id: registration.id,
            amount_cents: shares[i]!,
          })),
        )
        .execute();
      payments.push(row);
    }
  }
  return { household, file, registrations, payments, totalCents: total };
}

/**
 * The desk tests' family, in a season of its own: Léa (8, Pass'Sport) and Hugo (14)
 * Martin, paying in three cheques from September.
 */
export async function createMartinFile() {
  const { season, tariffs } = await createSeason();
  const start = Number(season.starts_on.slice(0, 4));
  const made = await createSubmittedFile({
    season,
    members: [
      {
        firstName: "Léa",
        lastName: "Martin",
        birthDate: `${start - 8}-03-14`,
        sex: "F",
        tariff: tariffs[0]!,
        passSportCode: "PS-1",
      },
      {
        firstName: "Hugo",
        lastName: "Martin",
        birthDate: `${start - 14}-11-02`,
        tariff: tariffs[1]!,
      },
    ],
    payment: { method: "cheque", months: [`${start}-09`, `${start}-10`, `${start}-11`] },
  });
  return { season, tariffs, ...made };
}
