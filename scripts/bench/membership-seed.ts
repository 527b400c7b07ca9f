/*
 * The membership at scale (npm run bench -- --membership): three seasons (the
 * one open today and the two before it), each with five tariffs and the 2nd-member
 * reduction, and MEMBERS_PER_SEASON members a season in households of one to three:
 * their submitted files, registrations priced by priceFile(), payments (one to three
 * cheques, cash, vouchers or a transfer; received, deposited or still expected) and their
 * allocations, as the submitted file writes them (tests/membership-file-rows.ts).
 * A fixed pseudo-random sequence, so SQLite and PostgreSQL get the same rows; one
 * transaction per season. Other tests may call it with a smaller count.
 */
import type { Kysely } from "kysely";
import { MAX_CHEQUES } from "~/domains/membership/membership";
import { type PriceTariff } from "~/domains/membership/membership-price";
import { splitInstalments } from "~/core/money";
import { SEED_TARIFFS } from "~/domains/membership/seed-membership";
import type { Database } from "~/db/schema";
import { sequence } from "./sequence";
import { addFile, type FileMember, type FilePayment } from "../../tests/membership-file-rows";

export const MEMBERSHIP_SCALE = { seasons: 3, membersPerSeason: 1000 } as const;

const LAST_NAMES = [
  "Martin",
  "Bernard",
  "Dubois",
  "Thomas",
  "Robert",
  "Richard",
  "Petit",
  "Durand",
  "Leroy",
  "Moreau",
  "Simon",
  "Laurent",
  "Lefebvre",
  "Michel",
  "Garcia",
  "David",
  "Bertrand",
  "Roux",
  "Vincent",
  "Fournier",
  "Morel",
  "Girard",
  "Andre",
  "Mercier",
  "Dupont",
  "Lambert",
  "Bonnet",
  "Francois",
  "Martinez",
  "Benali",
  "Nguyen",
  "Diallo",
  "Haddad",
  "Costa",
  "Rossi",
];
const FIRST_NAMES = {
  F: [
    "Léa",
    "Emma",
    "Chloé",
    "Inès",
    "Manon",
    "Camille",
    "Sarah",
    "Yasmine",
    "Jade",
    "Lina",
    "Zoé",
    "Nora",
  ],
  M: [
    "Lucas",
    "Hugo",
    "Nathan",
    "Adam",
    "Louis",
    "Rayan",
    "Karim",
    "Thomas",
    "Enzo",
    "Mehdi",
    "Jules",
    "Sacha",
  ],
} as const;
const BANKS = ["Crédit Mutuel", "Banque Populaire", "La Banque Postale", "Société Générale", "LCL"];
const CITIES = [
  ["69003", "Lyon"],
  ["69100", "Villeurbanne"],
  ["69200", "Vénissieux"],
  ["69500", "Bron"],
] as const;

const pad = (n: number) => String(n).padStart(2, "0");

