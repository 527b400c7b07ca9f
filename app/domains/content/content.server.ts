import { getDb } from "~/db/client.server";
import { PAGE_TEXTS } from "~/domains/content/defaults";
import { mergeDefaults, parseJson } from "~/core/json";
import { nextStamp, StaleSaveError } from "../../utils/stale.server";

/** The defaults' literal types widened, since the admin can change every text. */
type Widen<T> = T extends string
  ? string
  : T extends number
    ? number
    : T extends boolean
      ? boolean
      : T extends readonly (infer U)[]
        ? Widen<U>[]
        : T extends object
          ? { -readonly [K in keyof T]: Widen<T[K]> }
          : T;

type Texts = typeof PAGE_TEXTS;
export type ContentCategory = keyof Texts;
export type CategoryContent<C extends ContentCategory> = Widen<Texts[C]>;
export type ContentBlock<C extends ContentCategory, S extends keyof Texts[C]> = Widen<Texts[C][S]>;

/** One block's stored JSON as it stands in site_content; undefined when it has no row. */
export async function readStoredBlock({
  category,
  section,
}: {
  category: string;
  section: string;
}): Promise<string | undefined> {
  const row = await getDb()
    .selectFrom("site_content")
    .select("content")
    .where("category", "=", category)
    .where("section", "=", section)
    .executeTakeFirst();
  return row?.content;
}

/** One block (category/section), stored fields over the built-in French defaults. */
export async function getContentBlock<
  C extends ContentCategory,
  S extends keyof Texts[C] & string,
>({ category, section }: { category: C; section: S }): Promise<ContentBlock<C, S>> {
  const stored = await readStoredBlock({ category, section });
  return mergeDefaults(PAGE_TEXTS[category][section], parseJson(stored, {})) as ContentBlock<C, S>;
}

/** Every section of a page's category, in one query: what a page loader needs. */
export async function getPageContent<C extends ContentCategory>({
  category,
}: {
  category: C;
}): Promise<CategoryContent<C>> {
  const rows = await getDb()
    .selectFrom("site_content")
    .select(["section", "content"])
    .where("category", "=", category)
    .execute();
  const stored = Object.fromEntries(rows.map((row) => [row.section, parseJson(row.content, {})]));
  return mergeDefaults(PAGE_TEXTS[category], stored) as CategoryContent<C>;
}

/** A block as the content editor edits it: stored fields over the defaults, and its stamp. */
export interface EditableContentBlock {
  category: string;
  section: string;
  content: Record<string, unknown>;
  /** The stored row's updated_at; null while the block only has its defaults. */
  updatedAt: string | null;
}

/**
 * Every block of the public pages (PAGE_TEXTS), in their order, each with its stored
 * fields merged over the defaults and its updated_at for the stale check.
 */
export async function getContentBlocksForEdit(): Promise<EditableContentBlock[]> {
  const rows = await getDb()
    .selectFrom("site_content")
    .select(["category", "section", "content", "updated_at"])
    .execute();
  const stored = new Map(rows.map((row) => [`${row.category}/${row.section}`, row]));
  const blocks: EditableContentBlock[] = [];
  for (const [category, sections] of Object.entries(PAGE_TEXTS)) {
    for (const [section, defaults] of Object.entries(sections)) {
      const row = stored.get(`${category}/${section}`);
      blocks.push({
        category,
        section,
        content: mergeDefaults(
          defaults as Record<string, unknown>,
          parseJson<unknown>(row?.content, {}),
        ),
        updatedAt: row?.updated_at ?? null,
      });
    }
  }
  return blocks;
}

/** A database failure while saving a block; the message names it, as spec §8 does. */
export class ContentSaveError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "ContentSaveError";
  }
}

/**
 * Saves the content editor's pending blocks in one transaction (DESIGN.md: all or
 * nothing, where the spec stopped half-way). A block is updated when it exists (only if
 * its updated_at is still the one loaded), inserted otherwise (only if nobody created it
 * since). A stale block throws StaleSaveError, a database failure ContentSaveError; either
 * way nothing is saved. Returns the new updated_at of each block, by "category/section".
 */
export async function saveContentBlocks({
  changes,
}: {
  changes: {
    category: string;
    section: string;
    content: Record<string, unknown>;
    loadedAt: string | null;
  }[];
}): Promise<Record<string, string>> {
  const stamps: Record<string, string> = {};
  await getDb()
    .transaction()
    .execute(async (trx) => {
      for (const { category, section, content, loadedAt } of changes) {
        const where = `${category}/${section}`;
        const stamp = nextStamp(loadedAt);
        const json = JSON.stringify(content);
        if (loadedAt === null) {
          let inserted: bigint;
          try {
            const result = await trx
              .insertInto("site_content")
              .values({ category, section, content: json, updated_at: stamp })
              .onConflict((oc) => oc.columns(["category", "section"]).doNothing())
              .executeTakeFirst();
            inserted = result.numInsertedOrUpdatedRows ?? 0n;
          } catch (error) {
            throw new ContentSaveError(`Erreur lors de la création de ${where}`, { cause: error });
          }
          // Someone created the block since this editor loaded it.
          if (inserted === 0n) throw new StaleSaveError();
        } else {
          let updated: bigint;
          try {
            const result = await trx
              .updateTable("site_content")
              .set({ content: json, updated_at: stamp })
              .where("category", "=", category)
              .where("section", "=", section)
              .where("updated_at", "=", loadedAt)
              .executeTakeFirst();
            updated = result.numUpdatedRows;
          } catch (error) {
            throw new ContentSaveError(`Erreur lors de la mise à jour de ${where}`, {
              cause: error,
            });
          }
          // Changed (or removed) since it was loaded.
          if (updated === 0n) throw new StaleSaveError();
        }
        stamps[where] = stamp;
      }
    });
  return stamps;
}
