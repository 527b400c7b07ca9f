import { describe, expect, it } from "vitest";
import {
  attestationsMail,
  certificateReminderMail,
  renewalMail,
} from "./membership-reminders.server";

const facts = {
  club: {
    name: "Boxing Club de Meyzieu",
    email: "club@example.fr",
    origin: "https://club.example",
  },
  to: "famille@example.fr",
};

describe("the household's mails", () => {
  it("elide « de » before a member whose name begins with a vowel sound", () => {
    const one = attestationsMail({
      ...facts,
      reference: "ADH-1",
      members: ["Inès Martin"],
      attachments: [],
    });
    expect(one.text).toContain("l'attestation de paiement d'Inès Martin, à remettre");
    const two = attestationsMail({
      ...facts,
      reference: "ADH-1",
      members: ["Emma Martin", "Léo Martin"],
      attachments: [],
    });
    expect(two.text).toContain(
      "les attestations de paiement d'Emma Martin, Léo Martin, à remettre",
    );
    const certificate = certificateReminderMail({
      ...facts,
      member: "Hélène Roux",
      questionnaire: false,
      reference: "ADH-2",
      since: { sent: "2026-10-01", today: "2026-10-16" },
    });
    expect(certificate.text).toContain("le certificat médical d'Hélène Roux (dossier ADH-2)");
    const renewal = renewalMail({
      ...facts,
      season: "2027-2028",
      members: ["Yves Roux"],
      link: "https://club.example/r",
      optout: "https://club.example/o",
    });
    expect(renewal.text).toContain("renouveler l'adhésion d'Yves Roux, ouvrez");
  });

  it("keep « de » before a consonant", () => {
    const one = attestationsMail({
      ...facts,
      reference: "ADH-1",
      members: ["Léo Martin"],
      attachments: [],
    });
    expect(one.text).toContain("l'attestation de paiement de Léo Martin, à remettre");
  });
});
