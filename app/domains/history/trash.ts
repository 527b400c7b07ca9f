import { keyGuard } from "~/core/keys";
import type { Capability } from "~/domains/volunteers";

/*
 * The Corbeille's vocabulary (docs/decisions/022-trash.md): the kinds of item a delete
 * puts there, the capability that opens each kind, and how long a deleted item is kept.
 */

/** A deleted item stays this many days, then the sweep removes it for good. */
export const TRASH_RETENTION_DAYS = 30;

export const TRASH_KINDS = {
  post: { label: "Article", capability: "content" },
  page: { label: "Page", capability: "content" },
  discipline: { label: "Discipline", capability: "content" },
  format: { label: "Format d'entraînement", capability: "content" },
  media: { label: "Média", capability: "content" },
  activity: { label: "Activité du planning", capability: "schedule" },
  inscription: { label: "Formulaire d'inscription", capability: "registrations" },
} as const satisfies Record<string, { label: string; capability: Capability }>;

export type TrashItemType = keyof typeof TRASH_KINDS;

export const isTrashItemType = keyGuard(TRASH_KINDS);

/** The Corbeille's filter by kind in its address (?type=). */
export const TRASH_KIND_PARAM = "type";

/** The sentence a delete's confirmation ends with. */
export const TRASH_NOTICE = `Vous pourrez annuler cette suppression depuis la Corbeille pendant ${TRASH_RETENTION_DAYS} jours.`;

export const TRASH_MESSAGES = {
  restored: "Élément restauré",
  purged: "Élément supprimé définitivement",
  notFound: "Cet élément n'est plus dans la Corbeille",
  failed: "Erreur lors de la restauration",
  purgeFailed: "Erreur lors de la suppression définitive",
} as const;
