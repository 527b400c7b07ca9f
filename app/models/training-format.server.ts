import { getDb } from "~/db/client.server";
import {
  COLOR_CHOICES,
  FORMAT_ICONS,
  TRAINING_FORMAT_DEFAULTS,
  type ColorChoice,
  type FormatIcon,
} from "~/content/defaults";
import type { TrainingFormatRow } from "~/db/schema";
import { oneOf, parseStringList } from "./parse";
import {
  addOrderedRow,
  deleteOrderedRow,
  moveRow,
  saveOrderedRow,
  type MoveDirection,
} from "./reorder.server";

export interface TrainingFormat {
  id: number;
  title: string;
  subtitle: string;
  description: string;
  details: string[];
  conclusion: string;
  image: string;
  icon_name: FormatIcon;
  color: ColorChoice;
  storage_path: string | null;
  order_index: number;
  /** Added by "Ajouter" and never saved with a title: hidden from visitors. */
  is_draft: boolean;
  updated_at: string;
}

export type TrainingFormatInput = Pick<
  TrainingFormat,
  "title" | "subtitle" | "description" | "details" | "conclusion" | "image" | "icon_name" | "color"
>;

/** The columns read (STYLE: never selectAll): created_at is the database's alone. */
const FORMAT_COLUMNS = [
  "id",
  "title",
  "subtitle",
  "description",
  "details",
  "conclusion",
  "image",
  "icon_name",
  "color",
  "storage_path",
  "order_index",
  "is_draft",
  "updated_at",
] as const;
type Selected = Pick<TrainingFormatRow, (typeof FORMAT_COLUMNS)[number]>;

function toTrainingFormat(row: Selected): TrainingFormat {
  return {
    id: row.id,
    title: row.title.trim() || TRAINING_FORMAT_DEFAULTS.title,
    subtitle: row.subtitle,
    description: row.description,
    details: parseStringList(row.details),
    conclusion: row.conclusion,
    image: row.image || TRAINING_FORMAT_DEFAULTS.image,
    icon_name: oneOf(FORMAT_ICONS, row.icon_name, TRAINING_FORMAT_DEFAULTS.icon_name),
    color: oneOf(COLOR_CHOICES, row.color, TRAINING_FORMAT_DEFAULTS.color),
    storage_path: row.storage_path,
    order_index: row.order_index,
    is_draft: row.is_draft === 1,
    updated_at: row.updated_at,
  };
}

/** Every row, drafts included: the back office. */
export async function getTrainingFormats(): Promise<TrainingFormat[]> {
  const rows = await getDb()
    .selectFrom("training_formats")
    .select(FORMAT_COLUMNS)
    .orderBy("order_index")
    .orderBy("id")
    .execute();
  return rows.map(toTrainingFormat);
}

/** What visitors see: every row but those "Ajouter" inserted and nobody saved yet. */
export async function getPublicTrainingFormats(): Promise<TrainingFormat[]> {
  const rows = await getDb()
    .selectFrom("training_formats")
    .select(FORMAT_COLUMNS)
    .where("is_draft", "=", 0)
    .orderBy("order_index")
    .orderBy("id")
    .execute();
  return rows.map(toTrainingFormat);
}

export async function getTrainingFormat({ id }: { id: number }): Promise<TrainingFormat | null> {
  const row = await getDb()
    .selectFrom("training_formats")
    .select(FORMAT_COLUMNS)
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? toTrainingFormat(row) : null;
}

/** Saves an edit made on the version stamped `loadedAt`; refuses a stale one. */
export async function updateTrainingFormat({
  id,
  values,
  loadedAt,
}: {
  id: number;
  values: TrainingFormatInput;
  loadedAt: string;
}): Promise<TrainingFormat> {
  await saveOrderedRow({ table: "training_formats", id, values, loadedAt, what: "Format" });
  return (await getTrainingFormat({ id }))!;
}

/** A new format at the end of the list (order_index = current count), spec §3 defaults. */
export async function createTrainingFormat(): Promise<TrainingFormat> {
  const id = await addOrderedRow({
    table: "training_formats",
    defaults: {
      title: TRAINING_FORMAT_DEFAULTS.title,
      image: TRAINING_FORMAT_DEFAULTS.image,
      icon_name: TRAINING_FORMAT_DEFAULTS.icon_name,
      color: TRAINING_FORMAT_DEFAULTS.color,
    },
  });
  return (await getTrainingFormat({ id }))!;
}

/** Swaps a format with its neighbour and renumbers from 0, in one transaction. */
export async function moveTrainingFormat({
  id,
  direction,
}: {
  id: number;
  direction: MoveDirection;
}): Promise<number[]> {
  return moveRow({ table: "training_formats", id, direction, what: "Format" });
}

/** Deletes a format, never the last one (LastRowError), renumbering the rest from 0. */
export async function deleteTrainingFormat({ id }: { id: number }): Promise<{ image: string }> {
  return deleteOrderedRow({ table: "training_formats", id, what: "Format" });
}
