import { getDb } from "~/db/client.server";
import { PAGE_TEXTS } from "~/content/defaults";
import { mergeDefaults, parseJson } from "./parse";

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

/** One block (category/section), stored fields over the built-in French defaults. */
export async function getContentBlock<
  C extends ContentCategory,
  S extends keyof Texts[C] & string,
>({ category, section }: { category: C; section: S }): Promise<ContentBlock<C, S>> {
  const row = await getDb()
    .selectFrom("site_content")
    .select("content")
    .where("category", "=", category)
    .where("section", "=", section)
    .executeTakeFirst();
  return mergeDefaults(PAGE_TEXTS[category][section], parseJson(row?.content, {})) as ContentBlock<
    C,
    S
  >;
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
