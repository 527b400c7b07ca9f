import { ArrowLeft } from "lucide-react";
import { data, isRouteErrorResponse, redirect } from "react-router";
import { ArticleView } from "~/components/site/article-view";
import { NotFoundSection } from "~/components/site/not-found-section";
import { BLOG_CATEGORY_LABELS } from "~/components/site/post-card";
import { getPublishedPost } from "~/domains/content/post.server";
import { getPublishedPostNewSlug } from "~/domains/content/post-slug.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/blog-post";
import { articlePageData } from "./article.server";

export async function loader({ params }: Route.LoaderArgs) {
  const post = params.slug ? await getPublishedPost({ slugOrId: params.slug }) : null;
  if (!post) {
    // A renamed article keeps its old addresses (DESIGN.md, departures from the spec).
    const newSlug = params.slug ? await getPublishedPostNewSlug({ slug: params.slug }) : null;
    if (newSlug) throw redirect(`/blog/${encodeURIComponent(newSlug)}`, 301);
    throw data("Article introuvable", { status: 404 });
  }
  return articlePageData(post);
}

export const links: Route.LinksFunction = () => [
  {
    rel: "alternate",
    type: "application/rss+xml",
    href: "/blog/rss.xml",
    title: "Actualités du club (RSS)",
  },
];

export const meta: Route.MetaFunction = ({ data: loaded, matches, params }) => {
  if (!loaded) {
    return [
      ...pageMeta({
        matches,
        title: "Article introuvable",
        description: "L'article que vous recherchez n'existe pas ou n'est plus disponible.",
        path: `/blog/${params.slug}`,
      }),
      { name: "robots", content: "noindex" },
    ];
  }
  const { post } = loaded;
  return [
    ...pageMeta({
      matches,
      title: post.title,
      description: post.description,
      path: `/blog/${post.slug || post.id}`,
      image: post.image_url,
      type: "article",
    }),
    { property: "article:published_time", content: post.published_at },
    { property: "article:modified_time", content: post.updated_at },
    { property: "article:section", content: BLOG_CATEGORY_LABELS[post.category] },
    ...(post.author ? [{ property: "article:author", content: post.author }] : []),
  ];
};

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  return <ArticleView {...loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <NotFoundSection
      title="Article introuvable"
      backTo="/blog"
      backLabel={
        <>
          <ArrowLeft aria-hidden="true" className="size-5" />
          Retour au blog
        </>
      }
    >
      <p className="text-lg text-gray-700">
        L'article que vous recherchez n'existe pas ou n'est plus disponible.
      </p>
    </NotFoundSection>
  );
}