/** The season starting in September of `year`, its tariffs (SEED_TARIFFS' bands) and reduction. */
async function addSeason(db: Kysely<Database>, year: number, openToday: string, stamp: string) {
  const current = openToday >= `${year}-06-01` && openToday <= `${year + 1}-05-31`;
  const season = await db
    .insertInto("membership_seasons")
    .values({
      label: `Banc ${year}-${year + 1}`,
      starts_on: `${year}-09-01`,
      ends_on: `${year + 1}-06-30`,
      registration_opens_on: current ? openToday : `${year}-06-01`,
      registration_closes_on: current
        ? openToday.replace(/^\d{4}/, String(year + 2))
        : `${year + 1}-05-31`,
      renewal_opens_on: `${year}-06-01`,
      grace_until: `${year + 1}-10-31`,
      pass_sport_cents: 70_00,
      house_rules: "Respect des autres, des horaires et du matériel.",
      next_reference: 0,
      created_at: stamp,
      updated_at: stamp,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const tariffs: PriceTariff[] = [];
  for (const [position, tariff] of SEED_TARIFFS.entries()) {
    const birthYearMin = tariff.maxAge === null ? null : year - tariff.maxAge;
    const birthYearMax = tariff.minAge === null ? null : year - tariff.minAge;
    const row = await db
      .insertInto("membership_tariffs")
      .values({
        season_id: season.id,
        label: tariff.label,
        practice: tariff.practice,
        birth_year_min: birthYearMin,
        birth_year_max: birthYearMax,
        club_cents: tariff.clubCents,
        licence_cents: tariff.licenceCents,
        includes: tariff.includes,
        places: null,
        medical_rule: "certificate",
        medical_text: "Un certificat médical de la saison.",
        position,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    tariffs.push({
      id: row.id,
      practice: tariff.practice,
      birthYearMin,
      birthYearMax,
      clubCents: tariff.clubCents,
      licenceCents: tariff.licenceCents,
    });
  }
  await db
    .insertInto("membership_discounts")
    .values({ season_id: season.id, nth_member: 2, amount_cents: 20_00, label: "2e membre" })
    .execute();
  return { season, tariffs };
}

/**
 * Adds `seasons` seasons ending with the one open on `today` (YYYY-MM-DD), each with
 * `membersPerSeason` members. Returns the seasons' ids, latest first.
 */
export async function seedMembershipAtScale(
  db: Kysely<Database>,
  today: string,
  { seasons = MEMBERSHIP_SCALE.seasons, membersPerSeason = MEMBERSHIP_SCALE.membersPerSeason } = {},
): Promise<number[]> {
  const random = sequence(34);
  const stamp = new Date(`${today}T12:00:00Z`).toISOString();
  const thisYear =
    Number(today.slice(5, 7)) >= 6 ? Number(today.slice(0, 4)) : Number(today.slice(0, 4)) - 1;
  const ids: number[] = [];
  for (let back = seasons - 1; back >= 0; back -= 1) {
    const year = thisYear - back;
    await db.transaction().execute(async (trx) => {
      const { season, tariffs } = await addSeason(trx, year, today, stamp);
      ids.unshift(season.id);
      const discounts = [{ nthMember: 2, amountCents: 20_00 }];
      let members = 0;
      let file = 0;
      while (members < membersPerSeason) {
        file += 1;
        const size = Math.min(membersPerSeason - members, random.pick([1, 1, 1, 2, 2, 3]));
        const lastName = random.pick(LAST_NAMES);
        const list: FileMember[] = [];
        for (let i = 0; i < size; i += 1) {
          const sex = random.pick(["F", "M"] as const);
          const age = i === 0 && size > 1 ? random.int(30, 50) : random.int(6, 60);
          const birthYear = year - age;
          // The tariff of the band the birth year falls in (the first one that fits).
          const tariff =
            tariffs.find(
              (t) =>
                (t.birthYearMin === null || birthYear >= t.birthYearMin) &&
                (t.birthYearMax === null || birthYear <= t.birthYearMax),
            ) ?? tariffs.at(-1)!;
          list.push({
            firstName: random.pick(FIRST_NAMES[sex]),
            lastName,
            birthDate: `${birthYear}-${pad(random.int(1, 12))}-${pad(random.int(1, 28))}`,
            sex,
            tariff,
            passSport: age < 18 && random.next() < 0.3,
            licenceNumber:
              random.next() < 0.8 ? `${year}${String(members + i).padStart(5, "0")}` : "",
            status: random.next() < 0.02 ? "waiting" : "active",
          });
        }
        members += size;
        const [postalCode, city] = random.pick(CITIES);
        // What the file owes, to split into the family's payments (waiting members owe nothing).
        const owed = list
          .filter((member) => member.status !== "waiting")
          .reduce((sum, member, index) => {
            const { clubCents, licenceCents } = member.tariff;
            return (
              sum +
              clubCents +
              licenceCents -
              (index > 0 ? 20_00 : 0) -
              (member.passSport ? 70_00 : 0)
            );
          }, 0);
        const method = random.pick([
          "cheque",
          "cheque",
          "cheque",
          "cash",
          "transfer",
          "cheque_vacances",
          "coupon_sport",
        ]);
        const past = back > 0;
        const payments: FilePayment[] = [];
        if (owed > 0) {
          const parts =
            method === "cheque" ? splitInstalments(owed, random.int(1, MAX_CHEQUES)) : [owed];
          for (const [index, amount] of parts.entries()) {
            const month = ((8 + index) % 12) + 1;
            const status = past
              ? method === "cheque"
                ? "deposited"
                : "received"
              : random.pick(["expected", "received", "received", "deposited"] as const);
            payments.push({
              method,
              amountCents: amount,
              status,
              dueMonth: method === "cheque" ? `${month < 9 ? year + 1 : year}-${pad(month)}` : null,
              chequeNumber: method === "cheque" ? String(random.int(1_000_000, 9_999_999)) : "",
              bank: method === "cheque" ? random.pick(BANKS) : "",
              receivedAt:
                status === "expected" ? null : `${year}-09-${pad(random.int(1, 28))}T17:30:00.000Z`,
              depositedAt: status === "deposited" ? `${year}-10-${pad(random.int(1, 28))}` : null,
            });
          }
        }
        await addFile(trx, {
          season,
          discounts,
          household: {
            email: `foyer-${year}-${file}@example.org`,
            phone: `06 ${pad(random.int(0, 99))} ${pad(random.int(0, 99))} ${pad(random.int(0, 99))} ${pad(random.int(0, 99))}`,
            address: `${random.int(1, 120)} rue de la République`,
            postalCode,
            city,
          },
          members: list,
          payments,
          stamp,
        });
      }
    });
  }
  return ids;
}
