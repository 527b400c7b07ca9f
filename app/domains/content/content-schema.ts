/*
 * The content editor's rules, shared by the browser (field kinds, labels, checks before
 * sending) and the server (the same zod schema re-parses every block before saving).
 * A block's schema is built from its French default (app/domains/content/page-texts.ts): a saved
 * block keeps the shape of its default, field for field.
 */
import { isSafeUrlOrEmpty } from "~/core/url";
import * as z from "~/core/zod";
import { FORMAT_ICON_NAMES, isIconName } from "./icon-names";
import { PAGE_TEXTS } from "~/domains/content/page-texts";

export { blockTitle, exampleNoteOf, fieldLabel, itemNameOf } from "./content-labels";

/**
 * An item of a list of examples still standing for one of the defaults: it carries the
 * name of a default item (the club has not replaced that person yet).
 */
export function isExampleItem(item: unknown, defaults: readonly unknown[]): boolean {
  const name = (value: unknown) =>
    typeof value === "object" && value !== null && "name" in value ? value.name : undefined;
  const itemName = name(item);
  return (
    typeof itemName === "string" &&
    itemName.trim() !== "" &&
    defaults.some((entry) => name(entry) === itemName.trim())
  );
}

export const CONTENT_MESSAGES = {
  saved: "Modifications sauvegardées avec succès",
  nothing: "Aucune modification à sauvegarder",
  failed: "Erreur lors de la sauvegarde",
  invalid: "Certains champs sont invalides : corrigez-les puis sauvegardez.",
} as const;

export type ContentTabId =
  "accueil" | "a-propos" | "disciplines" | "entrainements" | "entreprise" | "pages" | "contact";

/** The 7 tabs of spec §2 and the categories each one shows (unlisted ones go to Pages). */
export const CONTENT_TABS: { id: ContentTabId; label: string; categories: string[] }[] = [
  { id: "accueil", label: "Accueil", categories: ["hero", "home", "footer"] },
  { id: "a-propos", label: "À propos", categories: ["about"] },
  { id: "disciplines", label: "Disciplines", categories: ["disciplines"] },
  { id: "entrainements", label: "Entraînements", categories: ["training"] },
  { id: "entreprise", label: "Entreprise", categories: ["entreprise"] },
  {
    id: "pages",
    label: "Pages",
    categories: ["infos", "tarifs", "inscription", "planning", "blog"],
  },
  { id: "contact", label: "Contact", categories: ["contact"] },
];

export function tabOfCategory(category: string): ContentTabId {
  return CONTENT_TABS.find((tab) => tab.categories.includes(category))?.id ?? "pages";
}

export function blockKey(category: string, section: string): string {
  return `${category}/${section}`;
}

// ---------------------------------------------------------------------------------------
// URLs

export const URL_MESSAGE =
  "Adresse invalide : elle doit commencer par / (page du site) ou par http:// ou https://";

// ---------------------------------------------------------------------------------------
// Field kinds

const IMAGE_NAME = /image|img|photo|logo|background|picture|icon/i;
const LINK_NAME = /(link|url|href)$/i;
const URL_LIKE = /^(\/|https?:\/\/)/i;

/**
 * An image field (spec §2: its name contains image, img, photo, logo, background, picture
 * or icon). NOTE: a default that is a word rather than an address ("Users", the company
 * page's feature icons, lucide names) is an icon name, not an image.
 */
export function isImageField(key: string, defaultValue: unknown): boolean {
  return (
    IMAGE_NAME.test(key) &&
    typeof defaultValue === "string" &&
    (defaultValue === "" || URL_LIKE.test(defaultValue))
  );
}

/** A lucide icon name field (the company features' "icon": Users, Heart, Briefcase). */
export function isIconNameField(key: string, defaultValue: unknown): boolean {
  return /icon/i.test(key) && typeof defaultValue === "string" && !isImageField(key, defaultValue);
}

export function isLinkField(key: string): boolean {
  return LINK_NAME.test(key);
}

/** Long defaults get a multi-line box. */
export function isMultiline(defaultValue: string): boolean {
  return defaultValue.length > 80 || defaultValue.includes("\n");
}

// ---------------------------------------------------------------------------------------
// Schemas

