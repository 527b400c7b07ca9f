import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { SERVER_ACTOR } from "~/models/activity-log.server";
import { createSeason } from "../../../tests/membership";
import { createSubmittedFile } from "../../../tests/membership-files";
import { chequesToDeposit, depositSlip, markDeposited, slipCsv } from "./cheques.server";
import { fileBalance } from "./file-balance.server";

describe("cheques to deposit", () => {
  it("groups received cheques by month with totals, marks a selection deposited as one slip, exports it", async () => {
    const { season, tariffs } = await createSeason();
    const start = Number(season.starts_on.slice(0, 4));
    const { file, payments } = await createSubmittedFile({
      season,
      members: [
        {
          firstName: "Paul",
          lastName: "Durand",
          birthDate: `${start - 30}-02-02`,
          tariff: tariffs[2]!,
        },
      ],
      payment: { method: "cheque", months: [`${start}-09`, `${start}-10`] },
    });
    await getDb()
      .updateTable("membership_payments")
      .set((eb) => ({
        status: "received",
        cheque_number: eb.cast(eb.ref("id"), "text"),
        bank: "=Banque",
      }))
      .where("file_id", "=", file.id)
      .execute();
    const mine = (await chequesToDeposit())
      .map((m) => ({ ...m, cheques: m.cheques.filter((c) => c.fileId === file.id) }))
      .filter((m) => m.cheques.length > 0);
    expect(mine.map((m) => [m.month, m.cheques.length])).toEqual([
      [`${start}-09`, 1],
      [`${start}-10`, 1],
    ]);
    expect(mine[0]!.cheques[0]!.drawer).toBe("Paul Durand");

    await expect(markDeposited(SERVER_ACTOR, [])).rejects.toThrow(/Cochez au moins un chèque/);
    const stamp = await markDeposited(SERVER_ACTOR, [payments[0]!.id], {
      now: new Date(`${start}-09-15T09:00:00Z`),
    });
    await expect(markDeposited(SERVER_ACTOR, [payments[0]!.id])).rejects.toThrow(
      /n'est plus à déposer/,
    );
    const slip = await depositSlip(stamp);
    expect(slip.map((c) => c.id)).toEqual([payments[0]!.id]);
    // A deposited cheque still counts as received.
    expect((await fileBalance(file.id)).receivedCents).toBe(22000);

    const csv = slipCsv(slip);
    expect(
      csv.startsWith("\uFEFFDossier;Tireur;Banque;N° du chèque;Mois d'encaissement;Montant\r\n"),
    ).toBe(true);
    expect(csv).toContain(`${file.reference};Paul Durand;'=Banque;${payments[0]!.id};${start}-09;`);
    expect(csv).toMatch(/Total;1 chèque;;;;\d/);
  });
});
