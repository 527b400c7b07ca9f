import { getDb } from "~/db/client.server";
import { COLOR_CHOICES, DISCIPLINE_DEFAULTS, type ColorChoice } from "~/content/defaults";
import { slugify } from "~/content/slug";
import type { DisciplineRow } from "~/db/schema";
import { oneOf, parseStringList } from "./parse";
import {
  addOrderedRow,
  deleteOrderedRow,
  moveRow,
  saveOrderedRow,
  type MoveDirection,
} from "./reorder.server";

export interface Discipline {
  id: number;
  slug: string;
  title: string;
  subtitle: string;
  description: string;
  details: string[];
  conclusion: string;
  image: string;
  color: ColorChoice;
  storage_path: string | null;
  order_index: number;
  /** Added by "Ajouter" and never saved with a title: hidden from visitors. */
  is_draft: boolean;
  background_color: string;
  text_color: string;
  title_color: string;
  subtitle_color: string;
  updated_at: string;
}

export type DisciplineInput = Pick<
  Discipline,
  | "title"
  | "subtitle"
  | "description"
  | "details"
  | "conclusion"
  | "image"
  | "color"
  | "background_color"
  | "text_color"
  | "title_color"
  | "subtitle_color"
>;

/** A stored row with the defaults of spec §3 filling whatever is missing. */
/** The columns read (STYLE: never selectAll): created_at is the database's alone. */
const DISCIPLINE_COLUMNS = [
  "id",
  "title",
  "subtitle",
  "description",
  "details",
  "conclusion",
  "image",
  "color",
  "storage_path",
  "order_index",
  "is_draft",
  "background_color",
  "text_color",
  "title_color",
  "subtitle_color",
  "updated_at",
] as const;
type Selected = Pick<DisciplineRow, (typeof DISCIPLINE_COLUMNS)[number]>;

function toDiscipline(row: Selected): Discipline {
  const title = row.title.trim() || DISCIPLINE_DEFAULTS.title;
  return {
    id: row.id,
    slug: slugify(title) || `discipline-${row.id}`,
    title,
    subtitle: row.subtitle,
    description: row.description,
    details: parseStringList(row.details),
    conclusion: row.conclusion,
    image: row.image || DISCIPLINE_DEFAULTS.image,
    color: oneOf(COLOR_CHOICES, row.color, DISCIPLINE_DEFAULTS.color),
    storage_path: row.storage_path,
    order_index: row.order_index,
    is_draft: row.is_draft === 1,
    background_color: row.background_color || DISCIPLINE_DEFAULTS.background_color,
    text_color: row.text_color || DISCIPLINE_DEFAULTS.text_color,
    title_color: row.title_color || DISCIPLINE_DEFAULTS.title_color,
    subtitle_color: row.subtitle_color || DISCIPLINE_DEFAULTS.subtitle_color,
    updated_at: row.updated_at,
  };
}

/** Every row, drafts included: the back office. */
export async function getDisciplines(): Promise<Discipline[]> {
  const rows = await getDb()
    .selectFrom("disciplines")
    .select(DISCIPLINE_COLUMNS)
    .orderBy("order_index")
    .orderBy("id")
    .execute();
  return rows.map(toDiscipline);
}

/** What visitors see: every row but those "Ajouter" inserted and nobody saved yet. */
export async function getPublicDisciplines(): Promise<Discipline[]> {
  const rows = await getDb()
    .selectFrom("disciplines")
    .select(DISCIPLINE_COLUMNS)
    .where("is_draft", "=", 0)
    .orderBy("order_index")
    .orderBy("id")
    .execute();
  return rows.map(toDiscipline);
}

export async function getDiscipline({ id }: { id: number }): Promise<Discipline | null> {
  const row = await getDb()
    .selectFrom("disciplines")
    .select(DISCIPLINE_COLUMNS)
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? toDiscipline(row) : null;
}

/** Saves an edit made on the version stamped `loadedAt`; refuses a stale one. */
export async function updateDiscipline({
  id,
  values,
  loadedAt,
}: {
  id: number;
  values: DisciplineInput;
  loadedAt: string;
}): Promise<Discipline> {
  await saveOrderedRow({ table: "disciplines", id, values, loadedAt, what: "Discipline" });
  return (await getDiscipline({ id }))!;
}

/** A new discipline at the end of the list (order_index = current count), spec §3 defaults. */
export async function createDiscipline(): Promise<Discipline> {
  const id = await addOrderedRow({
    table: "disciplines",
    defaults: {
      title: DISCIPLINE_DEFAULTS.title,
      image: DISCIPLINE_DEFAULTS.image,
      color: DISCIPLINE_DEFAULTS.color,
      background_color: DISCIPLINE_DEFAULTS.background_color,
      text_color: DISCIPLINE_DEFAULTS.text_color,
      title_color: DISCIPLINE_DEFAULTS.title_color,
      subtitle_color: DISCIPLINE_DEFAULTS.subtitle_color,
    },
  });
  return (await getDiscipline({ id }))!;
}

/** Swaps a discipline with its neighbour and renumbers from 0, in one transaction. */
export async function moveDiscipline({
  id,
  direction,
}: {
  id: number;
  direction: MoveDirection;
}): Promise<number[]> {
  return moveRow({ table: "disciplines", id, direction, what: "Discipline" });
}

/**
 * Deletes a discipline, never the last one (LastRowError), renumbering the rest from 0.
 * Returns the image URL it had, for the caller to remove an unused upload.
 */
export async function deleteDiscipline({ id }: { id: number }): Promise<{ image: string }> {
  return deleteOrderedRow({ table: "disciplines", id, what: "Discipline" });
}
