/*
 * The journal's vocabulary (app/domains/history/activity-log.server.ts): every act it records, and
 * every kind of item an act touches, with the French words the Journal screen shows.
 */

import { wordOf } from "~/core/keys";

export const ACTIVITY_ACTIONS = {
  // Sign-in and account
  login: "Connexion",
  "login.failed": "Échec de connexion",
  logout: "Déconnexion",
  "2fa.enrolled": "Double authentification activée",
  "2fa.disabled": "Double authentification désactivée",
  "2fa.failed": "Code de double authentification refusé",
  "2fa.recovery-used": "Code de secours utilisé",
  "2fa.recovery-regenerated": "Codes de secours régénérés",
  "2fa.reset": "Double authentification réinitialisée",
  "2fa.locked": "Codes bloqués 15 minutes : trop de codes erronés",
  "2fa.unreadable": "Double authentification illisible (clé secrète perdue)",
  "2fa.unreadable-cleared": "Double authentification illisible retirée : à activer de nouveau",
  "password.changed": "Mot de passe modifié",
  "password.reset-requested": "Réinitialisation du mot de passe demandée",
  "password.reset": "Mot de passe réinitialisé",
  "session.ended": "Session terminée",
  // Volunteers
  "user.invited": "Invitation envoyée",
  "user.joined": "Invitation acceptée",
  "user.roles": "Rôles modifiés",
  "user.email": "Adresse e-mail modifiée",
  "user.deactivated": "Compte désactivé",
  "user.reactivated": "Compte réactivé",
  // Content, timetable, trials, settings, messages
  create: "Création",
  save: "Modification",
  publish: "Publication",
  unpublish: "Dépublication",
  delete: "Suppression",
  restore: "Restauration",
  reorder: "Nouvel ordre",
  upload: "Envoi de fichier",
  cancel: "Annulation",
  attendance: "Présence notée",
  reply: "Réponse envoyée",
  "mail.resent": "E-mail renvoyé avec un nouveau lien personnel",
  move: "Déplacement",
  // The Corbeille (ADR 022): a delete puts the item there; "delete" names that act.
  "trash.restored": "Restauration depuis la Corbeille",
  "trash.purged": "Suppression définitive",
  // Operations on the server
  "backup.restored": "Sauvegarde restaurée",
  "backup.made": "Sauvegarde faite",
  "backup.failed": "Sauvegarde échouée",
  // Membership: a member's page read, a file sent, money recorded, an export.
  "member.viewed": "Fiche consultée",
  "membership.submitted": "Dossier envoyé",
  "payment.received": "Paiement enregistré",
  export: "Export",
  // Membership, later acts: an attestation downloaded; the daily retention's pass.
  "attestation.downloaded": "Attestation téléchargée",
  "membership.retention": "Conservation des données appliquée",
} as const;

export type ActivityAction = keyof typeof ACTIVITY_ACTIONS;

export const ACTIVITY_ITEM_TYPES = {
  user: "Bénévole",
  page: "Page",
  post: "Article",
  content: "Contenu",
  discipline: "Discipline",
  format: "Format d'entraînement",
  activity: "Créneau",
  schedule: "Planning",
  "schedule-change": "Changement du planning",
  menu: "Menu",
  settings: "Paramètres",
  media: "Média",
  price: "Tarifs",
  inscription: "Formulaire d'inscription",
  trial: "Essai",
  message: "Message",
  mail: "E-mail envoyé",
  season: "Saison d'adhésion",
  membership: "Dossier d'adhésion",
  member: "Adhérent",
} as const;

export type ActivityItemType = keyof typeof ACTIVITY_ITEM_TYPES;

/** The acts that change the site or the club's records (not sign-ins, not volunteers). */
export const CHANGE_ACTIONS = [
  "create",
  "save",
  "publish",
  "unpublish",
  "delete",
  "restore",
  "reorder",
  "upload",
  "cancel",
  "attendance",
  "reply",
  "move",
  "trash.restored",
  "trash.purged",
  "membership.submitted",
  "payment.received",
] as const satisfies readonly ActivityAction[];

