import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { saveSettings, getSettings } from "~/domains/content/settings.server";
import { createFile, createSeason, resetMembershipData } from "../../../tests/membership-tail";
import { pdfText } from "../../../tests/pdf-text";
import { attestationPdf } from "./attestation-pdf.server";
import { issueAttestation } from "./attestation.server";

const NOW = new Date("2026-11-27T10:00:00Z");

beforeEach(resetMembershipData);

describe("a member's payment attestation", () => {
  it("says the club, the season, the member, the amount paid with its licence part, the place and date", async () => {
    const legal = await getSettings({ category: "legal" });
    await saveSettings({
      category: "legal",
      settings: { ...legal, president: "Karim Benali" },
      loadedAt: legal.updated_at,
    });
    const fixture = await createSeason();
    const { registrations, owed } = await createFile(fixture, {
      paid: true,
      members: [{ firstName: "Léa", lastName: "Dupré", birthDate: "2012-03-04", tariff: 1 }, {}],
    });
    const lea = registrations[0]!.registration;
    const facts = await issueAttestation(lea.id, { now: NOW });
    expect(facts).not.toBeNull();
    const text = pdfText(await attestationPdf(facts!, { now: NOW })).join("\n");
    expect(text).toContain("Boxing Club de Meyzieu");
    expect(text).toContain(`Saison ${fixture.season.label}`);
    expect(text).toContain("Léa Dupré");
    expect(text).toContain("04/03/2012");
    // 125 € + 45 € for the ados tariff, no reduction for the first member.
    expect(owed[0]).toBe(17000);
    expect(text).toContain("Montant réglé pour cette adhérente : 170\u00a0€");
    expect(text).toContain("dont licence fédérale (FFBoxe) : 45\u00a0€");
    expect(text).toContain("Fait à Meyzieu, le 27 novembre 2026");
    expect(text).toContain("Le président, Karim Benali");
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
        return pdfText(await attestationPdf(facts!, { now: NOW })).join(" ");
      }),
    );
    expect(emile).toContain("atteste qu'Émile Martin, né le 06/05/2011, est adhérent du club");
    expect(emile).toContain("Montant réglé pour cet adhérent");
    expect(ines).toContain("atteste qu'Inès Martin, née le 08/07/2013, est adhérente du club");
    expect(ines).toContain("Montant réglé pour cette adhérente");
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

  it("is written in well under 200 ms", async () => {
    const fixture = await createSeason();
    const { registrations } = await createFile(fixture, { paid: true });
    const facts = (await issueAttestation(registrations[0]!.registration.id))!;
    await attestationPdf(facts);
    const times: number[] = [];
    for (let i = 0; i < 15; i += 1) {
      const start = performance.now();
      await attestationPdf(facts);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    console.log(`attestation PDF: median ${median.toFixed(1)} ms`);
    expect(median).toBeLessThan(200);
  });
});
