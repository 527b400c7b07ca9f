import { OrderedScreen, useOrderedScreen } from "~/components/admin/records/ordered-screen";
import { PageEditor, PageList } from "~/components/admin/pages/page-editor";
import { PAGE_MESSAGES } from "~/components/admin/pages/page-schema";
import { getSitePagesForAdmin, type AdminSitePage } from "~/models/site-page.server";
import { requireAdmin } from "~/utils/auth.server";
import { keepInputOnNetworkFailure } from "~/utils/network-failure";
import { adminMeta, revalidateAfterMoveOrDelete } from "~/utils/admin-route";
import type { Route } from "./+types/pages";
import { pagesAction } from "./pages.server";

export const meta: Route.MetaFunction = () => adminMeta("Pages");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  try {
    return { pages: await getSitePagesForAdmin(), loadError: null };
  } catch (error) {
    console.error(error);
    return { pages: [] as AdminSitePage[], loadError: PAGE_MESSAGES.loadFailed };
  }
}

export async function action({ request }: Route.ActionArgs) {
  return pagesAction(request);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  keepInputOnNetworkFailure(serverAction);

// A refused delete reloads the list too (pages are not moved).
export const shouldRevalidate = revalidateAfterMoveOrDelete;

export default function Pages({ loaderData }: Route.ComponentProps) {
  const { pages, loadError } = loaderData;
  const screen = useOrderedScreen({
    items: pages,
    messages: {},
    refuseDelete: (page) => (page.is_main ? PAGE_MESSAGES.mainPage : null),
  });
  return (
    <OrderedScreen
      title="Pages"
      description="Des pages à part (mentions légales, partenaires…) servies à leur adresse une fois publiées, et les pages principales du site."
      listTitle="Liste des pages"
      addLabel="Nouvelle page"
      loadError={loadError}
      screen={screen}
      list={
        <PageList pages={pages} selectedId={screen.selected?.id ?? null} onSelect={screen.select} />
      }
      noneSelected={PAGE_MESSAGES.noneSelected}
      editor={(selected) => (
        <PageEditor
          key={selected.id}
          page={selected}
          otherSlugs={pages.filter((p) => p.id !== selected.id).map((p) => p.slug)}
          onDirtyChange={screen.setDirty}
          onDelete={() => screen.remove(selected)}
          deleting={screen.deleting}
        />
      )}
    />
  );
}
