import { wordOf } from "~/core/keys";
import { wordDiff, type DiffPart } from "./word-diff";

/*
 * The history's vocabulary and how a version's fields read (app/models/history/,
 * docs/decisions/021-history.md), for the server and the Historique panel alike.
 */

/** The kinds of item that keep versions, by the journal's word for them. */
export const HISTORY_TYPES = [
  "post",
  "page",
  "content",
  "discipline",
  "format",
  "activity",
  "menu",
  "settings",
  "price",
] as const;
export type HistoryType = (typeof HISTORY_TYPES)[number];

export function isHistoryType(value: unknown): value is HistoryType {
  return typeof value === "string" && (HISTORY_TYPES as readonly string[]).includes(value);
}

/** The acts a version records, in French (the panel's list). */
export const VERSION_ACTIONS = {
  /** The state found when the history first saw the item (the seed, older data). */
  initial: "Version de départ",
  create: "Création",
  save: "Modification",
  publish: "Publication",
  unpublish: "Dépublication",
  restore: "Restauration",
  schedule: "Programmation",
} as const;
export type VersionAction = keyof typeof VERSION_ACTIONS;

export function versionActionLabel(action: string): string {
  return wordOf(VERSION_ACTIONS, action);
}

/** The restore's choice for a published article or page. */
export const RESTORE_PUBLISH = ["now", "draft"] as const;
export type RestorePublish = (typeof RESTORE_PUBLISH)[number];

export const HISTORY_MESSAGES = {
  restored: "Version restaurée",
  restoredDraft: "Version restaurée en brouillon",
  identical: "Cette version est déjà l'état actuel",
  notFound: "Cette version n'existe plus",
  itemGone: "Cet élément n'existe plus",
  invalid: "Cette version ne passe plus les règles actuelles : restauration impossible",
  stale: "L'élément vient d'être modifié : rouvrez l'historique et réessayez",
  failed: "Erreur lors de la restauration",
  loadFailed: "Impossible de charger l'historique",
} as const;

/** A field's value as one readable text: lists one item a line, yes/no in French. */
export function fieldText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "Oui" : "Non";
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return value.map((item) => fieldText(item)).join("\n");
  if (typeof value === "object") {
    return Object.values(value as Record<string, unknown>)
      .map((item) => fieldText(item))
      .filter((text) => text !== "")
      .join(" · ");
  }
  return String(value);
}

/** HTML compared as text: tags dropped, block ends as line breaks, entities read. */
export function htmlAsText(html: string): string {
  return html
    .replace(/<\/(p|h[1-6]|li|div|blockquote)>|<br\s*\/?>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\n{2,}/g, "\n")
    .trim();
}

/** One field that differs between two versions, as the panel shows it. */
export interface FieldChange {
  field: string;
  label: string;
  before: string;
  after: string;
  /** The words removed and added, for a text of more than a few words. */
  words: DiffPart[] | null;
}

/**
 * The fields that differ from `before` to `after`, in the order of `labels` then any other
 * key. `html`: fields read as HTML (compared as text).
 */
export function compareSnapshots(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  { labels, html = [] }: { labels: (field: string) => string; html?: readonly string[] },
): FieldChange[] {
  const fields = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const read = (value: unknown) =>
      html.includes(field) && typeof value === "string" ? htmlAsText(value) : fieldText(value);
    const was = read(before[field]);
    const now = read(after[field]);
    if (was === now) continue;
    const long = /\s/.test(was.trim()) || /\s/.test(now.trim());
    changes.push({
      field,
      label: labels(field),
      before: was,
      after: now,
      words: long ? wordDiff(was, now) : null,
    });
  }
  return changes;
}
