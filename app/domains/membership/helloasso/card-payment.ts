/*
 * Why « Payer par carte » could not go on to HelloAsso: the checkout's errors
 * (app/domains/membership/helloasso/checkout.server.ts) and the file page's notice after them
 * (?carte=<key>) say it in the same words.
 */
export const CARD_PROBLEMS = {
  off: "Le paiement par carte n'est pas proposé : payez au club.",
  indisponible:
    "Le paiement par carte est indisponible pour le moment : réessayez plus tard, ou payez au club.",
  preparation: "Le paiement est en préparation : réessayez dans un instant.",
  ouvert:
    "Un paiement par carte de ce dossier, commencé il y a moins de 15 minutes, est encore ouvert sur HelloAsso : choisissez-le de nouveau (même nombre de fois) pour le terminer, ou attendez 15 minutes pour en changer.",
  echeances: "Le paiement en 3 fois est en cours : HelloAsso prélèvera les prochaines échéances.",
  verifier:
    "Un paiement par carte de ce dossier est à vérifier par le club : contactez-le avant de payer à nouveau.",
} as const;
export type CardProblem = keyof typeof CARD_PROBLEMS;
