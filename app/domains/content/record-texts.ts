/** What a discipline and a training format both show: their texts and picture. */
export interface RecordTexts {
  title: string;
  subtitle: string;
  description: string;
  details: string[];
  conclusion: string;
  image: string;
}

/** Those fields as columns, in the order the record's reads and its history list them. */
export const RECORD_TEXT_COLUMNS = [
  "title",
  "subtitle",
  "description",
  "details",
  "conclusion",
  "image",
] as const satisfies readonly (keyof RecordTexts)[];

/** A record's texts and picture alone, for its editor's form or its public section. */
export function recordTexts(record: RecordTexts): RecordTexts {
  return {
    title: record.title,
    subtitle: record.subtitle,
    description: record.description,
    details: record.details,
    conclusion: record.conclusion,
    image: record.image,
  };
}
