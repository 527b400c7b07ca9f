/*
 * The membership's vocabulary (docs/decisions/024-membership.md): the words the
 * family's form, the desk, the exports and the mails share, and the shape of a draft the
 * family is typing (kept as JSON in membership_files.draft until the file is sent).
 */

import { agree, type PersonSex } from "~/core/french";
import { keyGuard } from "~/core/keys";

export const PRACTICES = {
  educative: "Boxe éducative",
  loisir: "Loisir",
  competition: "Compétition",
  cardio: "Cardio boxing",
} as const;
export type Practice = keyof typeof PRACTICES;

export const isPractice = keyGuard(PRACTICES);

export const SEXES = { F: "Féminin", M: "Masculin" } as const;
export type Sex = keyof typeof SEXES;

/** The medical rule of a tariff: the federation's every-season certificate by default. */
export const MEDICAL_RULES = {
  certificate: {
    label: "Certificat médical de la saison",
    text: "Un certificat médical sur le formulaire de la FFBoxe, daté de cette saison, est à remettre au club avant le premier entraînement.",
  },
  questionnaire: {
    label: "Questionnaire de santé (mineur)",
    text: "Pour un mineur, l'attestation du questionnaire de santé rempli avec ses parents suffit. Si une réponse est « oui », un certificat médical de moins de 6 mois est à remettre au club.",
  },
} as const;
export type MedicalRule = keyof typeof MEDICAL_RULES;

export const isMedicalRule = keyGuard(MEDICAL_RULES);

/**
 * The consents asked per member. `minor`: asked only for a minor. `required`: the file
 * cannot be sent without it (the right to the image is a separate opt-in).
 */
export const CONSENTS = {
  reglement: {
    label: "J'ai lu et j'accepte le règlement intérieur du club.",
    minor: false,
    required: true,
  },
  autorisation_parentale: {
    label: "J'autorise mon enfant à pratiquer la boxe anglaise au club.",
    minor: true,
    required: true,
  },
  soins_urgence: {
    label: "J'autorise le club à faire donner les soins d'urgence nécessaires à mon enfant.",
    minor: true,
    required: true,
  },
  depart_seul: {
    label: "J'autorise mon enfant à quitter seul la salle après l'entraînement.",
    minor: true,
    required: false,
  },
  droit_image: {
    label:
      "J'accepte que le club publie des photos ou vidéos où figure l'adhérent (site, réseaux sociaux).",
    minor: false,
    required: false,
  },
} as const;
export type ConsentKind = keyof typeof CONSENTS;
export const CONSENT_KINDS = Object.keys(CONSENTS) as ConsentKind[];

/** A consent as kept on a registration: what was ticked, on which text, when, by whom. */
export type StoredConsent = {
  kind: ConsentKind;
  accepted: boolean;
  /** sha256 (12 hex) of the text accepted: the label, or the season's house rules. */
  version: string;
  at: string;
  by: string;
};

export const PAYMENT_METHODS = {
  cheque: "Chèque",
  cash: "Espèces",
  cheque_vacances: "Chèques-Vacances",
  coupon_sport: "Coupon Sport",
  transfer: "Virement",
  card: "Carte bancaire (HelloAsso)",
} as const;
export type PaymentMethod = keyof typeof PAYMENT_METHODS;

export const isPaymentMethod = keyGuard(PAYMENT_METHODS);

export const PAYMENT_STATUSES = {
  expected: "Attendu",
  received: "Reçu",
  deposited: "Remis en banque",
  /** A deposited cheque returned unpaid: owed again. */
  rejected: "Rejeté",
  cancelled: "Annulé",
  refunded: "Remboursé",
  /** A card payment the payer disputed with the bank (HelloAsso's Contested): not money. */
  contested: "Contesté",
} as const;
export type PaymentStatus = keyof typeof PAYMENT_STATUSES;

/** A HelloAsso checkout's states (helloasso_checkouts.state), as the desk says them. */
export const CHECKOUT_STATES = {
  creating: "En préparation",
  pending: "En cours sur HelloAsso",
  paid: "Payé",
  refused: "Refusé",
  abandoned: "Abandonné",
  failed: "Non créé (HelloAsso indisponible)",
} as const;
export type CheckoutState = keyof typeof CHECKOUT_STATES;

export const REGISTRATION_STATUSES = {
  active: "Inscrit",
  waiting: "Liste d'attente",
  cancelled: "Annulé",
} as const;
export type RegistrationStatus = keyof typeof REGISTRATION_STATUSES;

/** A registration's state said of its member: « Inscrite », « Inscrit », or « Inscrit(e) ». */
export function registrationStatusLabel(status: string, sex: PersonSex): string {
  if (status === "active") return agree(sex, REGISTRATION_STATUSES.active);
  if (status === "cancelled") return agree(sex, REGISTRATION_STATUSES.cancelled);
  return REGISTRATION_STATUSES[status as RegistrationStatus] ?? status;
}

/** At most this many cheques for one file. */
export const MAX_CHEQUES = 3;

/** A household's guardians (1 or 2 when a member is a minor). */
export type Guardian = {
  firstName: string;
  lastName: string;
  /** mère | père | tuteur | … as typed */
  relation: string;
  phone: string;
  email: string;
};

export type DraftMember = {
  /** Stable within the draft (the form's hidden field), e.g. "m1". */
  key: string;
  /** The member of last season this one renews, when it is a renewal. */
  memberId: number | null;
  firstName: string;
  lastName: string;
  birthDate: string;
  sex: Sex | "";
  practice: Practice | "";
  tariffId: number | null;
  passSportCode: string;
  consents: Partial<Record<ConsentKind, boolean>>;
  /** « Je remettrai le certificat au club » ticked. */
  medicalPromise: boolean;
};

export type DraftPayment = {
  /** club | card (HelloAsso) */
  choice: "club" | "card" | "";
  /** How the family will pay at the club. */
  method: Exclude<PaymentMethod, "card"> | "";
  /** 1 to MAX_CHEQUES, for cheques. */
  cheques: number;
  /** YYYY-MM, one per cheque. */
  months: string[];
  /** By card: 1, or 3 when HelloAsso's instalments are offered (absent in older drafts). */
  instalments?: 1 | 3;
};

export type MembershipDraft = {
  household: { email: string; phone: string; address: string; postalCode: string; city: string };
  guardians: Guardian[];
  members: DraftMember[];
  payment: DraftPayment;
};

export function emptyDraft(): MembershipDraft {
  return {
    household: { email: "", phone: "", address: "", postalCode: "", city: "" },
    guardians: [],
    members: [],
    payment: { choice: "", method: "", cheques: 1, months: [] },
  };
}
