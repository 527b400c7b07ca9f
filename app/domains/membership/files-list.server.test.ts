import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { createSeason } from "../../../tests/membership";
import { createSubmittedFile } from "../../../tests/membership-files";
import { listMembershipFiles } from "./files-list.server";

describe("the membership files list", () => {
  it("filters the season's files by what they lack, counts each filter, searches and pages", async () => {
    const { season, tariffs } = await createSeason();
    const other = await createSeason();
    const start = Number(season.starts_on.slice(0, 4));
    const adult = (firstName: string, lastName: string) => ({
      firstName,
      lastName,
      birthDate: `${start - 30}-02-02`,
      tariff: tariffs[2]!,
    });
    // Paid, certificate seen, licence taken: complete.
    const done = await createSubmittedFile({ season, members: [adult("Paul", "Durand")] });
    await getDb()
      .updateTable("membership_payments")
      .set({ status: "received" })
      .where("file_id", "=", done.file.id)
      .execute();
    await getDb()
      .updateTable("registrations")
      .set({
        medical_seen_at: "2026-09-01T10:00:00.000Z",
        licence_taken_at: "2026-09-02T10:00:00.000Z",
      })
      .where("file_id", "=", done.file.id)
      .execute();
    await getDb()
      .updateTable("membership_files")
      .set({ paid_at: "2026-09-01T10:00:00.000Z" })
      .where("id", "=", done.file.id)
      .execute();
    // To pay, certificate missing, a minor without the parents' authorisation.
    const minor = await createSubmittedFile({
      season,
      members: [
        {
          firstName: "Tom",
          lastName: "Petit",
          birthDate: `${start - 9}-06-06`,
          tariff: tariffs[0]!,
          without: ["autorisation_parentale"],
        },
      ],
    });
    // On the waiting list.
    const waiting = await createSubmittedFile({
      season,
      members: [{ ...adult("Zoé", "Attente"), waiting: true }],
    });
    // A draft, and a file of another season.
    await createSubmittedFile({ season, members: [], status: "draft", payment: null });
    await createSubmittedFile({ season: other.season, members: [adult("Autre", "Saison")] });

    const list = (filter: Parameters<typeof listMembershipFiles>[0]["filter"], search = "") =>
      listMembershipFiles({ seasonId: season.id, filter, search, page: 1 });
    const ids = async (filter: Parameters<typeof list>[0], search = "") =>
      (await list(filter, search)).rows.map((row) => row.id).sort((a, b) => a - b);

    expect(await ids(null)).toEqual(
      [done.file.id, minor.file.id, waiting.file.id].sort((a, b) => a - b),
    );
    expect(await ids("complet")).toEqual([done.file.id]);
    expect(await ids("a-payer")).toEqual([minor.file.id]);
    expect(await ids("certificat-manquant")).toEqual([minor.file.id]);
    expect(await ids("sans-autorisation")).toEqual([minor.file.id]);
    expect(await ids("licence-non-prise")).toEqual([minor.file.id]);
    expect(await ids("liste-attente")).toEqual([waiting.file.id]);
    expect(await ids("incomplet")).toEqual([minor.file.id, waiting.file.id].sort((a, b) => a - b));
    expect((await ids("brouillons")).length).toBe(1);
    const all = await list(null);
    expect(all.counts).toMatchObject({
      tous: 3,
      complet: 1,
      "a-payer": 1,
      brouillons: 1,
      "liste-attente": 1,
    });
    const row = all.rows.find((r) => r.id === minor.file.id)!;
    expect(row).toMatchObject({
      householdName: "Claire Petit",
      owedCents: 15000,
      receivedCents: 0,
    });
    expect(await ids(null, "petit tom")).toEqual([minor.file.id]);
    expect(await ids(null, done.file.reference!.toLowerCase())).toEqual([done.file.id]);
    expect(await ids(null, "personne")).toEqual([]);
  });
});
