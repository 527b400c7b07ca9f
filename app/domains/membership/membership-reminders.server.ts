/*
 * The membership's mails to a household, French plain text, queued through the
 * outbox by app/domains/membership/mail-jobs.server.ts in the transaction that claims their
 * membership_mails key (sent once).
 */
import type { IsoDate } from "~/core/club-time";
import { elide } from "~/core/french";
import type { MailClub } from "~/core/club.server";
import type { MailAttachment, MailToQueue } from "~/domains/mail/index.server";

export interface HouseholdMailFacts {
  club: Pick<MailClub, "name" | "email" | "origin">;
  to: string;
}

function mail(
  { club, to }: HouseholdMailFacts,
  subject: string,
  lines: string[],
  attachments?: MailAttachment[],
): MailToQueue {
  return {
    kind: "membership",
    to,
    replyTo: club.email,
    subject: `${club.name} : ${subject}`,
    text: ["Bonjour,", "", ...lines, "", "Sportivement,", club.name].join("\n"),
    ...(attachments ? { attachments } : {}),
  };
}

export function renewalUrl(origin: string, token: string): string {
  return `${origin}/adhesion/renouveler/${token}`;
}

export function optoutUrl(origin: string, token: string): string {
  return `${origin}/adhesion/desabonnement/${token}`;
}

export function attestationsMail(
  facts: HouseholdMailFacts & {
    reference: string;
    members: string[];
    attachments: MailAttachment[];
  },
): MailToQueue {
  const one = facts.members.length === 1;
  return mail(
    facts,
    `${one ? "attestation" : "attestations"} de paiement (dossier ${facts.reference})`,
    [
      `Nous avons bien reçu le paiement de votre dossier d'adhésion ${facts.reference}. Merci !`,
      "",
      one
        ? `Vous trouverez jointe l'attestation de paiement ${elide("de", facts.members[0] ?? "")}, à remettre si besoin à votre comité d'entreprise ou à votre mutuelle.`
        : `Vous trouverez jointes les attestations de paiement ${elide("de", facts.members.join(", "))}, à remettre si besoin à votre comité d'entreprise ou à votre mutuelle.`,
    ],
    facts.attachments,
  );
}

export function paymentReminderMail(
  facts: HouseholdMailFacts & { reference: string; link: string; card: boolean },
): MailToQueue {
  return mail(facts, `paiement de votre adhésion en attente (dossier ${facts.reference})`, [
    `Votre dossier d'adhésion ${facts.reference} a été envoyé il y a une semaine, mais nous n'avons pas encore enregistré son paiement.`,
    "Pensez à apporter votre règlement au club lors d'un entraînement (au dos des chèques : le numéro du dossier et le nom de l'adhérent).",
    ...(facts.card
      ? ["Vous pouvez aussi payer par carte bancaire, en ligne, depuis votre dossier."]
      : []),
    "",
    "Votre dossier :",
    facts.link,
    "",
    "Si vous avez déjà réglé, ne tenez pas compte de ce message.",
  ]);
}

/** « deux semaines », « 3 semaines »: whole weeks from one Paris day to another. */
function weeksBetween(from: IsoDate, to: IsoDate): string {
  const weeks = Math.floor((Date.parse(to) - Date.parse(from)) / (7 * 86_400_000));
  return weeks === 2 ? "deux semaines" : weeks === 1 ? "une semaine" : `${weeks} semaines`;
}

export function certificateReminderMail(
  facts: HouseholdMailFacts & {
    member: string;
    questionnaire: boolean;
    reference: string;
    /** The later of the season's start and the file's sending, and the day the mail leaves. */
    since: ({ started: IsoDate } | { sent: IsoDate }) & { today: IsoDate };
  },
): MailToQueue {
  const what = facts.questionnaire
    ? "l'attestation du questionnaire de santé"
    : "le certificat médical";
  const { since } = facts;
  const when =
    "sent" in since
      ? `Votre dossier ${facts.reference} a été envoyé il y a ${weeksBetween(since.sent, since.today)}`
      : `La saison a commencé il y a ${weeksBetween(since.started, since.today)}`;
  return mail(facts, `document médical attendu pour ${facts.member}`, [
    `${when} et le club n'a pas encore reçu ${what} ${elide("de", facts.member)} (dossier ${facts.reference}).`,
    facts.questionnaire
      ? "Merci de la remettre à l'entraîneur lors du prochain entraînement : sans elle, la licence ne peut pas être prise."
      : "Merci de le remettre à l'entraîneur lors du prochain entraînement (sur le formulaire de la FFBoxe, daté de cette saison) : sans lui, la licence ne peut pas être prise.",
    "Aucun document de santé n'est à envoyer par e-mail.",
  ]);
}

export function draftReminderMail(facts: HouseholdMailFacts & { link: string }): MailToQueue {
  return mail(facts, "votre adhésion n'est pas terminée", [
    "Vous avez commencé une adhésion au club il y a quelques jours sans l'envoyer.",
    "Ce que vous avez saisi est gardé : reprenez là où vous en étiez avec ce lien.",
    facts.link,
    "",
    "Si vous ne souhaitez plus adhérer, ignorez simplement ce message.",
  ]);
}

export function renewalMail(
  facts: HouseholdMailFacts & { season: string; members: string[]; link: string; optout: string },
): MailToQueue {
  return mail(facts, `renouvelez votre adhésion pour la saison ${facts.season}`, [
    `Les inscriptions pour la saison ${facts.season} sont ouvertes.`,
    `Pour renouveler l'adhésion ${elide("de", facts.members.join(", "))}, ouvrez ce lien : vos informations de la saison passée y sont déjà remplies, il ne reste qu'à les vérifier.`,
    facts.link,
    "Ce lien ne sert qu'une fois.",
    "",
    "Vous ne souhaitez plus recevoir ce rappel ?",
    facts.optout,
  ]);
}
