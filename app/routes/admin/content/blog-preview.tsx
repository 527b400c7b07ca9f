import { ArrowLeft, Eye } from "lucide-react";
import { data, isRouteErrorResponse, Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { getPostForEdit } from "~/domains/content/post-admin.server";
import { requireCapability } from "~/domains/volunteers/auth.server";
import { ArticleView } from "~/components/site/article-view";
import { articlePageData } from "~/routes/site/article.server";
import { adminMeta } from "~/utils/admin-route";
import type { Route } from "./+types/blog-preview";

/*
 * /admin/blog/:id/apercu: an article, draft or not, through the public article page's
 * own component and data, so the admin sees it exactly as visitors will. Visitors never
 * reach a draft: the public loader reads published articles only.
 */

export const meta: Route.MetaFunction = ({ data: loaded }) =>
  adminMeta(`Aperçu : ${loaded?.post.title ?? "article"}`);

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireCapability(request, "content");
  const id = Number(params.id);
  const post = Number.isInteger(id) && id > 0 ? await getPostForEdit({ id }) : null;
  if (!post) throw data("Article introuvable", { status: 404 });
  const article = await articlePageData(post);
  return { ...article, status: { id: post.id, published: post.is_published } };
}

export default function BlogPreview({ loaderData }: Route.ComponentProps) {
  const { status, post } = loaderData;
  return (
    <>
      <div className="mb-4 flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-amber-900">
          <Eye aria-hidden="true" className="size-4 shrink-0" />
          <span>
            {status.published
              ? "Aperçu : cet article est publié, les visiteurs le voient ainsi."
              : "Aperçu : ce brouillon n'est visible que dans l'administration."}
          </span>
          <Badge tone={status.published ? "success" : "neutral"}>
            {status.published ? "Publié" : "Brouillon"}
          </Badge>
        </p>
        <div className="flex flex-wrap gap-2">
          {status.published && (
            <a
              href={`/blog/${post.slug || post.id}`}
              className={buttonClasses({ variant: "secondary", size: "sm" })}
            >
              Voir sur le site
            </a>
          )}
          <BackToPosts className={buttonClasses({ variant: "secondary", size: "sm" })} />
        </div>
      </div>
      <div className="-mx-4 overflow-hidden bg-white shadow-sm ring-1 ring-gray-200 sm:mx-0 sm:rounded-lg">
        <ArticleView {...loaderData} />
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <section className="mx-auto max-w-xl py-12 text-center">
      <h1 className="text-2xl font-bold text-ink">Article introuvable</h1>
      <p className="mt-2 text-gray-700">
        L'article que vous recherchez n'existe pas ou n'est plus disponible.
      </p>
      <BackToPosts className={buttonClasses({ variant: "primary", className: "mt-6" })} />
    </section>
  );
}

function BackToPosts({ className }: { className: string }) {
  return (
    <Link to="/admin/blog" className={className}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      Retour aux articles
    </Link>
  );
}
