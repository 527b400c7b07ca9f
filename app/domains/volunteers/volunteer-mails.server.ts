import { ofClub } from "~/core/french";
import { formatFrenchDateTime } from "~/core/date-format";
import { ROLE_LABELS, type Role } from "~/domains/volunteers/capabilities";
import type { MailToQueue } from "~/domains/mail/index.server";

/*
 * The two mails of the volunteers' accounts, French plain text, queued in the transaction
 * that creates their link (volunteer-invitation.server.ts, password-reset.server.ts). The
 * link's origin is the site's address for mails (site-address.server.ts), never the Host
 * of the request that asked for it.
 */

export interface VolunteerMailFacts {
  to: string;
  username: string;
  clubName: string;
  /** The absolute link, with its token. */
  link: string;
  expiresAt: string;
}

/** An invitation also says the roles given and who gave them. */
export interface InvitationFacts extends VolunteerMailFacts {
  roles: readonly Role[];
  invitedBy: string;
}

export function invitationUrl(origin: string, token: string): string {
  return `${origin}/admin/invitation/${token}`;
}

export function resetUrl(origin: string, token: string): string {
  return `${origin}/admin/reinitialiser/${token}`;
}

export function invitationMail(facts: InvitationFacts): MailToQueue {
  const roles = facts.roles.map((role) => ROLE_LABELS[role]).join(", ");
  return {
    kind: "account",
    to: facts.to,
    subject: `${facts.clubName} : invitation à l'espace d'administration`,
    text: [
      "Bonjour,",
      "",
      `${facts.invitedBy} vous invite à participer à l'espace d'administration ${ofClub(facts.clubName)}, avec le nom d'utilisateur « ${facts.username} » et ${facts.roles.length > 1 ? "les rôles" : "le rôle"} ${roles}.`,
      "Choisissez votre mot de passe en ouvrant ce lien :",
      facts.link,
      "",
      `Ce lien ne sert qu'une fois et expire le ${formatFrenchDateTime(facts.expiresAt)}. Passé ce délai, demandez une nouvelle invitation à un administrateur du club.`,
      "",
      "Si vous ne vous attendiez pas à cette invitation, ignorez ce message.",
      "",
      facts.clubName,
    ].join("\n"),
  };
}

export function resetMail(facts: VolunteerMailFacts): MailToQueue {
  return {
    kind: "account",
    to: facts.to,
    subject: `${facts.clubName} : réinitialisation du mot de passe`,
    text: [
      "Bonjour,",
      "",
      `Une réinitialisation du mot de passe du compte « ${facts.username} » a été demandée sur l'espace d'administration ${ofClub(facts.clubName)}.`,
      "Choisissez un nouveau mot de passe en ouvrant ce lien :",
      facts.link,
      "",
      `Ce lien ne sert qu'une fois et expire le ${formatFrenchDateTime(facts.expiresAt)} (une heure après la demande).`,
      "",
      "Si vous n'avez rien demandé, ignorez ce message : votre mot de passe reste le même.",
      "",
      facts.clubName,
    ].join("\n"),
  };
}
