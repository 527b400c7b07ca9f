import { sql, type ExpressionBuilder, type SelectQueryBuilder, type StringReference } from "kysely";

/*
 * The server half of the one back-office list (app/utils/list-params.ts has the URL
 * half): a page of a filtered query with its total, a search over a few columns, and the
 * counts that the filters show. Every list orders on indexed columns (migration 011).
 */

export interface ListPage<T> {
  rows: T[];
  /** Rows matching the search and the filters, over every page. */
  total: number;
  /** The page shown: the one asked, or the last when it was past the end. */
  page: number;
  pages: number;
}

/**
 * One page of `query` (already filtered and ordered, on a table with an `id`, or the
 * column `id` names when the query joins tables that each have one) and its total. A page
 * past the end shows the last one, so a link kept after deletions still lands on rows. The page's ids are found first, then only their rows are read: sorting
 * and skipping whole rows (a message's text, an article's) cost more than the rest.
 */
export async function pageOf<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  { page, perPage, id = "id" }: { page: number; perPage: number; id?: string },
): Promise<ListPage<O>> {
  const idColumn = sql.ref(id);
  const counted = (await query
    .clearSelect()
    .clearOrderBy()
    .select((eb) => eb.fn.countAll().as("total"))
    .executeTakeFirstOrThrow()) as { total: number | string };
  const count = Number(counted.total);
  const { page: shown, pages, offset } = pageAt(count, { page, perPage });
  const ids =
    count === 0
      ? []
      : (
          await query
            .clearSelect()
            .select(sql<number>`${idColumn}`.as("id"))
            .limit(perPage)
            .offset(offset)
            .execute()
        ).map((row) => (row as { id: number }).id);
  const rows = ids.length === 0 ? [] : await query.where(idColumn, "in", ids).execute();
  return { rows, total: count, page: shown, pages };
}

/** The page shown of `count` rows (the one asked, or the last), and the rows before it. */
export function pageAt(count: number, { page, perPage }: { page: number; perPage: number }) {
  const pages = Math.max(1, Math.ceil(count / perPage));
  const shown = Math.min(Math.max(page, 1), pages);
  return { page: shown, pages, offset: (shown - 1) * perPage };
}

/**
 * The rows where any of `columns` contains every word of `search`, ignoring case. Wildcards
 * typed by the admin are dropped rather than escaped (SQLite and PostgreSQL escape apart).
 */
export function whereSearch<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  columns: readonly StringReference<DB, TB>[],
  search: string,
): SelectQueryBuilder<DB, TB, O> {
  const words = search
    .toLowerCase()
    .replace(/[\\%_]/g, "")
    .split(" ")
    .filter(Boolean);
  return words.reduce(
    (filtered, word) =>
      filtered.where((eb: ExpressionBuilder<DB, TB>) =>
        eb.or(
          columns.map((column) =>
            eb(eb.fn("lower", [eb.ref(column)]), "like", eb.val(`%${word}%`)),
          ),
        ),
      ),
    query,
  );
}

/** How many rows of `query` have each value of `column` (a filter's counts). */
export async function countsBy<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  column: StringReference<DB, TB>,
): Promise<Map<string, number>> {
  const rows = await query
    .clearSelect()
    .clearOrderBy()
    .select((eb) => [eb.ref(column).as("value"), eb.fn.countAll().as("count")])
    .groupBy(column)
    .execute();
  return new Map(
    rows.map((row) => {
      const { value, count } = row as { value: unknown; count: number | string };
      return [String(value), Number(count)];
    }),
  );
}
