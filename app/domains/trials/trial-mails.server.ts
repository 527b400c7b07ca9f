import { elide } from "~/core/french";
import { frenchDay } from "~/core/date-format";
import { type IsoDate } from "~/core/club-time";
import { buildSessionCalendar } from "~/domains/schedule";
import { getEnv } from "~/core/env.server";
import type { MailClub } from "~/core/club.server";
import type { MailAttachment, MailToQueue } from "~/domains/mail/index.server";

/*
 * The trial sessions' mails, French plain text, queued through the outbox in
 * the transaction that changes the booking (app/models/trial-*.server.ts). The cancel
 * link's token is stored hashed: a later mail that offers to cancel carries a new link,
 * which replaces the earlier one (renewCancelLink). A session's date always comes before
 * its title (sessionPhrase), which may end with a day.
 */

/** What a mail says of the person booked. */
export interface MailBooking {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  childFirstName: string | null;
  /** "" for an adult, and for a child booked before migration 017. */
  childLastName: string;
}

/** What a mail says of the session: where and when it takes place now. */
export interface MailSession {
  title: string;
  onDate: IsoDate;
  onStart: string;
  onEnd: string;
  /** The club's reason for a cancellation or a move. */
  note: string;
}

/**
 * The host naming a booking's calendar event: PUBLIC_URL's, else localhost. Stable, so
 * that a moved session's event replaces the confirmation's.
 */
function eventHost(): string {
  const url = getEnv().publicUrl;
  return url ? new URL(url).hostname : "localhost";
}

export function cancelUrl(origin: string, token: string): string {
  return `${origin}/essai/annuler/${token}`;
}

/** "lundi 7 décembre de 19h00 à 20h30" */
export function sessionWhen(session: MailSession): string {
  return `${frenchDay(session.onDate)} de ${session.onStart} à ${session.onEnd}`;
}

/**
 * "dimanche 29 novembre de 10h00 à 11h30 (Boxe loisir du dimanche)": the date before the
 * title, which may end with a day ("… du dimanche du dimanche 29 novembre" otherwise).
 * Every mail names a session with it.
 */
export function sessionPhrase(session: MailSession): string {
  return `${sessionWhen(session)} (${session.title})`;
}

/** The child's name ("Noé Martin"), or null for an adult's trial. */
export function childName(booking: Pick<MailBooking, "childFirstName" | "childLastName">) {
  return booking.childFirstName
    ? `${booking.childFirstName} ${booking.childLastName}`.trim()
    : null;
}

function who(booking: MailBooking): string {
  const child = childName(booking);
  return child ? `la séance d'essai ${elide("de", child)}` : "votre séance d'essai";
}

/** Where the club is, and its map when Paramètres has one. */
function whereLines(club: MailClub): string[] {
  return [
    `Adresse : ${club.location}.`,
    ...(club.mapsUrl ? [`Plan d'accès : ${club.mapsUrl}`] : []),
  ];
}

function ics(club: MailClub, booking: MailBooking, session: MailSession, sequence: number) {
  const calendar = buildSessionCalendar(
    {
      uid: `essai-${booking.id}@${eventHost()}`,
      sequence,
      title: `Séance d'essai : ${session.title}`,
      date: session.onDate,
      start: session.onStart,
      end: session.onEnd,
      description: `${club.name}. Séance d'essai gratuite.`,
      location: club.location,
    },
    { name: club.name },
  );
  const attachment: MailAttachment = {
    filename: "seance-essai.ics",
    contentType: "text/calendar; charset=utf-8; method=PUBLISH",
    contentBase64: Buffer.from(calendar, "utf8").toString("base64"),
  };
  return [attachment];
}

/** What every trial mail is written from; `link`: the cancel link, in the mails offering it. */
export interface TrialMailFacts {
  club: MailClub;
  booking: MailBooking;
  session: MailSession;
  link?: string;
  /** The .ics event's sequence (moved sessions): raised by each update. */
  sequence?: number;
}

export type TrialMail = (facts: TrialMailFacts) => MailToQueue;

function mail(
  { club, booking, session }: TrialMailFacts,
  subject: string,
  lines: string[],
  /** With the session as an .ics attachment, at this sequence. */
  withIcs?: number,
): MailToQueue {
  return {
    kind: "trial",
    to: booking.email,
    replyTo: club.email,
    subject: `${club.name} : ${subject}`,
    text: [`Bonjour ${booking.firstName},`, "", ...lines, "", "À bientôt,", club.name].join("\n"),
    ...(withIcs === undefined ? {} : { attachments: ics(club, booking, session, withIcs) }),
  };
}

