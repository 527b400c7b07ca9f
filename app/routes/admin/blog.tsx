import { Newspaper, Plus } from "lucide-react";
import { useCallback, useState } from "react";
import { BlogEditor } from "~/components/admin/blog/blog-editor";
import { BLOG_DELETE, BlogPostRow } from "~/components/admin/blog/blog-post-row";
import { useRowsToast } from "~/components/admin/forms/use-action-toast";
import { AdminPageHeader } from "~/components/admin/forms/page-header";
import { Button } from "~/components/ui/button";
import { useConfirm } from "~/components/ui/confirm-dialog";
import type { Post } from "~/models/post.server";
import { keepInputOnNetworkFailure, unlessNetworkFailure } from "~/utils/network-failure";
import { adminMeta } from "~/utils/admin-route";
import type { Route } from "./+types/blog";
import { blogAction, blogLoader } from "./blog.server";

export const meta: Route.MetaFunction = () => adminMeta("Blog");

export async function loader({ request }: Route.LoaderArgs) {
  return blogLoader({ request });
}

export async function action({ request }: Route.ActionArgs) {
  return blogAction({ request });
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  keepInputOnNetworkFailure(serverAction);
export const shouldRevalidate = unlessNetworkFailure();

export default function AdminBlog({ loaderData }: Route.ComponentProps) {
  const { posts, variants } = loaderData;
  const [confirm, confirmDialog] = useConfirm();
  useRowsToast(BLOG_DELETE);
  // Each opening of the editor is a new session (key): it starts from the article as loaded.
  const [editor, setEditor] = useState<{ key: number; post: Post | null; open: boolean }>({
    key: 0,
    post: null,
    open: false,
  });
  const openEditor = useCallback(
    (post: Post | null) => setEditor((current) => ({ key: current.key + 1, post, open: true })),
    [],
  );
  const onOpenChange = useCallback(
    (open: boolean) => setEditor((current) => ({ ...current, open })),
    [],
  );

  return (
    <>
      <AdminPageHeader
        title="Blog"
        description="Les actualités du club. Un article publié apparaît sur la page d'accueil (les 3 plus récents) et sur la page Blog ; un brouillon n'est visible qu'ici."
        actions={
          <Button onClick={() => openEditor(null)}>
            <Plus aria-hidden="true" className="size-4" />
            Nouvel article
          </Button>
        }
      />
      <p className="mb-4 text-sm font-semibold text-gray-700" aria-live="polite">
        {posts.length} {posts.length > 1 ? "articles" : "article"}
      </p>
      {posts.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-gray-300 bg-white px-4 py-12 text-center">
          <Newspaper aria-hidden="true" className="size-10 text-gray-400" />
          <p className="font-semibold text-ink">Aucun article pour le moment.</p>
          <p className="text-sm text-gray-600">
            Rédigez le premier avec le bouton « Nouvel article ».
          </p>
        </div>
      ) : (
        <ul aria-label="Articles" className="flex flex-col gap-4">
          {posts.map((post) => (
            <BlogPostRow
              key={post.id}
              post={post}
              variants={variants[post.image_url]}
              onEdit={openEditor}
              confirm={confirm}
            />
          ))}
        </ul>
      )}
      <BlogEditor
        key={editor.key}
        open={editor.open}
        post={editor.post}
        onOpenChange={onOpenChange}
      />
      {confirmDialog}
    </>
  );
}
