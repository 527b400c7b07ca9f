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
  updated_at: string;
}

function toTrainingFormat(row: TrainingFormatRow): TrainingFormat {
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
    updated_at: row.updated_at,
  };
}

export async function getTrainingFormats(): Promise<TrainingFormat[]> {
  const rows = await getDb()
    .selectFrom("training_formats")
    .selectAll()
    .orderBy("order_index")
    .orderBy("id")
    .execute();
  return rows.map(toTrainingFormat);
}
