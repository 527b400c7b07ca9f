import { DISCIPLINE_DEFAULTS } from "~/domains/content/defaults";

/**
 * A title a visitor may read: not empty and not the "Sans titre" placeholder that
 * "Ajouter" puts on a new discipline or format (spec §3 defaults).
 */
export function hasRealTitle(title: string): boolean {
  const trimmed = title.trim();
  return trimmed !== "" && trimmed !== DISCIPLINE_DEFAULTS.title;
}
