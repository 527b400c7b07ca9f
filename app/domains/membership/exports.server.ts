/*
 * The membership's CSV exports, for French Excel (app/utils/csv.ts: BOM, ";",
 * CRLF, formulas neutralised).
 * - "federation": the members to type into the federation's site (nationality is not
 *   stored, so not exported);
 * - "insurer": the members for the insurer;
 * - "payments": the payments for the accounts;
 * - "figures": the « Bilan et chiffres » tables.
 * Members are the season's "active" registrations; every download is journaled ("export").
 */
import { euroDecimal } from "~/core/money";
import { sql } from "kysely";
import {
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  PRACTICES,
  SEXES,
} from "~/domains/membership/membership";
import { parisToday } from "~/core/club-time";
import { getDb } from "~/db/client.server";
import { EXPORT_KINDS, type ExportKind } from "~/domains/membership/membership-exports";
import { withActivity } from "~/domains/history/index.server";
import { type Actor } from "~/domains/history";
import { csvDocument, type CsvCell } from "~/utils/csv";
import { seasonFigures } from "./figures.server";
import { paymentsWithFile } from "./payments.server";
import type { SeasonRow } from "./season.server";

const label = <T extends Record<string, string>>(words: T, key: string) =>
  (words as Record<string, string>)[key] ?? key;

function activeMembers(seasonId: number) {
  return getDb()
    .selectFrom("registrations as r")
    .innerJoin("members as m", "m.id", "r.member_id")
    .innerJoin("households as h", "h.id", "m.household_id")
    .innerJoin("membership_tariffs as t", "t.id", "r.tariff_id")
    .select([
      "m.last_name",
      "m.first_name",
      "m.sex",
      "m.birth_date",
      "m.licence_number",
      "h.address",
      "h.postal_code",
      "h.city",
      "h.email",
      "h.phone",
      "t.practice",
      "t.label as tariff",
    ])
    .where("r.season_id", "=", seasonId)
    .where("r.status", "=", "active")
    .orderBy("m.last_name")
    .orderBy("m.first_name")
    .orderBy("r.id")
    .execute();
}

async function federationCsv(season: SeasonRow): Promise<string> {
  const rows = await activeMembers(season.id);
  return csvDocument(
    [
      "Nom",
      "Prénom",
      "Sexe",
      "Date de naissance",
      "Adresse",
      "Code postal",
      "Ville",
      "E-mail",
      "Téléphone",
      "N° de licence",
      "Pratique",
      "Tarif",
    ],
    rows.map((row) => [
      row.last_name,
      row.first_name,
      label(SEXES, row.sex),
      row.birth_date,
      row.address,
      row.postal_code,
      row.city,
      row.email,
      row.phone,
      row.licence_number,
      label(PRACTICES, row.practice),
      row.tariff,
    ]),
  );
}

async function insurerCsv(season: SeasonRow): Promise<string> {
  const rows = await activeMembers(season.id);
  return csvDocument(
    ["Nom", "Prénom", "Date de naissance", "Pratique", "N° de licence", "Saison"],
    rows.map((row) => [
      row.last_name,
      row.first_name,
      row.birth_date,
      label(PRACTICES, row.practice),
      row.licence_number,
      season.label,
    ]),
  );
}