const MAX_TEXT = 10_000;
const MAX_ITEMS = 100;
const TEXT_MESSAGE = "Ce champ doit être un texte";
const TOO_LONG = `Texte trop long (maximum ${MAX_TEXT} caractères)`;
export const ICON_MESSAGE = `Icône inconnue : choisissez ${FORMAT_ICON_NAMES.join(", ")}`;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The zod schema of a value shaped like `defaults`: same keys, same types, lists of the
 * same items; addresses (links and images) checked. Unknown keys are dropped.
 */
export function buildContentSchema(defaults: unknown, key = "", listItem = false): z.ZodType {
  if (typeof defaults === "string") {
    // The editor gives a multi-line box to long texts and to each text of a list.
    const multiline = listItem || isMultiline(defaults);
    const text = (multiline ? z.multiline(TEXT_MESSAGE) : z.string(TEXT_MESSAGE)).max(
      MAX_TEXT,
      TOO_LONG,
    );
    if (isIconNameField(key, defaults)) return text.refine(isIconName, ICON_MESSAGE);
    return isImageField(key, defaults) || isLinkField(key)
      ? text.refine(isSafeUrlOrEmpty, URL_MESSAGE)
      : text;
  }
  if (typeof defaults === "number") return z.number("Ce champ doit être un nombre");
  if (typeof defaults === "boolean") return z.boolean("Ce champ doit être vrai ou faux");
  if (Array.isArray(defaults)) {
    const first: unknown = defaults[0];
    const item = buildContentSchema(first ?? "", key, true);
    return z
      .array(item, "Ce champ doit être une liste")
      .max(MAX_ITEMS, `Au plus ${MAX_ITEMS} éléments`);
  }
  if (isPlainObject(defaults)) {
    const shape: Record<string, z.ZodType> = {};
    for (const [name, value] of Object.entries(defaults)) {
      shape[name] = buildContentSchema(value, name);
    }
    return z.object(shape, "Ce bloc doit être un objet");
  }
  return z.unknown();
}

/** The defaults of a block, or null for a category/section that is not one of the site's. */
export function blockDefaults(category: string, section: string): Record<string, unknown> | null {
  // NOTE: own keys only: category and section come from the request.
  if (!Object.hasOwn(PAGE_TEXTS, category)) return null;
  const page = (PAGE_TEXTS as Record<string, Record<string, Record<string, unknown>>>)[category];
  if (!page || !Object.hasOwn(page, section)) return null;
  return page[section] ?? null;
}

const schemaCache = new Map<string, z.ZodType>();

/** The schema of one block of the site, built once. */
export function contentBlockSchema(category: string, section: string): z.ZodType | null {
  const key = blockKey(category, section);
  const cached = schemaCache.get(key);
  if (cached) return cached;
  const defaults = blockDefaults(category, section);
  if (!defaults) return null;
  const schema = buildContentSchema(defaults);
  schemaCache.set(key, schema);
  return schema;
}

/** Errors of one block: the path of each invalid field ("features.1.title") → message. */
export type BlockErrors = Record<string, string>;

export function issuesToErrors(issues: z.core.$ZodIssue[]): BlockErrors {
  const errors: BlockErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join(".");
    errors[path] ??= issue.message;
  }
  return errors;
}

export interface ContentChange {
  category: string;
  section: string;
  content: Record<string, unknown>;
  /** The updated_at the editor loaded; null when the block was not stored yet. */
  loadedAt: string | null;
}

export const ContentChangesSchema = z
  .array(
    z.object({
      category: z.string(),
      section: z.string(),
      content: z.unknown(),
      loadedAt: z.string().nullable(),
    }),
  )
  .max(200);

/**
 * Checks every change against its block's schema. Returns the parsed changes, or the
 * errors by block key ("hero/main") when any block is invalid.
 */
export function validateContentChanges(
  changes: z.infer<typeof ContentChangesSchema>,
):
  | { success: true; changes: ContentChange[] }
  | { success: false; errors: Record<string, BlockErrors> } {
  const errors: Record<string, BlockErrors> = {};
  const parsed: ContentChange[] = [];
  for (const change of changes) {
    const key = blockKey(change.category, change.section);
    const schema = contentBlockSchema(change.category, change.section);
    if (!schema) {
      errors[key] = { "": "Bloc de contenu inconnu" };
      continue;
    }
    const result = schema.safeParse(change.content);
    if (!result.success) {
      errors[key] = issuesToErrors(result.error.issues);
      continue;
    }
    parsed.push({ ...change, content: result.data as Record<string, unknown> });
  }
  return Object.keys(errors).length > 0
    ? { success: false, errors }
    : { success: true, changes: parsed };
}