const BRING = "À prévoir : une tenue de sport, des baskets propres et une bouteille d'eau.";
const ICS_JOINED = "Le rendez-vous est joint à ce message (fichier .ics) pour votre agenda.";

/** The new cancel link of a later mail, said to replace the first one. */
function renewedLink(link = ""): string[] {
  return [
    "Un empêchement ? Annulez pour libérer la place avec ce lien (il remplace celui de nos e-mails précédents) :",
    link,
  ];
}

export const confirmationMail: TrialMail = (facts) => {
  const { club, booking, session, link = "" } = facts;
  return mail(
    facts,
    "séance d'essai confirmée",
    [
      `Nous vous confirmons ${who(booking)} du ${sessionPhrase(session)}.`,
      `Réservation faite avec l'adresse e-mail ${booking.email}.`,
      "",
      ...whereLines(club),
      BRING,
      "",
      ICS_JOINED,
      "",
      "Un empêchement ? Annulez pour libérer la place :",
      link,
    ],
    0,
  );
};

export const waitlistMail: TrialMail = (facts) =>
  mail(facts, "inscription sur la liste d'attente", [
    `La séance du ${sessionPhrase(facts.session)} est complète : ${waiting(facts.booking)} sur la liste d'attente.`,
    "Si une place se libère, nous vous l'attribuons et vous prévenons aussitôt par e-mail.",
    "",
    "Pour quitter la liste d'attente :",
    facts.link ?? "",
  ]);

export const promotionMail: TrialMail = (facts) => {
  const { club, booking, session } = facts;
  return mail(
    facts,
    "une place s'est libérée pour votre séance d'essai",
    [
      `Bonne nouvelle : une place s'est libérée. ${capitalize(who(booking))} est confirmée, le ${sessionPhrase(session)}.`,
      ...whereLines(club),
      ICS_JOINED,
      "",
      ...renewedLink(facts.link),
    ],
    1,
  );
};

export const sessionCancelledMail: TrialMail = (facts) => {
  const { club, booking, session } = facts;
  return mail(facts, "séance d'essai annulée", [
    `La séance du ${frenchDay(session.onDate)} (${session.title}) est annulée par le club${reason(session)}.`,
    `Nous sommes désolés : ${who(booking)} n'aura pas lieu ce jour-là.`,
    "Vous pouvez réserver une autre séance sur notre site :",
    `${club.origin}/essai`,
  ]);
};

export const sessionMovedMail: TrialMail = (facts) => {
  const { booking, session, sequence = 1 } = facts;
  return mail(
    facts,
    "changement d'horaire de votre séance d'essai",
    [
      `${capitalize(who(booking))} (${session.title}) change d'horaire${reason(session)} : elle a désormais lieu le ${sessionWhen(session)}.`,
      "Le rendez-vous mis à jour est joint à ce message (fichier .ics).",
      "",
      ...renewedLink(facts.link),
    ],
    sequence,
  );
};

export const bookingCancelledByClubMail: TrialMail = (facts) => {
  const { club, booking, session } = facts;
  return mail(facts, "réservation d'essai annulée", [
    `Le club a annulé ${who(booking)} du ${sessionPhrase(session)}.`,
    `Pour toute question, répondez à ce message ou écrivez à ${club.email}.`,
  ]);
};

/** The receipt of a cancellation by the visitor's link. */
export const cancelReceiptMail = (facts: TrialMailFacts & { waitlist: boolean }) => {
  const { booking, session } = facts;
  return mail(facts, "annulation confirmée", [
    facts.waitlist
      ? `Votre annulation est confirmée : vous ne figurez plus sur la liste d'attente de la séance du ${sessionPhrase(session)}.`
      : `Votre annulation est confirmée : ${who(booking)} du ${sessionPhrase(session)} est annulée.`,
    "Merci de nous avoir prévenus. Vous pouvez réserver une autre séance quand vous le souhaitez :",
    `${facts.club.origin}/essai`,
  ]);
};

/** The day before the session, or its own day when the reminder is late (`today`). */
export const reminderMail = (facts: TrialMailFacts & { today?: boolean }) => {
  const { club, booking, session } = facts;
  const day = facts.today ? "aujourd'hui" : "demain";
  return mail(facts, `rappel de votre séance d'essai ${day}`, [
    `Petit rappel : ${who(booking)} a lieu ${day}, ${sessionPhrase(session)}.`,
    ...whereLines(club),
    BRING,
    "",
    ...renewedLink(facts.link),
  ]);
};

function waiting(booking: MailBooking): string {
  const child = childName(booking);
  return child ? `${child} est` : "vous êtes";
}

function reason(session: MailSession): string {
  return session.note ? ` (${session.note})` : "";
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
