import type { Selectable } from "kysely";
import { COLOR_CHOICES, type ColorChoice } from "~/domains/content/defaults";
import { RECORD_TEXT_COLUMNS, type RecordTexts } from "~/domains/content/record-texts";
import { getDb } from "~/db/client.server";
import type { Database } from "~/db/schema";
import { oneOf, parseStringList } from "~/core/json";
import {
  addOrderedRow,
  deleteOrderedRow,
  moveRow,
  saveOrderedRow,
  type MoveDirection,
  type OrderedTable,
} from "./reorder.server";

/*
 * An ordered record (a discipline, a training format): the reads and writes both models
 * make the same way, on their own table with their own columns and defaults (spec §3).
 * The writes themselves live in reorder.server.ts.
 */

/** The fields every ordered record has. */
export interface OrderedRecord extends RecordTexts {
  id: number;
  color: ColorChoice;
  storage_path: string | null;
  order_index: number;
  /** Added by "Ajouter" and never saved with a title: hidden from visitors. */
  is_draft: boolean;
  updated_at: string;
}

/** The columns read (STYLE: never selectAll): created_at is the database's alone. */
export const RECORD_COLUMNS = [
  "id",
  ...RECORD_TEXT_COLUMNS,
  "color",
  "storage_path",
  "order_index",
  "is_draft",
  "updated_at",
] as const;

type Row<T extends OrderedTable> = Selectable<Database[T]>;

/** The defaults of spec §3 a new row takes and a stored row falls back on. */
interface RecordDefaults {
  title: string;
  image: string;
  color: ColorChoice;
}

/** A stored row's shared fields, with the defaults filling whatever is missing. */
export function toOrderedRecord(
  row: Pick<Row<OrderedTable>, (typeof RECORD_COLUMNS)[number]>,
  defaults: RecordDefaults,
): OrderedRecord {
  return {
    id: row.id,
    title: row.title.trim() || defaults.title,
    subtitle: row.subtitle,
    description: row.description,
    details: parseStringList(row.details),
    conclusion: row.conclusion,
    image: row.image || defaults.image,
    color: oneOf(COLOR_CHOICES, row.color, defaults.color),
    storage_path: row.storage_path,
    order_index: row.order_index,
    is_draft: row.is_draft === 1,
    updated_at: row.updated_at,
  };
}

/**
 * The model of one kind of ordered record: every row (the back office), the rows visitors
 * see (none that "Ajouter" inserted and nobody saved), one row, and the writes.
 */
export function orderedRecordModel<
  T extends OrderedTable,
  C extends keyof Row<T> & string,
  R,
  Input extends { title: string; details: string[] },
>({
  table,
  what,
  columns,
  toRecord,
  defaults,
}: {
  table: T;
  /** The record's name in a "not found" or stale message. */
  what: string;
  columns: readonly C[];
  toRecord: (row: Pick<Row<T>, C>) => R;
  /** The columns a new row starts with. */
  defaults: Record<string, string>;
}) {
  async function select({ publicOnly = false, id }: { publicOnly?: boolean; id?: number }) {
    // The two tables share these columns; one of them names the query's types.
    let query = getDb()
      .selectFrom(table as "disciplines")
      .select(columns as unknown as readonly (keyof Row<"disciplines">)[]);
    if (publicOnly) query = query.where("is_draft", "=", 0);
    if (id !== undefined) query = query.where("id", "=", id);
    const rows = await query.orderBy("order_index").orderBy("id").execute();
    return (rows as unknown as Pick<Row<T>, C>[]).map(toRecord);
  }

  async function getOne({ id }: { id: number }): Promise<R | null> {
    const [record] = await select({ id });
    return record ?? null;
  }

  return {
    getAll: (): Promise<R[]> => select({}),
    getPublic: (): Promise<R[]> => select({ publicOnly: true }),
    getOne,
    /** Saves an edit made on the version stamped `loadedAt`; refuses a stale one. */
    update: async ({ id, values, loadedAt }: { id: number; values: Input; loadedAt: string }) => {
      await saveOrderedRow({ table, id, values, loadedAt, what });
      return (await getOne({ id }))!;
    },
    /** A new row at the end of the list (order_index = current count), spec §3 defaults. */
    create: async (): Promise<R> => {
      const id = await addOrderedRow({ table, defaults });
      return (await getOne({ id }))!;
    },
    /** Swaps a row with its neighbour and renumbers from 0, in one transaction. */
    move: ({ id, direction }: { id: number; direction: MoveDirection }): Promise<number[]> =>
      moveRow({ table, id, direction, what }),
    /**
     * Deletes a row, never the last one (LastRowError), renumbering the rest from 0.
     * Returns the image URL it had, for the caller to remove an unused upload.
     */
    remove: ({ id }: { id: number }): Promise<{ image: string }> =>
      deleteOrderedRow({ table, id, what }),
  };
}
