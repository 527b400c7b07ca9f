import { priceFile } from "../../app/domains/membership/membership-price";
import { allocate, splitInstalments } from "../../app/core/money";
import { db } from "./e2e-data";

/*
 * A submitted membership file in the e2e server's database, written as the contract says
 * the public form writes it (tests/membership-files.ts does the same for vitest): two
 * children of the season open today (the fresh install's seed), three expected cheques.
 */

type Tariff = {
  id: number;
  label: string;
  birth_year_min: number | null;
  birth_year_max: number | null;
  club_cents: number;
  licence_cents: number;
  medical_rule: string;
  practice: string;
};

/** `months`: the three cheques' months to cash (by default September to November). */
export function insertTwoChildrenFile(lastName: string, { months }: { months?: string[] } = {}) {
  const today = new Date().toISOString().slice(0, 10);
  const now = new Date().toISOString();
  const season = db()
    .prepare(
      `select id, starts_on, pass_sport_cents from membership_seasons
        where registration_opens_on <= ? and registration_closes_on >= ?
        order by starts_on desc, id desc limit 1`,
    )
    .get(today, today) as { id: number; starts_on: string; pass_sport_cents: number };
  const start = Number(season.starts_on.slice(0, 4));
  const tariffs = db()
    .prepare("select * from membership_tariffs where season_id = ? order by position, id")
    .all(season.id) as Tariff[];
  const fits = (year: number, practice: string) =>
    tariffs.find(
      (t) =>
        t.practice === practice &&
        (t.birth_year_min === null || year >= t.birth_year_min) &&
        (t.birth_year_max === null || year <= t.birth_year_max),
    )!;
  const children = [
    {
      firstName: "Léa",
      birthDate: `${start - 8}-03-14`,
      sex: "F",
      tariff: fits(start - 8, "educative"),
    },
    {
      firstName: "Hugo",
      birthDate: `${start - 14}-11-02`,
      sex: "M",
      tariff: fits(start - 14, "loisir"),
    },
  ];
  const discounts = (
    db()
      .prepare("select nth_member, amount_cents from membership_discounts where season_id = ?")
      .all(season.id) as { nth_member: number; amount_cents: number }[]
  ).map((d) => ({ nthMember: d.nth_member, amountCents: d.amount_cents }));
  const price = priceFile(
    children.map((c) => ({
      tariff: {
        id: c.tariff.id,
        practice: c.tariff.practice,
        birthYearMin: c.tariff.birth_year_min,
        birthYearMax: c.tariff.birth_year_max,
        clubCents: c.tariff.club_cents,
        licenceCents: c.tariff.licence_cents,
      },
      passSport: false,
    })),
    { passSportCents: season.pass_sport_cents, discounts },
  );
  const email = `${lastName.toLowerCase()}@example.org`;
  const insert = db().transaction(() => {
    const household = db()
      .prepare(
        `insert into households (email, phone, address, postal_code, city, guardians, created_at, updated_at)
         values (?, '06 12 34 56 78', '12 rue des Lilas', '69003', 'Lyon', ?, ?, ?) returning id`,
      )
      .get(
        email,
        JSON.stringify([
          { firstName: "Claire", lastName, relation: "mère", phone: "06 12 34 56 78", email },
        ]),
        now,
        now,
      ) as { id: number };
    const number = (
      db()
        .prepare(
          "update membership_seasons set next_reference = next_reference + 1 where id = ? returning next_reference",
        )
        .get(season.id) as { next_reference: number }
    ).next_reference;
    const reference = `ADH-${start}-${String(number).padStart(3, "0")}`;
    const file = db()
      .prepare(
        `insert into membership_files (season_id, household_id, reference, status, draft, payment_choice, created_at, updated_at, submitted_at)
         values (?, ?, ?, 'submitted', '{}', 'club', ?, ?, ?) returning id`,
      )
      .get(season.id, household.id, reference, now, now, now) as { id: number };
    const registrationIds = children.map((child, index) => {
      const member = db()
        .prepare(
          `insert into members (household_id, first_name, last_name, birth_date, sex, licence_number, created_at, updated_at)
           values (?, ?, ?, ?, ?, '', ?, ?) returning id`,
        )
        .get(household.id, child.firstName, lastName, child.birthDate, child.sex, now, now) as {
        id: number;
      };
      const line = price.members[index]!;
      const consents = ["reglement", "autorisation_parentale", "soins_urgence"].map((kind) => ({
        kind,
        accepted: true,
        version: "0123456789ab",
        at: now,
        by: email,
      }));
      return (
        db()
          .prepare(
            `insert into registrations (season_id, file_id, member_id, tariff_id, rank, status, club_cents, licence_cents,
               household_discount_cents, manual_discount_cents, manual_discount_reason, pass_sport_code, pass_sport_cents,
               pass_sport_checked_by, medical_kind, medical_seen_by, consents, created_at, updated_at)
             values (?, ?, ?, ?, ?, 'active', ?, ?, ?, 0, '', '', 0, '', ?, '', ?, ?, ?) returning id`,
          )
          .get(
            season.id,
            file.id,
            member.id,
            child.tariff.id,
            index + 1,
            line.clubCents,
            line.licenceCents,
            line.householdDiscountCents,
            child.tariff.medical_rule,
            JSON.stringify(consents),
            now,
            now,
          ) as { id: number }
      ).id;
    });
    const owed = price.members.map((m) => m.totalCents);
    const due = months ?? [0, 1, 2].map((i) => `${start}-${String(9 + i).padStart(2, "0")}`);
    splitInstalments(price.totalCents, 3).forEach((amount, i) => {
      const payment = db()
        .prepare(
          `insert into membership_payments (file_id, method, amount_cents, status, due_month, cheque_number, bank, reference,
             received_by, created_at, updated_at) values (?, 'cheque', ?, 'expected', ?, '', '', '', '', ?, ?) returning id`,
        )
        .get(file.id, amount, due[i], now, now) as { id: number };
      allocate(amount, owed).forEach((cents, r) => {
        db()
          .prepare(
            "insert into membership_allocations (payment_id, registration_id, amount_cents) values (?, ?, ?)",
          )
          .run(payment.id, registrationIds[r], cents);
      });
    });
    return { fileId: file.id, reference, registrationIds, totalCents: price.totalCents };
  });
  return insert();
}
