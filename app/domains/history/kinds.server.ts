import { euroFigure } from "~/core/money";
import { POST_FIELDS } from "~/domains/content";
import { blockTitle, fieldLabel } from "~/domains/content";
import { DISCIPLINE_COLOR_FIELDS, PAGE_FIELDS, RECORD_TEXT_COLUMNS } from "~/domains/content";
import { EDITABLE_CATEGORIES } from "~/domains/content";
import { SETTINGS_LABELS } from "~/domains/history/activity";
import type { HistoryType } from "~/domains/history/history";
import { ACTIVITY_TEXT_FIELDS, ACTIVITY_TRIAL_FIELDS } from "~/domains/schedule";
import type { Capability } from "~/domains/volunteers";
import { getDb } from "~/db/client.server";
import { getDiscipline, readStoredBlock } from "~/domains/content/index.server";
import { getMenuForEdit } from "~/domains/content/index.server";
import { parseJson } from "~/core/json";
import { getPostForEdit } from "~/domains/content/index.server";
import { getPricesForEdit } from "~/domains/content/index.server";
import { getActivity } from "~/domains/schedule/index.server";
import { getSitePage } from "~/domains/content/index.server";
import { getTrainingFormat } from "~/domains/content/index.server";

/*
 * What the history knows of each kind of item (docs/decisions/021-history.md): the
 * capability of its editor, its fields in French, and how to read its current editable
 * fields (the snapshot a version stores). The restore, which writes them back through
 * each editor's save, is restore.server.ts.
 */

export type Snapshot = Record<string, unknown>;

export interface ItemState {
  snapshot: Snapshot;
  /** What a reader recognises the item by (the journal's label). */
  label: string;
  /** An article or a page that visitors see now (the restore asks what to do). */
  published?: boolean;
}

export interface HistoryKind {
  capability: (id: string) => Capability;
  /** A field's French label. */
  label: (field: string) => string;
  /** Fields holding HTML (compared as text). */
  html?: readonly string[];
  read: (id: string) => Promise<ItemState | null>;
  /** The ids of the items of this kind that exist now. */
  ids: () => Promise<string[]>;
}

async function rowIds(
  table: "blog_posts" | "site_pages" | "disciplines" | "training_formats" | "schedule_activities",
): Promise<string[]> {
  const rows = await getDb().selectFrom(table).select("id").orderBy("id").execute();
  return rows.map((row) => String(row.id));
}

const RECORD_LABELS: Record<string, string> = {
  title: "Titre",
  subtitle: "Sous-titre",
  description: "Description",
  details: "Points clés",
  conclusion: "Conclusion",
  image: "Image",
  color: "Fond",
  background_color: "Couleur de fond",
  text_color: "Couleur du texte",
  title_color: "Couleur du titre",
  subtitle_color: "Couleur du sous-titre",
  icon_name: "Icône",
};

const FIELD_LABELS: Record<HistoryType, Record<string, string>> = {
  post: {
    title: "Titre",
    subtitle: "Sous-titre",
    excerpt: "Extrait",
    content: "Contenu",
    image_url: "Image de couverture",
    category: "Catégorie",
    author: "Auteur",
    published_at: "Date de publication",
    is_published: "Publié",
    publish_at: "Publier le",
    unpublish_at: "Dépublier le",
  },
  page: {
    title: "Titre",
    slug: "URL",
    content: "Contenu",
    is_published: "Publiée",
    template: "Modèle",
    order_index: "Ordre",
    publish_at: "Publier le",
    unpublish_at: "Dépublier le",
  },
  content: {},
  discipline: RECORD_LABELS,
  format: RECORD_LABELS,
  activity: {
    title: "Titre",
    category: "Catégorie",
    day: "Jour",
    start_time: "Début",
    end_time: "Fin",
    color: "Couleur",
    description: "Description",
    age_range: "Tranche d'âge",
    long_description: "Description détaillée",
    images: "Images",
    trial_enabled: "Accepte les essais",
    trial_places: "Places d'essai",
    trial_min_age: "Âge minimum",
  },
  menu: { items: "Entrées du menu" },
  settings: {},
  price: { prices: "Tarifs" },
};

function labelsOf(type: HistoryType) {
  return (field: string) => FIELD_LABELS[type][field] ?? fieldLabel(field);
}

function numericId(id: string): number | null {
  return /^\d{1,9}$/.test(id) ? Number(id) : null;
}

function pick<T extends object, K extends keyof T>(row: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, row[key]])) as Pick<T, K>;
}

const content = () => "content" as const;

/**
 * A kind kept as one row of its table, read by its editor's own reader: its editable
 * columns, its title as label, and for an article or a page whether visitors see it.
 */
