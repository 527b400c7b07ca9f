import * as z from "~/core/zod";
import { MAIN_PAGE_SLUGS, PAGE_TEMPLATES } from "~/domains/content/defaults";
import { slugify } from "~/core/slug";
import type { ContentTabId } from "./content-schema";
import { parseSchedule, type Schedule } from "./publish-schedule";

/* The site pages editor's rules and messages (browser and action alike). */

export const PAGE_MESSAGES = {
  loadFailed: "Impossible de charger les pages",
  added: "Nouvelle page ajoutée",
  addFailed: "Erreur lors de l'ajout de la page",
  deleted: "Page supprimée",
  deleteFailed: "Erreur lors de la suppression de la page",
  saved: "Pages sauvegardées avec succès",
  saveFailed: "Erreur lors de la sauvegarde des pages",
  mainPage: "Vous ne pouvez pas supprimer cette page principale",
  mainPageEdit:
    "Cette page principale est toujours publiée et ses textes se modifient dans Contenu : elle ne se modifie pas ici",
  addedToMenu: "Page ajoutée au menu",
  alreadyInMenu: "Cette page est déjà dans le menu",
  menuNeedsPublished: "Publiez la page avant de l'ajouter au menu",
  menuFull: "Le menu est complet : retirez une entrée dans l'écran Menu avant d'en ajouter une",
  menuFailed: "Erreur lors de l'ajout au menu",
  duplicateSlug: "Erreur: Les URLs des pages doivent être uniques",
  noneSelected: "Aucune page sélectionnée",
  notFound: "Cette page n'existe plus : la liste a été rechargée.",
  invalid: "Vérifiez les champs signalés",
} as const;

export const SLUG_MESSAGES = {
  required: "L'URL est obligatoire",
  leadingSlash: "L'URL doit commencer par /",
  format:
    "L'URL ne peut contenir que des lettres minuscules sans accents, des chiffres et des tirets, séparés par des /",
  reserved: "Cette URL est celle d'une page existante du site : choisissez-en une autre",
} as const;

export const TEMPLATE_LABELS: Record<(typeof PAGE_TEMPLATES)[number], string> = {
  default: "Par défaut",
  "full-width": "Pleine largeur",
  sidebar: "Avec barre latérale",
};

/**
 * First path segments the site already answers (app/routes.ts, static folders): a page
 * there would never be served. page-schema.test.ts checks the list against routes.ts.
 */
export const RESERVED_SEGMENTS = [
  ...MAIN_PAGE_SLUGS,
  "entreprise",
  "infos-pratiques",
  "planning",
  "planning.ics",
  "activite",
  "essai",
  "blog",
  "inscription",
  // The online membership's household pages (/adhesion/…).
  "adhesion",
  // Card payment's HelloAsso notifications (/api/helloasso/notification).
  "api",
  "mentions-legales",
  "confidentialite",
  "healthz",
  "sitemap.xml",
  "robots.txt",
  "admin",
  "uploads",
  "images",
  "assets",
];

const SLUG_FORMAT = /^\/[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/;

export function isReservedSlug(slug: string): boolean {
  const first = slug.replace(/^\/+/, "").split("/")[0]!.toLowerCase();
  return first === "" || RESERVED_SEGMENTS.includes(first);
}

const SlugSchema = z
  .string()
  .trim()
  .min(1, SLUG_MESSAGES.required)
  .startsWith("/", SLUG_MESSAGES.leadingSlash)
  .regex(SLUG_FORMAT, SLUG_MESSAGES.format)
  .refine((slug) => !isReservedSlug(slug), SLUG_MESSAGES.reserved);

const fields = {
  title: z
    .string()
    .trim()
    .min(1, "Le titre est obligatoire")
    .max(150, "Le titre ne doit pas dépasser 150 caractères"),
  content: z.multiline().max(200_000, "Le contenu est trop long (200 000 caractères au maximum)"),
  is_published: z.enum(["true", "false"]).transform((value) => value === "true"),
  template: z.enum(PAGE_TEMPLATES, { message: "Choisissez un modèle de page" }),
  order_index: z
    .string()
    .trim()
    .regex(/^\d{1,4}$/, "L'ordre doit être un nombre entier entre 0 et 9999")
    .transform(Number),
  // « Publier le » / « Dépublier le » as typed (Paris time): read by sitePageSchemaFor.
  publish_at: z.string().default(""),
  unpublish_at: z.string().default(""),
};

/** A page of the Pages screen: every rule, the slug's included (main pages are read-only). */
export const SitePageSchema = z.object({ ...fields, slug: SlugSchema });

/**
 * The page's schema with its schedule read against the page as stored (ADR 023): the
 * dates become UTC instants or null, and break the rules of parseSchedule at their field.
 * The same in the editor (before sending) and in the action.
 */
export function sitePageSchemaFor(current: Schedule | null, now: () => Date = () => new Date()) {
  return SitePageSchema.transform((values, ctx) => {
    const scheduled = parseSchedule(values, {
      now: now(),
      current,
      published: values.is_published,
    });
    if (!scheduled.ok) {
      for (const [field, message] of Object.entries(scheduled.errors)) {
        ctx.addIssue({ code: "custom", path: [field], message });
      }
      return z.NEVER;
    }
    return { ...values, ...scheduled.schedule };
  });
}

export const PAGE_FIELDS = [
  "title",
  "slug",
  "content",
  "is_published",
  "template",
  "order_index",
  "publish_at",
  "unpublish_at",
] as const;
export type PageFormValues = Record<(typeof PAGE_FIELDS)[number], string>;

/** The address a title gives a page: "Nos partenaires" → "/nos-partenaires"; "" without letters. */
export function slugFromTitle(title: string): string {
  const slug = slugify(title);
  return slug ? `/${slug}` : "";
}

/**
 * Whether a page's address still follows its title: a draft whose address is the one its
 * title gives, maybe with the "-2" a new page gets beside another ("/nouvelle-page-2").
 * An address typed by hand, or a published page's (shared links), stays as it is.
 */
export function slugFollowsTitle(page: { slug: string; title: string; is_published: boolean }) {
  const fromTitle = slugFromTitle(page.title);
  if (page.is_published || !fromTitle) return false;
  return page.slug === fromTitle || new RegExp(`^${fromTitle}-\\d+$`).test(page.slug);
}

/**
 * The Contenu tab holding each main page's texts (app/domains/content/content-schema.ts):
 * the tarifs' texts sit in its "Pages" tab.
 */
export const MAIN_PAGE_CONTENT_TABS: Record<string, ContentTabId> = {
  "/": "accueil",
  "/disciplines": "disciplines",
  "/entrainements": "entrainements",
  "/tarifs": "pages",
  "/contact": "contact",
};

/** The Contenu screen at the tab of a main page's texts (its first tab when unknown). */
export function contentHrefOf(slug: string): string {
  const tab = MAIN_PAGE_CONTENT_TABS[slug];
  return tab ? `/admin/content?tab=${tab}` : "/admin/content";
}
