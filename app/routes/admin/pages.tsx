import { Plus } from "lucide-react";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import { useOrderedScreen } from "~/components/admin/records/ordered-screen";
import { EditorListLayout } from "~/components/admin/records/editor-list-layout";
import { AdminPageHeader } from "~/components/admin/forms/page-header";
import { PageEditor, PageList } from "~/components/admin/pages/page-editor";
import { PAGE_MESSAGES } from "~/components/admin/pages/page-schema";
import { Button } from "~/components/ui/button";
import { getSitePagesForAdmin, type AdminSitePage } from "~/models/site-page.server";
import { requireAdmin } from "~/utils/auth.server";
import { keepInputOnNetworkFailure, unlessNetworkFailure } from "~/utils/network-failure";
import type { Route } from "./+types/pages";
import { pagesAction } from "./pages.server";

export const meta: Route.MetaFunction = () => [
  { title: "Pages | Administration" },
  { name: "robots", content: "noindex" },
];

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

/** A refused delete reloads the list too. */
function revalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get("intent") === "delete" || defaultShouldRevalidate;
}
export const shouldRevalidate = unlessNetworkFailure(revalidate);

export default function Pages({ loaderData }: Route.ComponentProps) {
  const { pages, loadError } = loaderData;
  const screen = useOrderedScreen({
    items: pages,
    messages: {},
    refuseDelete: (page) => (page.is_main ? PAGE_MESSAGES.mainPage : null),
  });
  const selected = screen.selected;
  return (
    <>
      <AdminPageHeader
        title="Pages"
        description="Des pages à part (mentions légales, partenaires…) servies à leur adresse une fois publiées, et les pages principales du site."
      />
      {loadError ? (
        <p
          role="alert"
          className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800"
        >
          {loadError}
        </p>
      ) : (
        <EditorListLayout
          className="grid-cols-1"
          listTitle="Liste des pages"
          listActions={
            <Button size="sm" onClick={screen.add} busy={screen.adding}>
              {!screen.adding && <Plus aria-hidden="true" className="size-4" />}
              Nouvelle page
            </Button>
          }
          list={
            <PageList pages={pages} selectedId={selected?.id ?? null} onSelect={screen.select} />
          }
        >
          {selected ? (
            <PageEditor
              key={selected.id}
              page={selected}
              otherSlugs={pages.filter((p) => p.id !== selected.id).map((p) => p.slug)}
              onDirtyChange={screen.setDirty}
              onDelete={() => screen.remove(selected)}
              deleting={screen.deleting}
            />
          ) : (
            <p className="rounded-lg border border-gray-200 bg-white p-6 text-gray-700">
              {PAGE_MESSAGES.noneSelected}
            </p>
          )}
        </EditorListLayout>
      )}
      {screen.dialogs}
    </>
  );
}