/**
 * The Journal's "kind of act" filter (?type=): the sign-ins and the volunteers by their
 * acts, the changes by the kind of item they touch.
 */
export const ACTIVITY_KINDS = {
  connexions: {
    label: "Connexions et compte",
    actions: [
      "login",
      "login.failed",
      "logout",
      "2fa.enrolled",
      "2fa.disabled",
      "2fa.failed",
      "2fa.recovery-used",
      "2fa.recovery-regenerated",
      "2fa.reset",
      "2fa.locked",
      "2fa.unreadable",
      "2fa.unreadable-cleared",
      "password.changed",
      "user.email",
      "password.reset-requested",
      "password.reset",
      "session.ended",
    ],
  },
  benevoles: {
    label: "Bénévoles",
    actions: ["user.invited", "user.joined", "user.roles", "user.deactivated", "user.reactivated"],
  },
  contenu: {
    label: "Contenu du site",
    itemTypes: ["content", "page", "post", "media", "menu", "settings", "discipline", "format"],
  },
  planning: { label: "Planning", itemTypes: ["activity", "schedule-change", "schedule"] },
  essais: { label: "Essais", itemTypes: ["trial"] },
  messages: { label: "Messages", itemTypes: ["message", "mail"] },
  inscriptions: { label: "Tarifs et inscriptions", itemTypes: ["price", "inscription"] },
  adhesions: {
    label: "Adhésions",
    itemTypes: ["season", "membership", "member"],
  },
  sauvegardes: {
    label: "Sauvegardes",
    actions: ["backup.made", "backup.failed", "backup.restored"],
  },
} as const satisfies Record<
  string,
  | { label: string; actions: readonly ActivityAction[] }
  | { label: string; itemTypes: readonly ActivityItemType[] }
>;

export type ActivityKind = keyof typeof ACTIVITY_KINDS;

/** The Journal's filters in its address: the person (the admin's only) and the kind of act. */
export const JOURNAL_PERSON_PARAM = "personne";
export const JOURNAL_KIND_PARAM = "type";
export const ACTIVITY_KIND_KEYS = Object.keys(ACTIVITY_KINDS) as ActivityKind[];

/**
 * The screen where an item of each type is edited (the Journal links its rows there, for a
 * reader whose roles open that screen).
 */
export const ACTIVITY_ITEM_SCREENS: Readonly<Partial<Record<ActivityItemType, string>>> = {
  page: "/admin/pages",
  post: "/admin/blog",
  content: "/admin/content",
  discipline: "/admin/disciplines",
  format: "/admin/training",
  activity: "/admin/schedule",
  "schedule-change": "/admin/schedule",
  schedule: "/admin/schedule",
  menu: "/admin/menu",
  settings: "/admin/settings",
  media: "/admin/media",
  price: "/admin/tarifs",
  inscription: "/admin/inscriptions",
  trial: "/admin/essais",
  message: "/admin/messages",
  user: "/admin/benevoles",
  season: "/admin/adhesions/saisons",
  membership: "/admin/adhesions",
  member: "/admin/adhesions",
};

/** The French word of an act, or the stored word itself for one no longer known. */
export function activityActionLabel(action: string): string {
  return wordOf(ACTIVITY_ACTIONS, action);
}

export function activityItemTypeLabel(itemType: string): string {
  return wordOf(ACTIVITY_ITEM_TYPES, itemType);
}

/** The settings' categories by the name of their tab in Paramètres (the journal's item). */
export const SETTINGS_LABELS: Readonly<Record<string, string>> = {
  general: "Général",
  site_address: "Adresse du site",
  address: "Adresse",
  hours: "Horaires",
  social: "Réseaux sociaux",
  social_icons: "Réseaux sociaux",
  tarifs_pdf: "PDF Tarifs",
  schedule_display: "Affichage Planning",
  legal: "Informations légales",
  // The admin's « Paiement en ligne » (HelloAsso; its own screen, /admin/settings/paiement).
  helloasso: "Paiement en ligne",
};
