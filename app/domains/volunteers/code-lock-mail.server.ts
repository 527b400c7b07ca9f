import { ofClub } from "~/core/french";
import type { MailToQueue } from "~/domains/mail/index.server";

/*
 * The mail to a volunteer whose code step was locked by too many wrong codes
 * (app/domains/volunteers/two-factor-lock.server.ts): whoever typed them got past the password. It
 * holds no personal link: the sign-in page and « Mot de passe oublié ? » are the same for
 * everyone, and the reset link comes in a mail of its own.
 */

export interface CodeLockFacts {
  to: string;
  username: string;
  clubName: string;
  /** The site's address for mails (site-address.server.ts), never a request's Host. */
  origin: string;
  wrongCodes: number;
  lockMinutes: number;
}

export function codeLockMail(facts: CodeLockFacts): MailToQueue {
  return {
    kind: "account",
    to: facts.to,
    subject: `${facts.clubName} : quelqu'un connaît votre mot de passe`,
    text: [
      "Bonjour,",
      "",
      `Le mot de passe du compte « ${facts.username} » a été saisi sur l'espace d'administration ${ofClub(facts.clubName)}, puis ${facts.wrongCodes} codes de double authentification erronés. La saisie des codes de ce compte est bloquée pendant ${facts.lockMinutes} minutes.`,
      "",
      "Si ce n'était pas vous, quelqu'un connaît votre mot de passe : changez-le dès maintenant.",
      "- Demandez un lien depuis « Mot de passe oublié ? » :",
      `  ${facts.origin}/admin/mot-de-passe-oublie`,
      "- ou, une fois connecté(e), dans Mon compte, rubrique « Mot de passe » :",
      `  ${facts.origin}/admin/settings/account`,
      "Le nouveau mot de passe ferme toutes les autres sessions du compte.",
      "",
      "Votre double authentification a tenu : sans votre téléphone, ces tentatives n'ont rien ouvert.",
      "",
      facts.clubName,
    ].join("\n"),
  };
}
