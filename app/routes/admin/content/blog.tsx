import { Newspaper, Plus } from "lucide-react";
import { ListEmpty } from "~/components/admin/list/list-empty";
import { useCallback, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { BlogEditor } from "~/components/admin/content/blog/blog-editor";
import { BLOG_CATEGORY_CHOICES, POST_STATUSES } from "~/domains/content/post-schema";
import { ListResults } from "~/components/admin/list/list-results";
import {
  DateRangeFields,
  FilterLinks,
  ListSearch,
  SearchField,
} from "~/components/admin/list/list-toolbar";
import { BLOG_DELETE, BlogPostRow } from "~/components/admin/content/blog/blog-post-row";
import { useRowsToast } from "~/components/admin/forms/use-action-toast";
import { AdminPageHeader } from "~/components/admin/forms/page-header";
import { Button } from "~/components/ui/button";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { Select } from "~/components/ui/select";
import { countLabel, listHref, readChoice } from "~/utils/list-params";
import { keepInputOnNetworkFailure, unlessNetworkFailure } from "~/utils/network-failure";
import { adminMeta } from "~/utils/admin-route";
import type { Route } from "./+types/blog";
import { blogAction, blogLoader } from "./blog.server";

export const meta: Route.MetaFunction = () => adminMeta("Blog");

export async function loader({ request }: Route.LoaderArgs) {
  return blogLoader({ request });
}

export async function action(args: Route.ActionArgs) {
  return blogAction(args);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  keepInputOnNetworkFailure(serverAction);
export const shouldRevalidate = unlessNetworkFailure();

const STATUS_LABELS = {
  publie: "Publiés",
  brouillon: "Brouillons",
  "en-avant": "Mis en avant",
  programme: "Programmés",
};

export default function AdminBlog({ loaderData }: Route.ComponentProps) {
  const { list, editing, thumbnails, articleTexts } = loaderData;
  // The server's time of the load: the « en retard » marks read the same in the browser.
  const now = new Date(loaderData.now);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [confirm, confirmDialog] = useConfirm();
  useRowsToast(BLOG_DELETE);
  // A new article is this screen's state; an existing one is opened by its address
  // (?modifier=id), which loads its whole text. Each opening starts from the article as
  // loaded then (the key).
  const [creating, setCreating] = useState({ key: 0, open: false });
  const openNew = useCallback(() => setCreating((c) => ({ key: c.key + 1, open: true })), []);
  const openEdit = useCallback(
    (id: number) =>
      navigate(listHref(params, { modifier: id, page: list.page }), { preventScrollReset: true }),
    [navigate, params, list.page],
  );
  const closeEdit = useCallback(
    (open: boolean) => {
      if (!open) {
        navigate(listHref(params, { modifier: null, page: list.page }), {
          replace: true,
          preventScrollReset: true,
        });
      }
    },
    [navigate, params, list.page],
  );
  const onNewOpenChange = useCallback(
    (open: boolean) => setCreating((current) => ({ ...current, open })),
    [],
  );
  // The article as it was when opened: a reload of the list meanwhile (another row's action)
  // neither resets the typing nor moves the version that the stale check compares.
  const [opened, setOpened] = useState(editing);
  if (editing?.id !== opened?.id) setOpened(editing);
  const status = readChoice(params, "statut", POST_STATUSES, null);
  const filtered = list.total !== list.allPosts;

  return (
    <>
      <AdminPageHeader
        title="Blog"
        description="Les actualités du club. Un article publié apparaît sur la page d'accueil (les 3 plus récents) et sur la page Blog ; un brouillon n'est visible qu'ici."
        actions={
          <Button onClick={openNew}>
            <Plus aria-hidden="true" className="size-4" />
            Nouvel article
          </Button>
        }
      />
      <div className="mb-4 flex flex-col gap-3">
        <FilterLinks
          name="statut"
          label="Statut des articles"
          current={status}
          choices={[
            { value: null, label: "Tous", count: list.counts.matching },
            ...POST_STATUSES.map((value) => ({
              value,
              label: STATUS_LABELS[value],
              count: list.counts[value],
            })),
          ]}
        />
        <ListSearch
          label="Rechercher un article"
          placeholder="Titre, sous-titre, auteur"
          fields={["categorie", "du", "au"]}
        >
          <SearchField label="Catégorie">
            <Select name="categorie" defaultValue={params.get("categorie") ?? ""}>
              <option value="">Toutes</option>
              {BLOG_CATEGORY_CHOICES.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </Select>
          </SearchField>
          <DateRangeFields fromLabel="Publié depuis le" />
        </ListSearch>
      </div>
      <ListResults
        page={list.page}
        pages={list.pages}
        summary={
          filtered
            ? `${countLabel(list.total, "article trouvé", "articles trouvés")} sur ${countLabel(list.allPosts, "article")}`
            : countLabel(list.allPosts, "article")
        }
        empty={
          list.rows.length > 0 ? undefined : list.allPosts === 0 ? (
            <ListEmpty icon={Newspaper}>
              <p className="font-semibold text-ink">Aucun article pour le moment.</p>
              <p className="text-sm text-gray-600">
                Rédigez le premier avec le bouton « Nouvel article ».
              </p>
            </ListEmpty>
          ) : (
            <p className="rounded-lg border border-dashed border-gray-300 bg-white px-4 py-10 text-center text-gray-700">
              Aucun article ne correspond à cette recherche.
            </p>
          )
        }
      >
        <ul aria-label="Articles" className="flex flex-col gap-4">
          {list.rows.map((post) => (
            <BlogPostRow
              key={post.id}
              post={post}
              thumbnail={thumbnails[post.image_url] ?? null}
              onEdit={openEdit}
              confirm={confirm}
              now={now}
            />
          ))}
        </ul>
      </ListResults>
      <BlogEditor
        key={`new-${creating.key}`}
        open={creating.open}
        post={null}
        articleTexts={articleTexts}
        onOpenChange={onNewOpenChange}
        now={now}
      />
      {opened ? (
        <BlogEditor
          key={opened.id}
          open
          post={opened}
          articleTexts={articleTexts}
          onOpenChange={closeEdit}
          now={now}
        />
      ) : null}
      {confirmDialog}
    </>
  );
}
