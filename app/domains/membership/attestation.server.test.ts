import { beforeEach, describe, expect, it } from "vitest";
import { allocate, formatEuros } from "~/core/money";
import { getDb } from "~/db/client.server";
import { saveSettings, getSettings } from "~/domains/content/settings.server";
import { createFile, createSeason, resetMembershipData } from "../../../tests/membership-tail";
import { pdfPlainText } from "../../../tests/pdf-text";
import { attestationPdf } from "./attestation-pdf.server";
import { issueAttestation } from "./attestation.server";
import { loadFileDesk } from "./file-desk.server";

const NOW = new Date("2026-11-27T10:00:00Z");

/** An amount as pdftotext gives it back: its no-break space as a space. */
const euros = (cents: number) => formatEuros(cents).replace(/\s/g, " ");

beforeEach(resetMembershipData);

async function setLegal(values: Partial<Awaited<ReturnType<typeof getSettings<"legal">>>>) {
  const legal = await getSettings({ category: "legal" });
  await saveSettings({
    category: "legal",
    settings: { ...legal, ...values },
    loadedAt: legal.updated_at,
  });
}

/** A payment received on `day`, split over the file's members as the desk splits it. */
async function receive(
  fileId: number,
  shares: { registrationId: number; owedCents: number }[],
  { method, cents, day }: { method: string; cents: number; day: string },
) {
  const db = getDb();
  const stamp = `${day}T09:30:00.000Z`;
  const payment = await db
    .insertInto("membership_payments")
    .values({
      file_id: fileId,
      method,
      amount_cents: cents,
      status: "received",
      received_at: stamp,
      received_by: "tresorier",
      created_at: stamp,
      updated_at: stamp,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const parts = allocate(
    cents,
    shares.map((share) => share.owedCents),
  );
  await db
    .insertInto("membership_allocations")
    .values(
      shares.map((share, i) => ({
        payment_id: payment.id,
        registration_id: share.registrationId,
        amount_cents: parts[i]!,
      })),
    )
    .execute();
}

describe("a member's payment attestation", () => {
  it("says the club, the season, the member, the amount paid with its licence part, the place and date", async () => {
    await setLegal({ president: "Karim Benali" });
    const fixture = await createSeason();
    const { registrations, owed } = await createFile(fixture, {
      paid: true,
      members: [{ firstName: "Léa", lastName: "Dupré", birthDate: "2012-03-04", tariff: 1 }, {}],
    });
    const lea = registrations[0]!.registration;
    const facts = await issueAttestation(lea.id, { now: NOW });
    expect(facts).not.toBeNull();
    const text = pdfPlainText(await attestationPdf(facts!, { now: NOW }));
    expect(text).toContain("Boxing Club de Meyzieu");
    expect(text).toContain(`Saison ${fixture.season.label}`);
    expect(text).toContain("Léa Dupré");
    expect(text).toContain("04/03/2012");
    // 125 € + 45 € for the ados tariff, no reduction for the first member.
    expect(owed[0]).toBe(17000);
    expect(text).toContain("Montant réglé pour cette adhérente : 170 €");
    expect(text).not.toContain("paiement partiel");
    expect(text).toContain("dont licence fédérale (FFBoxe) : 45 €");
    expect(text).toContain(
      `Paiement reçu : ${new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris" }).format(new Date(facts!.payments[0]!.receivedAt))} – Espèces – 170 €`,
    );
    expect(text).toContain("Fait à Meyzieu, le 27 novembre 2026");
    // No signatory set: the president signs, as before.
    expect(text).toContain("Karim Benali Président");
    // No identifiers set: none printed.
    expect(text).not.toContain("RNA");
    expect(text).not.toContain("SIRET");
    expect(text).toContain(`N° ${facts!.number}`);
  });

  it("speaks of the member in good French: elided before a vowel, agreeing with the member's sex", async () => {
    const fixture = await createSeason();
    const { registrations } = await createFile(fixture, {
      paid: true,
      members: [
        { firstName: "Émile", lastName: "Martin", birthDate: "2011-05-06", sex: "M" },
        { firstName: "Inès", lastName: "Martin", birthDate: "2013-07-08", sex: "F" },
      ],
    });
    const [emile, ines] = await Promise.all(
      registrations.map(async ({ registration }) => {
        const facts = await issueAttestation(registration.id, { now: NOW });
        return pdfPlainText(await attestationPdf(facts!, { now: NOW }));
      }),
    );
    expect(emile).toContain("atteste qu'Émile Martin, né le 06/05/2011, est adhérent du club");
    expect(emile).toContain("Montant réglé pour cet adhérent");
    expect(ines).toContain("atteste qu'Inès Martin, née le 08/07/2013, est adhérente du club");
    expect(ines).toContain("Montant réglé pour cette adhérente");
  });

  it("prints any name exactly as typed, the club's identifiers, each payment and the signatory; partial when part-paid, with the file page's amounts", async () => {
    await setLegal({
      associationName: "Boxing Club de Meyzieu",
      rnaNumber: "W691234567",
      siret: "123 456 789 00012",
      president: "Karim Benali",
      signatoryName: "Anne-Sophie Lefèvre",
      signatoryRole: "Trésorière",
    });
    const fixture = await createSeason();
    const { file, registrations } = await createFile(fixture, {
      members: [
        { firstName: "Łukasz", lastName: "Nguyễn Wąsowski", birthDate: "2011-06-15", tariff: 1 },
        { firstName: "Thảo", lastName: "Nguyễn Wąsowska", birthDate: "2013-02-01", tariff: 1 },
      ],
    });
    const shares = registrations.map(({ registration: r }) => ({
      registrationId: r.id,
      owedCents: r.club_cents + r.licence_cents - r.household_discount_cents,
    }));
    // Two of the three payments are in: a cheque in October, cash in November.
    await receive(file.id, shares, { method: "cheque", cents: 12000, day: "2026-10-05" });
    await receive(file.id, shares, { method: "cash", cents: 5055, day: "2026-11-02" });
    const lukasz = registrations[0]!.registration;

    const desk = await loadFileDesk(file.id);
    const onPage = desk!.members.find((member) => member.id === lukasz.id)!;
    expect(onPage.paidCents).toBeGreaterThan(0);
    expect(onPage.paidCents).toBeLessThan(onPage.owedCents);

    const facts = (await issueAttestation(lukasz.id, { now: NOW }))!;
    const pdf = await attestationPdf(facts, { now: NOW });
    const text = pdfPlainText(pdf);
    expect(text).toContain("Łukasz Nguyễn Wąsowski");
    expect(text).toContain("RNA W691234567 · SIRET 123 456 789 00012");
    expect(text).toContain("Rue de la République, 69330 Meyzieu");
    expect(text).toContain(`Saison ${fixture.season.label}`);
    expect(text).toContain(
      `paiement partiel : ${euros(onPage.paidCents)} payés sur ${euros(onPage.owedCents)}`,
    );
    const [cheque, cash] = facts.payments;
    expect(cheque!.cents + cash!.cents).toBe(onPage.paidCents);
    expect(text).toContain(`Paiements reçus : 05/10/2026 – Chèque – ${euros(cheque!.cents)}`);
    expect(text).toContain(`02/11/2026 – Espèces – ${euros(cash!.cents)}`);
    expect(text).toContain("Anne-Sophie Lefèvre Trésorière");
    expect(text).not.toContain("Karim Benali");
    // The fonts are embedded, cut down to the letters used.
    expect(pdf.byteLength).toBeLessThan(80_000);
  });

  it("keeps its number once issued, and is refused when nothing is received for that member", async () => {
    const fixture = await createSeason();
    const paid = await createFile(fixture, { paid: true, members: [{}, {}] });
    const second = paid.registrations[1]!.registration;
    const first = await issueAttestation(second.id, { now: NOW });
    expect(first?.number).toBe(`${paid.file.reference}-2`);
    const again = await issueAttestation(second.id, { now: new Date("2027-01-05T10:00:00Z") });
    expect(again?.number).toBe(first?.number);
    expect(again?.issuedAt).toBe(first?.issuedAt);
    const rows = await getDb().selectFrom("membership_attestations").selectAll().execute();
    expect(rows).toHaveLength(1);

    const pending = await createFile(fixture, { pending: true });
    expect(await issueAttestation(pending.registrations[0]!.registration.id)).toBeNull();
    // A registration of another file through a file's own link: not found.
    expect(await issueAttestation(second.id, { fileId: pending.file.id })).toBeNull();
  });
});
