import { OrderedScreen, useOrderedScreen } from "~/components/admin/content/records/ordered-screen";
import { PageEditor } from "~/components/admin/content/pages/page-editor";
import { PageList } from "~/components/admin/content/pages/page-list";
import { PAGE_MESSAGES } from "~/domains/content/page-schema";
import { ListPageResults } from "~/components/admin/list/list-page-results";
import { ListSearch } from "~/components/admin/list/list-toolbar";
import { countLabel, readPage, readSearch } from "~/utils/list-params";
import type { ListPage } from "~/utils/list-page.server";
import { isInMenu } from "~/domains/content/menu.server";
import {
  getSitePage,
  listSitePagesForAdmin,
  type AdminSitePage,
  type AdminSitePageRow,
} from "~/domains/content/site-page.server";
import { positiveId } from "~/core/form";
import { requireCapability } from "~/domains/volunteers/auth.server";
import { keepInputOnNetworkFailure } from "~/utils/network-failure";
import { adminMeta, loadOrExplain, revalidateAfterMoveOrDelete } from "~/utils/admin-route";
import type { Route } from "./+types/pages";
import { pagesAction } from "./pages.server";

export const meta: Route.MetaFunction = () => adminMeta("Pages");

/*
 * /admin/pages: one page of the list (?page, ?q) and the page opened in the editor (?id,
 * else the list's first that is not a main page), whose text only it loads, and whether
 * the menu leads to it. A main page has no editor: its line in the list says all.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireCapability(request, "content");
  const params = new URL(request.url).searchParams;
  const loaded = await loadOrExplain(
    async () => {
      const list = await listSitePagesForAdmin({
        page: readPage(params),
        search: readSearch(params),
      });
      const id = positiveId(params.get("id")) ?? list.rows.find((row) => !row.is_main)?.id;
      const found = id ? await getSitePage({ id }) : null;
      const selected = found && !found.is_main ? found : null;
      const inMenu = selected ? await isInMenu({ path: selected.slug }) : false;
      return { list, selected, inMenu };
    },
    {
      list: { rows: [], total: 0, page: 1, pages: 1 } as ListPage<AdminSitePageRow>,
      selected: null,
      inMenu: false,
    },
    PAGE_MESSAGES.loadFailed,
  );
  return { ...loaded, now: new Date().toISOString() };
}

export async function action({ request, context }: Route.ActionArgs) {
  return pagesAction(request, context);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  keepInputOnNetworkFailure(serverAction);

// A refused delete reloads the list too (pages are not moved).
export const shouldRevalidate = revalidateAfterMoveOrDelete;

export default function Pages({ loaderData }: Route.ComponentProps) {
  const { list, selected, inMenu, loadError } = loaderData;
  // The server's time of the load: the « en retard » marks read the same in the browser.
  const now = new Date(loaderData.now);
  const screen = useOrderedScreen<AdminSitePageRow, AdminSitePage>({
    items: list.rows,
    current: selected,
    messages: {},
  });
  return (
    <OrderedScreen<AdminSitePage>
      title="Pages"
      description="Des pages à part (mentions légales, partenaires…) servies à leur adresse une fois publiées. Les pages principales du site se modifient dans Contenu."
      listTitle="Liste des pages"
      addLabel="Nouvelle page"
      loadError={loadError}
      screen={screen}
      list={
        <div className="flex flex-col gap-3">
          <ListSearch label="Rechercher une page" placeholder="Titre ou adresse" />
          <ListPageResults
            list={list}
            summary={countLabel(list.total, "page")}
            empty={
              <p className="text-sm text-gray-700">Aucune page ne correspond à cette recherche.</p>
            }
          >
            <PageList
              pages={list.rows}
              selectedId={screen.selected?.id ?? null}
              onSelect={screen.select}
              now={now}
            />
          </ListPageResults>
        </div>
      }
      noneSelected={PAGE_MESSAGES.noneSelected}
      editor={(opened) => (
        <PageEditor
          key={opened.id}
          page={opened}
          inMenu={inMenu}
          onDirtyChange={screen.setDirty}
          onDelete={() => screen.remove(opened)}
          deleting={screen.deleting}
          now={now}
        />
      )}
    />
  );
}