function rowKind<Row extends { title: string }>({
  type,
  table,
  get,
  fields,
  capability = content,
  html,
  published,
}: {
  type: HistoryType;
  table: Parameters<typeof rowIds>[0];
  /** The row, or null when it is not versioned (a main page). */
  get: (id: number) => Promise<Row | null | undefined>;
  fields: readonly (keyof Row)[];
  capability?: HistoryKind["capability"];
  html?: readonly string[];
  published?: (row: Row) => boolean;
}): HistoryKind {
  return {
    capability,
    label: labelsOf(type),
    html,
    ids: () => rowIds(table),
    read: async (id) => {
      const number = numericId(id);
      const row = number === null ? null : await get(number);
      if (!row) return null;
      return {
        snapshot: pick(row, fields),
        label: row.title,
        ...(published && { published: published(row) }),
      };
    },
  };
}

export const HISTORY_KINDS: Record<HistoryType, HistoryKind> = {
  post: rowKind({
    type: "post",
    table: "blog_posts",
    get: (id) => getPostForEdit({ id }),
    fields: [...POST_FIELDS, "is_published", "publish_at", "unpublish_at"],
    published: (post) => post.is_published,
  }),
  page: rowKind({
    type: "page",
    table: "site_pages",
    // A main page's texts are content blocks: its row is not edited here.
    get: async (id) => {
      const page = await getSitePage({ id });
      return page?.is_main ? null : page;
    },
    fields: PAGE_FIELDS,
    html: ["content"],
    published: (page) => page.is_published,
  }),
  content: {
    capability: content,
    label: labelsOf("content"),
    ids: async () => {
      const rows = await getDb()
        .selectFrom("site_content")
        .select(["category", "section"])
        .orderBy("category")
        .orderBy("section")
        .execute();
      return rows.map((row) => `${row.category}/${row.section}`);
    },
    read: async (id) => {
      const [category, section, extra] = id.split("/");
      if (!category || !section || extra !== undefined) return null;
      const stored = await readStoredBlock({ category, section });
      const snapshot = parseJson<unknown>(stored, null);
      if (!snapshot || typeof snapshot !== "object" || Array.isArray(snapshot)) return null;
      return { snapshot: snapshot as Snapshot, label: blockTitle(category, section) };
    },
  },
  discipline: rowKind({
    type: "discipline",
    table: "disciplines",
    get: (id) => getDiscipline({ id }),
    fields: [...RECORD_TEXT_COLUMNS, ...DISCIPLINE_COLOR_FIELDS],
  }),
  format: rowKind({
    type: "format",
    table: "training_formats",
    get: (id) => getTrainingFormat({ id }),
    fields: [...RECORD_TEXT_COLUMNS, "icon_name", "color"],
  }),
  activity: rowKind({
    type: "activity",
    table: "schedule_activities",
    get: (id) => getActivity({ id }),
    fields: [...ACTIVITY_TEXT_FIELDS, "images", ...ACTIVITY_TRIAL_FIELDS],
    capability: () => "schedule",
  }),
  menu: {
    capability: content,
    label: labelsOf("menu"),
    ids: async () => [MENU_ID],
    read: async (id) => {
      if (id !== "menu") return null;
      const { items } = await getMenuForEdit();
      return {
        snapshot: { items: items.map(({ label, path }) => ({ label, path })) },
        label: "Menu du site",
      };
    },
  },
  settings: {
    // The legal information is the admin's alone (ADR 017).
    capability: (id) => (id === "legal" ? "admin" : "content"),
    label: labelsOf("settings"),
    ids: async () => {
      const rows = await getDb().selectFrom("site_settings").select("category").execute();
      return rows
        .map((row) => row.category)
        .filter((category) => (EDITABLE_CATEGORIES as readonly string[]).includes(category))
        .sort();
    },
    read: async (id) => {
      if (!(EDITABLE_CATEGORIES as readonly string[]).includes(id)) return null;
      const row = await getDb()
        .selectFrom("site_settings")
        .select("settings")
        .where("category", "=", id)
        .executeTakeFirst();
      const snapshot = row ? parseJson<unknown>(row.settings, null) : null;
      if (!snapshot || typeof snapshot !== "object" || Array.isArray(snapshot)) return null;
      return { snapshot: snapshot as Snapshot, label: SETTINGS_LABELS[id] ?? id };
    },
  },
  price: {
    capability: () => "registrations",
    label: labelsOf("price"),
    ids: async () => [PRICE_LIST_ID],
    read: async (id) => {
      if (id !== PRICE_LIST_ID) return null;
      const { prices } = await getPricesForEdit();
      return {
        snapshot: {
          prices: prices.map((price) => ({
            label: price.label,
            audience: price.audience,
            amount: euroFigure(price.amount_cents),
            includes_licence: price.includes_licence,
            includes_insurance: price.includes_insurance,
            notes: price.notes,
          })),
        },
        label: "Liste des tarifs",
      };
    },
  },
};

/** The one item of the menu and of the price list. */
export const MENU_ID = "menu";
export const PRICE_LIST_ID = "tarifs";
