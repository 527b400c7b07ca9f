import { DISCIPLINE_DEFAULTS } from "~/domains/content/defaults";
import { slugify } from "~/core/slug";
import type { DisciplineRow } from "~/db/schema";
import {
  orderedRecordModel,
  RECORD_COLUMNS,
  toOrderedRecord,
  type OrderedRecord,
} from "./ordered-record.server";

export interface Discipline extends OrderedRecord {
  slug: string;
  background_color: string;
  text_color: string;
  title_color: string;
  subtitle_color: string;
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

const DISCIPLINE_COLUMNS = [
  ...RECORD_COLUMNS,
  "background_color",
  "text_color",
  "title_color",
  "subtitle_color",
] as const;

/** A stored row with the defaults of spec §3 filling whatever is missing. */
function toDiscipline(row: Pick<DisciplineRow, (typeof DISCIPLINE_COLUMNS)[number]>): Discipline {
  const record = toOrderedRecord(row, DISCIPLINE_DEFAULTS);
  return {
    ...record,
    slug: slugify(record.title) || `discipline-${row.id}`,
    background_color: row.background_color || DISCIPLINE_DEFAULTS.background_color,
    text_color: row.text_color || DISCIPLINE_DEFAULTS.text_color,
    title_color: row.title_color || DISCIPLINE_DEFAULTS.title_color,
    subtitle_color: row.subtitle_color || DISCIPLINE_DEFAULTS.subtitle_color,
  };
}

const disciplines = orderedRecordModel<
  "disciplines",
  (typeof DISCIPLINE_COLUMNS)[number],
  Discipline,
  DisciplineInput
>({
  table: "disciplines",
  what: "Discipline",
  columns: DISCIPLINE_COLUMNS,
  toRecord: toDiscipline,
  defaults: DISCIPLINE_DEFAULTS,
});

/** Every row, drafts included: the back office. */
export const getDisciplines = disciplines.getAll;
/** What visitors see: every row but those "Ajouter" inserted and nobody saved yet. */
export const getPublicDisciplines = disciplines.getPublic;
export const getDiscipline = disciplines.getOne;
export const updateDiscipline = disciplines.update;
export const createDiscipline = disciplines.create;
export const moveDiscipline = disciplines.move;
export const deleteDiscipline = disciplines.remove;
