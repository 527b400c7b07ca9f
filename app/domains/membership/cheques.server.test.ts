import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { SERVER_ACTOR } from "~/domains/history/actor";
import { createSeason } from "../../../tests/membership";
import { createSubmittedFile } from "../../../tests/membership-files";
import {
  CHEQUES_PER_PAGE,
  chequesToDeposit,
  depositSlip,
  markDeposited,
  monthsToDeposit,
  slipCsv,
} from "./cheques.server";
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
    const months = await monthsToDeposit();
    for (const month of [`${start}-09`, `${start}-10`]) {
      const listed = await chequesToDeposit({ month });
      const whole = months.find((m) => m.month === month)!;
      expect(listed.total).toBe(whole.count);
      expect(listed.rows.every((c) => c.dueMonth === month)).toBe(true);
      const mine = listed.rows.filter((c) => c.fileId === file.id);
      expect(mine.map((c) => c.drawer)).toEqual(["Paul Durand"]);
    }
    expect(months.map((m) => m.month)).toEqual([...months.map((m) => m.month)].sort());

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

  it("shows a page of cheques at a time, the earliest month first, each month's count and total whole", async () => {
    const { season, tariffs } = await createSeason();
    const start = Number(season.starts_on.slice(0, 4));
    const months = [`${start - 40}-01`, `${start - 40}-02`, `${start - 40}-03`];
    for (let i = 0; i < Math.ceil((CHEQUES_PER_PAGE + 5) / 3); i += 1) {
      const { payments } = await createSubmittedFile({
        season,
        members: [
          {
            firstName: "Inès",
            lastName: `Page${i}`,
            birthDate: `${start - 30}-02-02`,
            tariff: tariffs[2]!,
          },
        ],
        payment: { method: "cheque", months },
      });
      await getDb()
        .updateTable("membership_payments")
        .set({ status: "received" })
        .where(
          "id",
          "in",
          payments.map((p) => p.id),
        )
        .execute();
    }
    const first = await chequesToDeposit();
    expect(first.rows).toHaveLength(CHEQUES_PER_PAGE);
    expect(first.pages).toBeGreaterThan(1);
    // Months long past come first: the first page opens on this test's January.
    expect(first.rows[0]!.dueMonth).toBe(months[0]);
    expect(first.rows.map((c) => c.dueMonth)).toEqual(
      [...first.rows.map((c) => c.dueMonth)].sort(),
    );
    const second = await chequesToDeposit({ page: 2 });
    expect(second.rows.some((c) => first.rows.some((f) => f.id === c.id))).toBe(false);
    const january = (await monthsToDeposit()).find((m) => m.month === months[0])!;
    expect(january.count).toBe(Math.ceil((CHEQUES_PER_PAGE + 5) / 3));
    expect(january.totalCents).toBe(
      (await chequesToDeposit({ month: months[0] })).rows.reduce(
        (sum, c) => sum + c.amountCents,
        0,
      ),
    );
  });
});
