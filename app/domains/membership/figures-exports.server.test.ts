import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import type { Actor } from "~/domains/history/actor";
import { createSeason } from "../../../tests/membership";
import { addFile } from "../../../tests/membership-file-rows";
import { exportCsv, exportFileName } from "./exports.server";
import { seasonFigures } from "./figures.server";
import { priceTariff, seasonDiscounts } from "./season.server";

const actor: Actor = { userId: null, username: "tresoriere", ip: "127.0.0.1" };
let files = 0;

/** Two households: two children with the sibling reduction, Pass'Sport and three cheques; an adult paying cash and one on the waiting list. */
async function givenSeasonWithFiles() {
  const { season, tariffs } = await createSeason();
  const year = Number(season.starts_on.slice(0, 4));
  const [educative, ados, loisir, competition] = tariffs.map(priceTariff);
  const discounts = await seasonDiscounts(season.id);
  const martin = await addFile(getDb(), {
    season,
    discounts,
    reference: `F-${++files}`,
    household: {
      email: "martin@example.org",
      phone: "06 12 34 56 78",
      address: "3 rue des Lilas",
      postalCode: "69003",
      city: "Lyon",
    },
    members: [
      {
        firstName: "Léa",
        lastName: "Martin",
        birthDate: `${year - 8}-03-15`,
        sex: "F",
        tariff: educative!,
        passSport: true,
        licenceNumber: "L-1",
      },
      {
        firstName: "Tom",
        lastName: "Martin",
        birthDate: `${year - 14}-11-02`,
        sex: "M",
        tariff: ados!,
      },
    ],
    payments: [
      {
        method: "cheque",
        amountCents: 8000,
        status: "received",
        chequeNumber: "0001",
        bank: "Crédit Mutuel",
        receivedAt: `${year}-09-10T10:00:00.000Z`,
      },
      {
        method: "cheque",
        amountCents: 7500,
        status: "deposited",
        chequeNumber: "0002",
        bank: "Crédit Mutuel",
        receivedAt: `${year}-09-09T10:00:00.000Z`,
        depositedAt: `${year}-09-20`,
      },
      { method: "cheque", amountCents: 7500, status: "expected", dueMonth: `${year}-11` },
    ],
  });
  const dupont = await addFile(getDb(), {
    season,
    discounts,
    reference: `F-${++files}`,
    household: { email: "dupont@example.org", city: "Villeurbanne" },
    members: [
      {
        firstName: "Marc",
        lastName: "=Dupont",
        birthDate: `${year - 45}-01-20`,
        sex: "M",
        tariff: loisir!,
      },
      {
        firstName: "Inès",
        lastName: "Dupont",
        birthDate: `${year - 30}-06-06`,
        sex: "F",
        tariff: competition!,
        status: "waiting",
      },
    ],
    payments: [{ method: "cash", amountCents: 22000, receivedAt: `${year}-09-12T10:00:00.000Z` }],
  });
  return { season, martin, dupont };
}

function readCsv(csv: string): string[][] {
  expect(csv.startsWith("\uFEFF")).toBe(true);
  return csv
    .slice(1)
    .trimEnd()
    .split("\r\n")
    .map((line) => line.split(";"));
}

describe("Bilan et chiffres", () => {
  it("counts what is owed by active registrations, what was received, and the members as subsidy forms ask", async () => {
    const { season, martin } = await givenSeasonWithFiles();
    // Léa: 150 € − 70 € Pass'Sport; Tom: 170 € − 20 € as second member; Marc: 220 €.
    expect(martin.price.totalCents).toBe(8000 + 15000);
    const figures = await seasonFigures(season);
    expect(figures).toMatchObject({
      owedCents: 8000 + 15000 + 22000,
      receivedCents: 8000 + 7500 + 22000,
      remainingCents: 7500,
      members: 3,
      waiting: 1,
      filesSubmitted: 2,
    });
    expect(figures.byMethod).toEqual([
      {
        method: "cheque",
        label: "Chèque",
        receivedCount: 2,
        receivedCents: 15500,
        expectedCount: 1,
        expectedCents: 7500,
      },
      {
        method: "cash",
        label: "Espèces",
        receivedCount: 1,
        receivedCents: 22000,
        expectedCount: 0,
        expectedCents: 0,
      },
    ]);
    expect(figures.ageBands.map((band) => [band.label, band.F, band.M, band.total])).toEqual([
      ["Moins de 12 ans", 1, 0, 1],
      ["12 à 17 ans", 0, 1, 1],
      ["18 à 39 ans", 0, 0, 0],
      ["40 ans et plus", 0, 1, 1],
    ]);
    expect(figures.minors).toMatchObject({ F: 1, M: 1, total: 2 });
    expect(figures.adults).toMatchObject({ F: 0, M: 1, total: 1 });
    expect(
      figures.practices.filter((line) => line.total > 0).map((line) => [line.label, line.total]),
    ).toEqual([
      ["Boxe éducative", 1],
      ["Loisir", 2],
    ]);
    expect(figures.sexes).toEqual([
      { key: "F", label: "Féminin", count: 1 },
      { key: "M", label: "Masculin", count: 2 },
    ]);
  });

  it("answers zeros for a season with no file", async () => {
    const { season } = await createSeason();
    expect(await seasonFigures(season)).toMatchObject({
      owedCents: 0,
      receivedCents: 0,
      members: 0,
      byMethod: [],
    });
  });
});

