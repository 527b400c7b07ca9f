import type { ComponentProps, ReactNode } from "react";
import type { ListPage } from "~/utils/list-page.server";
import { ListResults } from "./list-results";

/**
 * The results of one page of a server list (pageOf): its page links, and `empty` in place of
 * the rows when nothing matches the search and the filters.
 */
export function ListPageResults({
  list,
  empty,
  ...results
}: Omit<ComponentProps<typeof ListResults>, "page" | "pages" | "empty"> & {
  list: Omit<ListPage<unknown>, "rows">;
  empty: ReactNode;
}) {
  return (
    <ListResults
      page={list.page}
      pages={list.pages}
      empty={list.total > 0 ? undefined : empty}
      {...results}
    />
  );
}
