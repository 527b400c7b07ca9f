/*
 * How long the membership's personal data is kept (RGPD): the one source that
 * app/domains/membership/retention.server.ts applies, Paramètres › Informations légales
 * shows and /confidentialite tells the families. Fixed here, not settings: the accounts'
 * 10 years are the law (Code de commerce L123-22), the rest the club's rule.
 */

/** Payment records: kept this many years after their season ends (the accounts). */
export const PAYMENT_RETENTION_YEARS = 10;

/** HelloAsso's notifications (the payer's name and e-mail in them): kept this many days. */
export const NOTIFICATION_RETENTION_DAYS = 90;

/** What each rule says, in the words the settings and the privacy page share. */
export const MEMBERSHIP_RETENTION = {
  members:
    "Les adhérents qui ne renouvellent pas sont anonymisés après la date de grâce de la saison suivante : nom et prénom remplacés par « Anonyme », date de naissance réduite à l'année ; e-mail, téléphone, adresse, responsables légaux et numéro de licence effacés. Le sexe, l'année de naissance, la formule et les montants restent, pour les chiffres de la saison.",
  grace:
    "La date de grâce, fixée par le club pour chaque saison, laisse à ceux qui reviennent en retard le temps de se réinscrire sans tout ressaisir.",
  payments: `Les paiements (montants, chèques, dates) sont gardés ${PAYMENT_RETENTION_YEARS} ans après la fin de leur saison, pour la comptabilité, puis supprimés.`,
  drafts:
    "Un dossier commencé mais jamais envoyé est supprimé à la clôture des inscriptions de sa saison.",
  notifications: `Quand le paiement par carte est proposé, les avis de paiement envoyés par HelloAsso (nom et e-mail du payeur, montant) sont effacés ${NOTIFICATION_RETENTION_DAYS} jours après leur réception.`,
} as const;
