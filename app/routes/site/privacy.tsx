import { LegalPage, LegalPart } from "~/components/site/legal-text";
import { MembershipPrivacy } from "~/components/site/membership/membership-privacy";
import { membershipUsesOnlinePayment } from "~/domains/membership/privacy.server";
import { SPAM_KEEP_DAYS } from "~/domains/messages/contact-message.server";
import { SESSION_MAX_AGE_MS } from "~/domains/volunteers/sessions.server";
import { getAllSettings } from "~/domains/content/settings.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/privacy";

/* Politique de confidentialité (RGPD art. 13): what is stored, why, how long, rights. */

export async function loader() {
  const [{ legal, general }, onlinePayment] = await Promise.all([
    getAllSettings(),
    membershipUsesOnlinePayment(),
  ]);
  return {
    onlinePayment,
    legal,
    email: general.email,
    siteName: general.siteName,
    spamDays: SPAM_KEEP_DAYS,
    sessionDays: Math.round(SESSION_MAX_AGE_MS / 86_400_000),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Politique de confidentialité",
    description:
      "Les données que le site du club conserve, pourquoi, combien de temps, et vos droits.",
    path: "/confidentialite",
  });

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { legal, email, siteName, spamDays, sessionDays, onlinePayment } = loaderData;
  const months = legal.messageRetentionMonths;
  const trialMonths = legal.trialRetentionMonths;
  // Only the fields the club filled in, in one sentence that reads whole without the others.
  const controller = [
    legal.associationName.trim() || siteName,
    legal.seat.trim(),
    `représentée par son président${legal.president.trim() ? `, ${legal.president.trim()}` : ""}`,
  ]
    .filter(Boolean)
    .join(", ");
  const mail = (
    <a className="font-semibold text-teal-dark underline" href={`mailto:${email}`}>
      {email}
    </a>
  );
  return (
    <LegalPage title="Politique de confidentialité" subtitle="Vos données, et vos droits">
      <LegalPart title="Responsable du traitement">
        <p>
          {controller}. Contact : {mail}.
        </p>
      </LegalPart>
      <LegalPart title="Ce que le site conserve">
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <strong>Messages du formulaire de contact</strong> (nom, e-mail, téléphone facultatif,
            sujet, message, adresse IP d'envoi) : pour vous répondre, et pour écarter les envois
            automatiques. Conservés {months} mois, puis effacés automatiquement ; les messages
            classés comme indésirables sont effacés après {spamDays} jours.
          </li>
          <li>
            <strong>E-mails envoyés</strong> par le site (notification au club, accusé de réception)
            : pour garder la trace de leur envoi.
          </li>
          <li>
            <strong>Comptes et sessions des administrateurs</strong> (identifiant, mot de passe
            chiffré, tentatives de connexion avec l'adresse IP) : pour protéger l'accès au back
            office. Une session dure au plus {sessionDays} jours ; un compte vit tant que la
            personne administre le site.
          </li>
          <li>
            <strong>Réservations de séance d'essai</strong> (prénom, nom, e-mail, téléphone ; pour
            un enfant, son prénom, son année de naissance et le nom de son responsable légal ;
            niveau, message facultatif, présence à la séance) : pour organiser votre venue, vous
            envoyer la confirmation et le rappel de la veille, et vous prévenir d'un changement.
            Conservées {trialMonths} mois après la date de la séance, puis effacées automatiquement.
            L'adresse IP d'une demande de réservation est gardée une heure, pour limiter les envois
            automatiques.
          </li>
        </ul>
        <p>
          Le site ne dépose aucun cookie chez les visiteurs, n'utilise aucun outil de mesure
          d'audience et ne charge aucun contenu d'un autre site tant que vous n'avez pas demandé à
          afficher la carte.
        </p>
      </LegalPart>
      <MembershipPrivacy federation={legal.federation} onlinePayment={onlinePayment} />
      <LegalPart title="Vos droits">
        <p>
          Vous pouvez demander l'accès à vos données, leur rectification ou leur suppression en
          écrivant à {mail}. Nous répondons sous un mois. Vous pouvez aussi saisir la CNIL
          (www.cnil.fr).
        </p>
      </LegalPart>
    </LegalPage>
  );
}