describe("the CSV exports", () => {
  it("writes the federation's members for French Excel, a formula neutralised, and journals the download", async () => {
    const { season } = await givenSeasonWithFiles();
    const rows = readCsv(await exportCsv(actor, "federation", season));
    expect(rows[0]).toEqual([
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
    ]);
    expect(rows.slice(1).map((row) => `${row[0]} ${row[1]}`)).toEqual([
      "'=Dupont Marc",
      "Martin Léa",
      "Martin Tom",
    ]);
    const year = Number(season.starts_on.slice(0, 4));
    expect(rows[2]).toEqual([
      "Martin",
      "Léa",
      "Féminin",
      `${year - 8}-03-15`,
      "3 rue des Lilas",
      "69003",
      "Lyon",
      "martin@example.org",
      "06 12 34 56 78",
      "L-1",
      "Boxe éducative",
      "Boxe éducative 6-11 ans",
    ]);
    const logged = await getDb()
      .selectFrom("activity_log")
      .select(["action", "item_type", "item_id", "item_label"])
      .where("action", "=", "export")
      .where("item_id", "=", String(season.id))
      .execute();
    expect(logged).toEqual([
      {
        action: "export",
        item_type: "season",
        item_id: String(season.id),
        item_label: `${season.label} : Adhérents pour la fédération`,
      },
    ]);
  });

  it("writes the insurer's members with the season", async () => {
    const { season } = await givenSeasonWithFiles();
    const rows = readCsv(await exportCsv(actor, "insurer", season));
    expect(rows[0]).toEqual([
      "Nom",
      "Prénom",
      "Date de naissance",
      "Pratique",
      "N° de licence",
      "Saison",
    ]);
    expect(rows).toHaveLength(4);
    expect(rows[3]).toEqual(["Martin", "Tom", expect.any(String), "Loisir", "", season.label]);
  });

  it("writes the payments for the accounts, received first by day, amounts with a comma", async () => {
    const { season, martin, dupont } = await givenSeasonWithFiles();
    const year = Number(season.starts_on.slice(0, 4));
    const rows = readCsv(await exportCsv(actor, "payments", season));
    expect(rows[0]).toEqual([
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
    ]);
    expect(rows.slice(1)).toEqual([
      [
        `${year}-09-09`,
        martin.reference,
        "Martin",
        "martin@example.org",
        "Chèque",
        "0002",
        "Crédit Mutuel",
        "",
        "75,00",
        "Remis en banque",
        `${year}-09-20`,
      ],
      [
        `${year}-09-10`,
        martin.reference,
        "Martin",
        "martin@example.org",
        "Chèque",
        "0001",
        "Crédit Mutuel",
        "",
        "80,00",
        "Reçu",
        "",
      ],
      [
        `${year}-09-12`,
        dupont.reference,
        "'=Dupont / Dupont",
        "dupont@example.org",
        "Espèces",
        "",
        "",
        "",
        "220,00",
        "Reçu",
        "",
      ],
      [
        "",
        martin.reference,
        "Martin",
        "martin@example.org",
        "Chèque",
        "",
        "",
        "",
        "75,00",
        "Attendu",
        "",
      ],
    ]);
  });

  it("writes the figures as a table", async () => {
    const { season } = await givenSeasonWithFiles();
    const rows = readCsv(await exportCsv(actor, "figures", season));
    expect(rows[0]).toEqual(["Rubrique", "Ligne", "Femmes", "Hommes", "Total"]);
    expect(rows).toContainEqual(["Montants", "Dû (inscriptions actives)", "", "", "450,00"]);
    expect(rows).toContainEqual(["Montants", "Reste à recevoir", "", "", "75,00"]);
    expect(rows).toContainEqual(["Âge au début de la saison", "40 ans et plus", "0", "1", "1"]);
    expect(rows).toContainEqual(["Mineurs et majeurs", "Mineurs", "1", "1", "2"]);
  });

  it("names the files and writes euros the French way", () => {
    expect(exportFileName("federation", { label: "2026-2027 (été)" })).toBe(
      "adhesions-federation-2026-2027-ete.csv",
    );
  });
});
