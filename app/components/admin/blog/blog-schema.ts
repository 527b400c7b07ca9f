import * as z from "~/core/zod";
import { isSafeUrlOrEmpty } from "~/core/url";
import { BLOG_CATEGORIES, type BlogCategory } from "~/content/defaults";

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

const CLUB_TIME_ZONE = "Europe/Paris";
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Minutes to add to UTC to get the club's wall-clock time at this instant. */
function parisOffsetMinutes(instant: number): number {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: CLUB_TIME_ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(
    get("year"),
    get("month") - 1,
    get("day"),
    get("hour"),
    get("minute"),
    get("second"),
  );
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

/**
 * "2025-03-08T18:30" read as the club's wall-clock time (Europe/Paris, whatever the
 * browser's or the server's zone) → ISO-8601 UTC; null when it is not such a date.
 */
export function clubLocalToIso(value: string): string | null {
  const match = LOCAL_DATE_TIME.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match
    .slice(1)
    .map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(wall);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23) {
    return null;
  }
  // The offset at the guessed instant, then again at the corrected one (DST changes).
  let instant = wall - parisOffsetMinutes(wall) * 60_000;
  instant = wall - parisOffsetMinutes(instant) * 60_000;
  return new Date(instant).toISOString();
}

/** An ISO instant as the value of a datetime-local input, in the club's time. */
export function isoToClubLocal(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return "";
  const local = new Date(time + parisOffsetMinutes(time) * 60_000);
  return local.toISOString().slice(0, 16);
}

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
