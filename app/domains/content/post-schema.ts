import * as z from "~/core/zod";
import { clubLocalToIso } from "~/core/club-time";
import { isSafeUrlOrEmpty } from "~/core/url";
import { BLOG_CATEGORIES, type BlogCategory } from "~/domains/content/defaults";

/*
 * The blog editor's rules, shared by the dialog (checked before sending) and the action
 * (checked again): spec §5 "Blog".
 */

export const BLOG_CATEGORY_CHOICES: { value: BlogCategory; label: string }[] = [
  { value: "actualite", label: "Actualité" },
  { value: "evenement", label: "Événement" },
  { value: "competition", label: "Compétition" },
  { value: "stage", label: "Stage" },
];

/** The admin list's status filter (?statut=), by its URL value. */
export const POST_STATUSES = ["publie", "brouillon", "en-avant", "programme"] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export const POST_REQUIRED_MESSAGE = "Le titre et le contenu sont obligatoires";
export const POST_MESSAGES = {
  created: "Article créé avec succès",
  updated: "Article mis à jour avec succès",
  deleted: "Article supprimé avec succès",
  published: "Article publié",
  unpublished: "Article dépublié",
  featured: "Article mis en avant",
  unfeatured: "Article retiré des mis en avant",
  notFound: "Article introuvable",
} as const;

export const POST_FIELDS = [
  "title",
  "subtitle",
  "excerpt",
  "content",
  "image_url",
  "category",
  "author",
  "published_at",
] as const;
export type PostField = (typeof POST_FIELDS)[number];

const text = (max: number, label: string) =>
  z.string().trim().max(max, `${label} ne doit pas dépasser ${max} caractères`);
const paragraphs = (max: number, label: string) =>
  z.multiline().trim().max(max, `${label} ne doit pas dépasser ${max} caractères`);

export const PostSchema = z.object({
  title: text(200, "Le titre").min(1, POST_REQUIRED_MESSAGE),
  subtitle: text(300, "Le sous-titre"),
  excerpt: paragraphs(1000, "L'extrait"),
  content: z
    .multiline()
    .max(100_000, "Le contenu ne doit pas dépasser 100 000 caractères")
    .refine((value) => value.trim() !== "", POST_REQUIRED_MESSAGE),
  image_url: z
    .string()
    .trim()
    .max(2000, "L'adresse de l'image est trop longue")
    .refine(isSafeUrlOrEmpty, "L'adresse de l'image doit commencer par http://, https:// ou /"),
  category: z
    .string()
    .trim()
    .transform((value) => value || "actualite")
    .pipe(z.enum(BLOG_CATEGORIES, { error: "Catégorie inconnue" })),
  author: text(120, "L'auteur"),
  /** The club's wall-clock time from the date-time input; empty means now. */
  published_at: z
    .string()
    .trim()
    .transform((value, ctx) => {
      if (value === "") return new Date().toISOString();
      const iso = clubLocalToIso(value);
      if (iso) return iso;
      ctx.addIssue({ code: "custom", message: "La date de publication est invalide" });
      return z.NEVER;
    }),
});

export type PostValues = z.output<typeof PostSchema>;
/** What the dialog holds: every field as typed. */
export type PostDraft = Record<PostField, string>;

/** Which change a toggle asks for: the target value is sent, so a repeated click is harmless. */
export const PostToggleSchema = z.object({
  id: z.coerce.number().int().positive(),
  value: z.enum(["true", "false"]).transform((value) => value === "true"),
});

/** A markdown image line for the content (spec §3): `![alt](url)`. */
export function markdownImageLine(alt: string, url: string): string {
  const safeAlt = alt.replace(/[[\]\r\n]/g, " ").trim();
  return `![${safeAlt}](${url})`;
}

/**
 * Inserts an image line at the cursor, on a line of its own (the article reads images
 * line by line). Returns the new text and where the cursor goes after it.
 */
export function insertImageLine(
  content: string,
  cursor: number,
  line: string,
): { content: string; cursor: number } {
  const at = Math.max(0, Math.min(cursor, content.length));
  const before = content.slice(0, at);
  const after = content.slice(at);
  const lead = before === "" || before.endsWith("\n") ? "" : "\n";
  const trail = after.startsWith("\n") ? "" : "\n";
  const inserted = `${lead}${line}${trail}`;
  return { content: before + inserted + after, cursor: at + inserted.length };
}
