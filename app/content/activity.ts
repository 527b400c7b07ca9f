/*
 * The journal's vocabulary (app/models/activity-log.server.ts): every act it records, and
 * every kind of item an act touches, with the French words the Journal screen shows.
 */

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
  move: "Déplacement",
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
  "schedule-change": "Changement du planning",
  menu: "Menu",
  settings: "Paramètres",
  media: "Média",
  price: "Tarifs",
  inscription: "Formulaire d'inscription",
  trial: "Essai",
  message: "Message",
} as const;

export type ActivityItemType = keyof typeof ACTIVITY_ITEM_TYPES;

export function isActivityAction(value: unknown): value is ActivityAction {
  return typeof value === "string" && Object.hasOwn(ACTIVITY_ACTIONS, value);
}
