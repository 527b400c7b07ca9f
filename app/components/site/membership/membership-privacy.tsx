import { MEMBERSHIP_RETENTION } from "~/domains/membership/membership-retention";
import { LegalPart } from "../legal-text";

/** "Fédération Française de Boxe" → "la Fédération Française de Boxe (FFBoxe)". */
function federationName(federation: string): string {
  const name = federation.trim() || "Fédération Française de Boxe";
  return /ffboxe/i.test(name) ? `la ${name}` : `la ${name} (FFBoxe)`;
}

/**
 * /confidentialite's part on the membership (RGPD art. 13): purposes, data,
 * recipients and durations, the durations in the very words the retention applies
 * (app/domains/membership/membership-retention.ts).
 */
export function MembershipPrivacy({
  federation,
  onlinePayment,
}: {
  federation: string;
  /** HelloAsso is named while card payment is on, or once a family paid through it. */
  onlinePayment: boolean;
}) {
  return (
    <LegalPart title="Adhésion au club">
      <p>
        <strong>Pourquoi :</strong> gérer votre adhésion et celle de vos enfants (dossier, paiement,
        attestations de paiement), demander la licence fédérale et l'assurance qui l'accompagne,
        vérifier le certificat médical ou le questionnaire de santé, vous écrire (confirmation,
        rappels, invitation à renouveler), et établir les chiffres anonymes que demandent les
        subventions. Base légale : le contrat d'adhésion, et l'obligation comptable pour les
        paiements.
      </p>
      <p>
        <strong>Quelles données :</strong> pour le foyer, l'e-mail, le téléphone, l'adresse et les
        responsables légaux ; pour chaque adhérent, le nom, la date de naissance, le sexe, la
        formule choisie, le numéro de licence, les autorisations données (avec leur date et la
        version du texte accepté), le code Pass'Sport et les dates de remise du certificat médical.
        Aucun document de santé n'est conservé par le site : seulement les dates. Les paiements :
        montants, numéros de chèque et banque, dates.
      </p>
      <p>
        <strong>Qui les reçoit :</strong> les bénévoles du bureau chargés des adhésions (président,
        trésorier) ; {federationName(federation)} pour la licence ; l'assureur de la licence pour la
        couverture des adhérents
        {onlinePayment ? " ; HelloAsso, pour les paiements en ligne par carte" : ""}. Les données ne
        sont ni vendues ni transmises à d'autres.
      </p>
      <p>
        <strong>Combien de temps :</strong>
      </p>
      <ul className="list-disc space-y-2 pl-6">
        <li>{MEMBERSHIP_RETENTION.members}</li>
        <li>{MEMBERSHIP_RETENTION.grace}</li>
        <li>{MEMBERSHIP_RETENTION.payments}</li>
        <li>{MEMBERSHIP_RETENTION.drafts}</li>
        {onlinePayment ? <li>{MEMBERSHIP_RETENTION.notifications}</li> : null}
      </ul>
    </LegalPart>
  );
}
