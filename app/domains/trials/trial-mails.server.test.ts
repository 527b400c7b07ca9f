import { describe, expect, it } from "vitest";
import type { MailToQueue } from "../mail/outbox.server";
import { clubNoticeMail, type ClubEvent } from "./trial-club-mails.server";
import {
  bookingCancelledByClubMail,
  cancelReceiptMail,
  confirmationMail,
  promotionMail,
  reminderMail,
  sessionCancelledMail,
  sessionMovedMail,
  waitlistMail,
  type TrialMailFacts,
} from "./trial-mails.server";

/* Every trial mail, written for a class whose title ends with its day, on that day. */

const FACTS: TrialMailFacts = {
  club: {
    name: "Boxing Club de Meyzieu",
    email: "contact@exemple.fr",
    location: "Rue de la République, 69330 Meyzieu",
    mapsUrl: "https://maps.exemple.fr/?q=Meyzieu",
    origin: "https://club.exemple.fr",
    notify: true,
  },
  booking: {
    id: 7,
    email: "lea@exemple.fr",
    firstName: "Léa",
    lastName: "Martin",
    phone: "06 12 34 56 78",
    childFirstName: "Noé",
    childLastName: "Martin",
  },
  // 29 November 2026 is a Sunday.
  session: {
    title: "Boxe loisir du dimanche",
    onDate: "2026-11-29",
    onStart: "10h00",
    onEnd: "11h30",
    note: "",
  },
  link: "https://club.exemple.fr/essai/annuler/jeton",
};

const EVENTS: ClubEvent[] = ["booked", "waitlist", "cancelled-by-visitor", "cancelled-by-club"];

const MAILS = {
  confirmation: confirmationMail(FACTS),
  waitlist: waitlistMail(FACTS),
  promotion: promotionMail(FACTS),
  cancelled: sessionCancelledMail(FACTS),
  moved: sessionMovedMail(FACTS),
  cancelledByClub: bookingCancelledByClubMail(FACTS),
  receipt: cancelReceiptMail({ ...FACTS, waitlist: false }),
  receiptWaitlist: cancelReceiptMail({ ...FACTS, waitlist: true }),
  reminder: reminderMail(FACTS),
  lateReminder: reminderMail({ ...FACTS, today: true }),
  ...(Object.fromEntries(
    EVENTS.map((event) => [`club ${event}`, clubNoticeMail({ ...FACTS, event })!]),
  ) as Record<`club ${ClubEvent}`, MailToQueue>),
};

/** A word, or two or three, said twice in a row: "du dimanche du dimanche". */
const DOUBLED = /(?<!\p{L})((?:\p{L}+ ){0,2}\p{L}+) \1(?!\p{L})/iu;

describe("the trial mails", () => {
  it("spots a doubled phrase", () => {
    expect(DOUBLED.test("Boxe loisir du dimanche du dimanche 29 novembre")).toBe(true);
    expect(DOUBLED.test("la la")).toBe(true);
    expect(DOUBLED.test("La séance du dimanche 29 novembre (Boxe loisir du dimanche)")).toBe(false);
  });

  it.each(Object.entries(MAILS))(
    "%s: names the date and the class without a doubled word",
    (_, mail) => {
      expect(mail.text).toContain("dimanche 29 novembre");
      expect(mail.text).toContain("Boxe loisir du dimanche");
      expect(mail.text).not.toMatch(DOUBLED);
      expect(mail.subject).not.toMatch(DOUBLED);
    },
  );

  it.each(["promotion", "moved", "reminder", "lateReminder"] as const)(
    "%s: gives a working cancel link where it offers to cancel",
    (name) => {
      expect(MAILS[name].text).toContain("\nhttps://club.exemple.fr/essai/annuler/jeton");
      expect(MAILS[name].text).not.toContain("premier e-mail");
    },
  );

  it("links the cancelled session's mail and the receipt to the booking page", () => {
    for (const mail of [MAILS.cancelled, MAILS.receipt]) {
      expect(mail.text).toContain("\nhttps://club.exemple.fr/essai");
    }
    expect(MAILS.receipt.text).toContain("Votre annulation est confirmée");
    expect(MAILS.receipt.to).toBe("lea@exemple.fr");
  });

  it("confirms naming the child, the e-mail used, the session and the club's address with its map", () => {
    const { text } = MAILS.confirmation;
    expect(text).toContain("Bonjour Léa,");
    expect(text).toContain(
      "Nous vous confirmons la séance d'essai de Noé Martin du dimanche 29 novembre de 10h00 à 11h30 (Boxe loisir du dimanche).",
    );
    expect(text).toContain("Réservation faite avec l'adresse e-mail lea@exemple.fr.");
    expect(text).toContain("Adresse : Rue de la République, 69330 Meyzieu.");
    expect(text).toContain("Plan d'accès : https://maps.exemple.fr/?q=Meyzieu");
    expect(MAILS.waitlist.text).toContain("Noé Martin est sur la liste d'attente");
    // An adult's trial is theirs; no map line when Paramètres has none.
    const adult = confirmationMail({
      ...FACTS,
      club: { ...FACTS.club, mapsUrl: "" },
      booking: { ...FACTS.booking, childFirstName: null, childLastName: "" },
    });
    expect(adult.text).toContain("Nous vous confirmons votre séance d'essai du dimanche");
    expect(adult.text).not.toContain("Plan d'accès");
    const ines = confirmationMail({
      ...FACTS,
      booking: { ...FACTS.booking, childFirstName: "Inès", childLastName: "Martin" },
    });
    expect(ines.text).toContain("Nous vous confirmons la séance d'essai d'Inès Martin du dimanche");
  });

  it("sends the club's notice to its address, answered to the person, only when asked", () => {
    const notice = MAILS["club booked"];
    expect(notice.to).toBe("contact@exemple.fr");
    expect(notice.replyTo).toBe("lea@exemple.fr");
    expect(notice.text).toContain("Léa Martin (pour Noé Martin) a réservé une séance d'essai");
    expect(notice.text).toContain("https://club.exemple.fr/admin/essais");
    const off = { ...FACTS, club: { ...FACTS.club, notify: false } };
    expect(clubNoticeMail({ ...off, event: "booked" })).toBeNull();
  });
});
