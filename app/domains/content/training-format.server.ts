import {
  FORMAT_ICONS,
  TRAINING_FORMAT_DEFAULTS,
  type FormatIcon,
} from "~/domains/content/defaults";
import type { TrainingFormatRow } from "~/db/schema";
import { oneOf } from "~/core/json";
import {
  orderedRecordModel,
  RECORD_COLUMNS,
  toOrderedRecord,
  type OrderedRecord,
} from "./ordered-record.server";

export interface TrainingFormat extends OrderedRecord {
  icon_name: FormatIcon;
}

export type TrainingFormatInput = Pick<
  TrainingFormat,
  "title" | "subtitle" | "description" | "details" | "conclusion" | "image" | "icon_name" | "color"
>;

const FORMAT_COLUMNS = [...RECORD_COLUMNS, "icon_name"] as const;

function toTrainingFormat(
  row: Pick<TrainingFormatRow, (typeof FORMAT_COLUMNS)[number]>,
): TrainingFormat {
  return {
    ...toOrderedRecord(row, TRAINING_FORMAT_DEFAULTS),
    icon_name: oneOf(FORMAT_ICONS, row.icon_name, TRAINING_FORMAT_DEFAULTS.icon_name),
  };
}

const formats = orderedRecordModel<
  "training_formats",
  (typeof FORMAT_COLUMNS)[number],
  TrainingFormat,
  TrainingFormatInput
>({
  table: "training_formats",
  what: "Format",
  columns: FORMAT_COLUMNS,
  toRecord: toTrainingFormat,
  defaults: TRAINING_FORMAT_DEFAULTS,
});

/** Every row, drafts included: the back office. */
export const getTrainingFormats = formats.getAll;
/** What visitors see: every row but those "Ajouter" inserted and nobody saved yet. */
export const getPublicTrainingFormats = formats.getPublic;
export const getTrainingFormat = formats.getOne;
export const updateTrainingFormat = formats.update;
export const createTrainingFormat = formats.create;
export const moveTrainingFormat = formats.move;
export const deleteTrainingFormat = formats.remove;
