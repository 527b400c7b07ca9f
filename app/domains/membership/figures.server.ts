/*
 * « Bilan et chiffres »: a season's money and members as the treasurer and the
 * subsidy forms ask them, from the rows docs/decisions/024-membership.md names:
 * - OWED: the sum over the season's "active" registrations of club + licence − household
 *   reduction − Pass'Sport − manual reduction ("waiting" ones owe nothing yet);
 * - RECEIVED: the payments "received" or "deposited" of the season's files.
 * Members are the "active" registrations; ages are counted at the season's start, in the
 * federation's bands (< 12, 12-17, 18-39, 40 and over).
 */
import { PAYMENT_METHODS, PRACTICES, SEXES } from "~/domains/membership/membership";
import { ageOn } from "~/domains/membership/membership-price";
import { getDb } from "~/db/client.server";
import { OWED_COLUMNS, RECEIVED_STATUSES, registrationOwed } from "./file-balance.server";

export const AGE_BANDS = [
  { key: "under12", label: "Moins de 12 ans", min: 0, max: 11 },
  { key: "12to17", label: "12 à 17 ans", min: 12, max: 17 },
  { key: "18to39", label: "18 à 39 ans", min: 18, max: 39 },
  { key: "40plus", label: "40 ans et plus", min: 40, max: Number.POSITIVE_INFINITY },
] as const;

export type CountLine = { key: string; label: string; F: number; M: number; total: number };
export type MethodLine = {
  method: string;
  label: string;
  receivedCount: number;
  receivedCents: number;
  expectedCount: number;
  expectedCents: number;
};

export type SeasonFigures = {
  owedCents: number;
  receivedCents: number;
  remainingCents: number;
  members: number;
  waiting: number;
  filesSubmitted: number;
  byMethod: MethodLine[];
  ageBands: CountLine[];
  sexes: { key: string; label: string; count: number }[];
  practices: CountLine[];
  minors: CountLine;
  adults: CountLine;
};

const emptyLine = (key: string, label: string): CountLine => ({ key, label, F: 0, M: 0, total: 0 });

function count(line: CountLine, sex: string) {
  if (sex === "F" || sex === "M") line[sex] += 1;
  line.total += 1;
}

export async function seasonFigures(season: {
  id: number;
  starts_on: string;
}): Promise<SeasonFigures> {
  const db = getDb();
  const registrations = await db
    .selectFrom("registrations as r")
    .innerJoin("members as m", "m.id", "r.member_id")
    .innerJoin("membership_tariffs as t", "t.id", "r.tariff_id")
    .select(["r.status", ...OWED_COLUMNS, "m.birth_date", "m.sex", "t.practice"])
    .where("r.season_id", "=", season.id)
    .where("r.status", "in", ["active", "waiting"])
    .orderBy("r.id")
    .execute();

  const ageBands = AGE_BANDS.map((band) => emptyLine(band.key, band.label));
  const practices = new Map(
    Object.entries(PRACTICES).map(([key, label]) => [key, emptyLine(key, label)]),
  );
  const sexes = new Map(
    Object.entries(SEXES).map(([key, label]) => [key, { key, label, count: 0 }]),
  );
  const minors = emptyLine("minors", "Mineurs");
  const adults = emptyLine("adults", "Majeurs");
  let owedCents = 0;
  let members = 0;
  let waiting = 0;
  for (const row of registrations) {
    if (row.status === "waiting") {
      waiting += 1;
      continue;
    }
    members += 1;
    owedCents += Math.max(0, registrationOwed(row));
    const age = ageOn(row.birth_date, season.starts_on);
    const band = AGE_BANDS.findIndex((each) => age >= each.min && age <= each.max);
    count(ageBands[band === -1 ? 0 : band]!, row.sex);
    count(age < 18 ? minors : adults, row.sex);
    if (!practices.has(row.practice))
      practices.set(row.practice, emptyLine(row.practice, row.practice));
    count(practices.get(row.practice)!, row.sex);
    const sex = sexes.get(row.sex);
    if (sex) sex.count += 1;
  }

  const payments = await db
    .selectFrom("membership_payments as p")
    .innerJoin("membership_files as f", "f.id", "p.file_id")
    .select((eb) => [
      "p.method",
      "p.status",
      eb.fn.countAll<number>().as("n"),
      eb.fn.sum<number>("p.amount_cents").as("cents"),
    ])
    .where("f.season_id", "=", season.id)
    .where("p.status", "in", ["expected", ...RECEIVED_STATUSES])
    .groupBy(["p.method", "p.status"])
    .orderBy("p.method")
    .orderBy("p.status")
    .execute();
  const byMethod = new Map<string, MethodLine>(
    Object.entries(PAYMENT_METHODS).map(([method, label]) => [
      method,
      { method, label, receivedCount: 0, receivedCents: 0, expectedCount: 0, expectedCents: 0 },
    ]),
  );
  let receivedCents = 0;
  for (const row of payments) {
    const line = byMethod.get(row.method) ?? {
      method: row.method,
      label: row.method,
      receivedCount: 0,
      receivedCents: 0,
      expectedCount: 0,
      expectedCents: 0,
    };
    byMethod.set(row.method, line);
    const cents = Number(row.cents ?? 0);
    if (row.status === "expected") {
      line.expectedCount += Number(row.n);
      line.expectedCents += cents;
    } else {
      line.receivedCount += Number(row.n);
      line.receivedCents += cents;
      receivedCents += cents;
    }
  }

  const files = await db
    .selectFrom("membership_files")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("season_id", "=", season.id)
    .where("status", "=", "submitted")
    .executeTakeFirstOrThrow();

  return {
    owedCents,
    receivedCents,
    remainingCents: Math.max(0, owedCents - receivedCents),
    members,
    waiting,
    filesSubmitted: Number(files.n),
    byMethod: [...byMethod.values()].filter((line) => line.receivedCount + line.expectedCount > 0),
    ageBands,
    sexes: [...sexes.values()],
    practices: [...practices.values()],
    minors,
    adults,
  };
}
