import { elide } from "~/core/french";
import type { MailToQueue } from "~/domains/mail/index.server";
import { childName, sessionPhrase, type MailBooking, type MailSession } from "./trial-mails.server";
import { type MailClub } from "~/core/club.server";

/*
 * What the club is told of its trial sessions when Paramètres › Général asks for it
 * (notifyTrials, off by default): each booking, each cancellation by a visitor, each
 * cancellation by the club. Sent to the club's own address; a reply goes to the person.
 */

export type ClubEvent = "booked" | "waitlist" | "cancelled-by-visitor" | "cancelled-by-club";

const SUBJECTS: Record<ClubEvent, string> = {
  booked: "nouvelle réservation d'essai",
  waitlist: "nouvelle inscription en liste d'attente",
  "cancelled-by-visitor": "essai annulé par la personne",
  "cancelled-by-club": "essai annulé par le club",
};

const HAPPENED: Record<ClubEvent, (person: string) => string> = {
  booked: (person) => `${person} a réservé une séance d'essai`,
  waitlist: (person) => `${person} s'est inscrit(e) sur la liste d'attente`,
  "cancelled-by-visitor": (person) => `${person} a annulé sa séance d'essai`,
  "cancelled-by-club": (person) =>
    `Le club a annulé la séance d'essai ${elide("de", person)}, prévenu(e) par e-mail`,
};

/** "Léa Martin", or "Léa Martin (pour Noé Martin)" when the trial is a child's. */
function person(booking: MailBooking): string {
  const name = `${booking.firstName} ${booking.lastName}`.trim();
  const child = childName(booking);
  return child ? `${name} (pour ${child})` : name;
}

/** The club's notification of one event, or null when the setting is off. */
export function clubNoticeMail({
  club,
  booking,
  session,
  event,
}: {
  club: MailClub;
  booking: MailBooking;
  session: MailSession;
  event: ClubEvent;
}): MailToQueue | null {
  if (!club.notify || !club.email) return null;
  return {
    kind: "trial",
    to: club.email,
    replyTo: booking.email,
    subject: `${club.name} : ${SUBJECTS[event]} (${person(booking)})`,
    text: [
      `${HAPPENED[event](person(booking))} : séance du ${sessionPhrase(session)}.`,
      "",
      `E-mail : ${booking.email}`,
      ...(booking.phone ? [`Téléphone : ${booking.phone}`] : []),
      "",
      "Toutes les réservations dans l'administration, rubrique Essais :",
      `${club.origin}/admin/essais`,
      "",
      "Ces messages se désactivent dans Paramètres › Général.",
    ].join("\n"),
  };
}
