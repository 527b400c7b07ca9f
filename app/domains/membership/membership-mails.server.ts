import type { MailClub } from "~/core/club.server";
import type { MailToQueue } from "~/domains/mail/index.server";

/*
 * The family's membership mails, French plain text: the draft's link when the
 * file is started, and the confirmation once it is sent (its reference, what each member
 * still has to hand over, what to write on the back of the cheques, the file's link).
 */

function signature(club: Pick<MailClub, "name" | "location" | "email">): string {
  return [club.name, club.location, club.email].filter(Boolean).join("\n");
}

export function draftLinkMail({
  club,
  to,
  link,
}: {
  club: Pick<MailClub, "name" | "location" | "email">;
  to: string;
  link: string;
}): MailToQueue {
  return {
    kind: "membership",
    to,
    subject: `Votre inscription au club : reprendre votre dossier`,
    replyTo: club.email || undefined,
    text: [
      "Bonjour,",
      "",
      "Vous avez commencé l'inscription de votre famille au club. Elle est gardée : vous pouvez la reprendre à tout moment, depuis n'importe quel appareil, avec ce lien.",
      "",
      `Reprendre votre inscription : ${link}`,
      "",
      "Ce lien est personnel : il ouvre votre dossier sans mot de passe. Ne le transmettez pas.",
      "",
      signature(club),
    ].join("\n"),
  };
}

export type ConfirmationMember = {
  name: string;
  tariff: string;
  waiting: boolean;
  missing: string[];
};

export function confirmationMail({
  club,
  to,
  reference,
  members,
  totalLine,
  payment,
  chequeBack,
  link,
}: {
  club: Pick<MailClub, "name" | "location" | "email">;
  to: string;
  reference: string;
  members: readonly ConfirmationMember[];
  /** "Total à payer : 320 €" */
  totalLine: string;
  /** "3 chèques : 120 € (octobre 2026), …" or "Espèces : 320 €" */
  payment: string[];
  /** What to write on the back of the cheques, or "" when none. */
  chequeBack: string;
  link: string;
}): MailToQueue {
  const lines = [
    "Bonjour,",
    "",
    `Votre dossier d'adhésion est bien envoyé. Sa référence : ${reference}.`,
    "",
    "Les membres inscrits :",
    ...members.map(
      (member) =>
        `- ${member.name} : ${member.tariff}${member.waiting ? " (complet : liste d'attente, rien à payer tant qu'une place ne lui est pas donnée)" : ""}`,
    ),
    "",
    "Ce qui manque encore, à remettre au club :",
    ...members.flatMap((member) =>
      member.missing.length === 0
        ? [`- ${member.name} : rien`]
        : [`- ${member.name} : ${member.missing.join(" ; ")}`],
    ),
    "",
    totalLine,
    ...payment,
  ];
  if (chequeBack) {
    lines.push("", `Au dos de chaque chèque, écrivez : ${chequeBack}`);
  }
  lines.push(
    "",
    "Aucun document de santé n'est demandé en ligne : le certificat ou l'attestation se remet au club.",
    "",
    `Votre dossier, ce qui manque et vos données : ${link}`,
    "",
    signature(club),
  );
  return {
    kind: "membership",
    to,
    subject: `Adhésion au club : dossier ${reference} envoyé`,
    replyTo: club.email || undefined,
    text: lines.join("\n"),
  };
}