async function paymentsCsv(season: SeasonRow): Promise<string> {
  const db = getDb();
  const payments = await paymentsWithFile()
    .select([
      "p.id",
      "p.file_id",
      "p.received_at",
      "p.method",
      "p.cheque_number",
      "p.bank",
      "p.amount_cents",
      "p.status",
      "p.deposited_at",
      "p.reference as payment_reference",
      "f.reference",
      "h.email",
    ])
    .where("f.season_id", "=", season.id)
    // Received ones by day, then the ones still expected (nulls sort apart on each engine).
    .orderBy(sql`case when p.received_at is null then 1 else 0 end`)
    .orderBy("p.received_at")
    .orderBy("p.id")
    .execute();
  // The household as the treasurer knows it: its members' last names and its e-mail.
  const names = new Map<number, string[]>();
  const members = await db
    .selectFrom("registrations as r")
    .innerJoin("members as m", "m.id", "r.member_id")
    .select(["r.file_id", "m.last_name"])
    .where("r.season_id", "=", season.id)
    .orderBy("r.file_id")
    .orderBy("r.rank")
    .orderBy("r.id")
    .execute();
  for (const row of members) {
    const list = names.get(row.file_id) ?? [];
    if (!list.includes(row.last_name)) list.push(row.last_name);
    names.set(row.file_id, list);
  }
  const day = (stamp: string | null) => (stamp ? parisToday(new Date(stamp)) : "");
  return csvDocument(
    [
      "Date de réception",
      "Dossier",
      "Foyer",
      "E-mail du foyer",
      "Mode de paiement",
      "N° de chèque",
      "Banque",
      "Référence du paiement",
      "Montant (€)",
      "Statut",
      "Date de remise en banque",
    ],
    payments.map((row) => [
      day(row.received_at),
      row.reference ?? "",
      (names.get(row.file_id) ?? []).join(" / "),
      row.email ?? "",
      label(PAYMENT_METHODS, row.method),
      row.cheque_number,
      row.bank,
      row.payment_reference,
      euroDecimal(row.amount_cents),
      label(PAYMENT_STATUSES, row.status),
      // deposited_at is a stamp or a day: the Paris day either way.
      row.deposited_at && row.deposited_at.length > 10
        ? day(row.deposited_at)
        : (row.deposited_at ?? ""),
    ]),
  );
}

async function figuresCsv(season: SeasonRow): Promise<string> {
  const figures = await seasonFigures(season);
  const rows: CsvCell[][] = [
    ["Montants", "Dû (inscriptions actives)", "", "", euroDecimal(figures.owedCents)],
    ["Montants", "Reçu", "", "", euroDecimal(figures.receivedCents)],
    ["Montants", "Reste à recevoir", "", "", euroDecimal(figures.remainingCents)],
    ...figures.byMethod.map((line): CsvCell[] => [
      "Reçu par mode de paiement",
      line.label,
      "",
      "",
      euroDecimal(line.receivedCents),
    ]),
    ["Adhérents", "Inscrits", "", "", figures.members],
    ["Adhérents", "Liste d'attente", "", "", figures.waiting],
  ];
  const counted = (
    section: string,
    lines: { label: string; F: number; M: number; total: number }[],
  ) => lines.map((line): CsvCell[] => [section, line.label, line.F, line.M, line.total]);
  rows.push(
    ...counted("Âge au début de la saison", figures.ageBands),
    ...counted("Mineurs et majeurs", [figures.minors, figures.adults]),
    ...counted("Pratique", figures.practices),
  );
  return csvDocument(["Rubrique", "Ligne", "Femmes", "Hommes", "Total"], rows);
}

const WRITERS: Record<ExportKind, (season: SeasonRow) => Promise<string>> = {
  federation: federationCsv,
  insurer: insurerCsv,
  payments: paymentsCsv,
  figures: figuresCsv,
};

/** The export's file name: adhesions-federation-2026-2027.csv. */
export function exportFileName(kind: ExportKind, season: Pick<SeasonRow, "label">): string {
  const slug = season.label
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .toLowerCase();
  return `adhesions-${EXPORT_KINDS[kind].file}-${slug || "saison"}.csv`;
}

/** Writes the CSV and journals its download, both or neither. */
export async function exportCsv(
  actor: Actor,
  kind: ExportKind,
  season: SeasonRow,
): Promise<string> {
  return withActivity(
    actor,
    {
      action: "export",
      itemType: "season",
      itemId: season.id,
      itemLabel: `${season.label} : ${EXPORT_KINDS[kind].label}`,
    },
    () => WRITERS[kind](season),
  );
}
