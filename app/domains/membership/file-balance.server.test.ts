import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { createSeason } from "../../../tests/membership";
import { createMartinFile, createSubmittedFile } from "../../../tests/membership-files";
import { fileBalance, refreshPaidAt, registrationOwed } from "./file-balance.server";

const YEAR = Number(new Date().toISOString().slice(0, 4));

async function setStatus(ids: number[], status: string) {
  await getDb().updateTable("membership_payments").set({ status }).where("id", "in", ids).execute();
}

describe("file balance", () => {
  it("owes the active registrations' prices to the cent, received only what was handed over", async () => {
    const { file, registrations, payments } = await createMartinFile();
    // Léa: 110 + 40 − 70 (Pass'Sport); Hugo: 125 + 45 − 20 (2nd member).
    expect(registrations.map(registrationOwed)).toEqual([8000, 15000]);
    const expected = await fileBalance(file.id);
    expect(expected).toMatchObject({ owedCents: 23000, receivedCents: 0, dueCents: 23000 });
    expect(payments.map((p) => p.amount_cents)).toEqual([7800, 7600, 7600]);

    await setStatus([payments[0]!.id], "received");
    await setStatus([payments[1]!.id], "deposited");
    const partly = await fileBalance(file.id);
    expect(partly).toMatchObject({ owedCents: 23000, receivedCents: 15400, dueCents: 7600 });
    // Each member's share of the received cheques, in proportion to what each owes.
    expect(partly.members.map((m) => m.paidCents).reduce((a, b) => a + b)).toBe(15400);
    expect(partly.members[0]!.paidCents).toBe(2714 + 2644);
  });

  it("sets paid_at when covered, keeps its first date, and clears it when no longer covered", async () => {
    const { file, payments } = await createMartinFile();
    const first = new Date(`${YEAR}-01-10T10:00:00Z`);
    expect((await refreshPaidAt(file.id, { now: first })).paidAt).toBeNull();

    await setStatus(
      payments.map((p) => p.id),
      "received",
    );
    expect((await refreshPaidAt(file.id, { now: first })).paidAt).toBe(first.toISOString());
    const later = new Date(`${YEAR}-01-12T10:00:00Z`);
    expect((await refreshPaidAt(file.id, { now: later })).paidAt).toBe(first.toISOString());

    await setStatus([payments[2]!.id], "cancelled");
    const back = await refreshPaidAt(file.id, { now: later });
    expect(back.paidAt).toBeNull();
    const stored = await getDb()
      .selectFrom("membership_files")
      .select("paid_at")
      .where("id", "=", file.id)
      .executeTakeFirstOrThrow();
    expect(stored.paid_at).toBeNull();
  });

  it("counts nothing owed for a waiting registration, and never calls an empty file paid", async () => {
    const { season, tariffs } = await createSeason();
    const start = Number(season.starts_on.slice(0, 4));
    const { file } = await createSubmittedFile({
      season,
      members: [
        {
          firstName: "Inès",
          lastName: "Roux",
          birthDate: `${start - 30}-05-05`,
          tariff: tariffs[2]!,
          waiting: true,
        },
      ],
    });
    const balance = await refreshPaidAt(file.id);
    expect(balance).toMatchObject({ owedCents: 0, receivedCents: 0, paidAt: null });
  });
});
