import { ArrowLeft, CalendarDays, UserRound } from "lucide-react";
import { data, isRouteErrorResponse, redirect } from "react-router";
import { ArticleHeading } from "~/components/site/article-heading";
import { ButtonLink } from "~/components/site/button-link";
import { NotFoundSection } from "~/components/site/not-found-section";
import { BLOG_CATEGORY_LABELS } from "~/components/site/post-card";
import { PostContent } from "~/components/site/post-content";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { formatFrenchDate } from "~/content/dates";
import { getPublishedPost } from "~/models/post.server";
import { getPublishedPostNewSlug } from "~/models/post-slug.server";
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
  const { post, blocks, variants, texts } = loaderData;
  return (
    <article>
      <header
        className={`bg-gradient-to-br from-teal-dark via-ink to-ink pt-14 text-white md:pt-20 ${
          post.image_url ? "pb-32 md:pb-44" : "pb-14 md:pb-20"
        }`}
      >
        <div className="mx-auto max-w-3xl px-4">
          <ArticleHeading
            backTo="/blog"
            backText={texts.backLinkText}
            category={BLOG_CATEGORY_LABELS[post.category]}
            title={post.title}
          />
          {post.subtitle && (
            <p className="mt-4 text-lg text-gray-200 md:text-xl">{post.subtitle}</p>
          )}
          <p className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-2 text-sm text-gray-200">
            <span className="inline-flex items-center gap-2">
              <CalendarDays aria-hidden="true" className="size-4 text-teal" />
              <time dateTime={post.published_at}>{formatFrenchDate(post.published_at)}</time>
            </span>
            {post.author && (
              <span className="inline-flex items-center gap-2">
                <UserRound aria-hidden="true" className="size-4 text-teal" />
                {texts.authorPrefix} {post.author}
              </span>
            )}
          </p>
        </div>
      </header>

      <div className="mx-auto max-w-4xl px-4">
        {post.image_url ? (
          <div className="-mt-24 overflow-hidden rounded-2xl bg-gray-100 shadow-2xl md:-mt-36">
            <ResponsiveImage
              src={post.image_url}
              variants={variants[post.image_url]}
              alt=""
              priority
              sizes="(min-width: 896px) 864px, 100vw"
              className="aspect-[16/9] w-full object-cover"
            />
          </div>
        ) : null}
      </div>

      <div className="mx-auto max-w-3xl px-4 py-12 md:py-16">
        <PostContent blocks={blocks} variants={variants} />
        <p className="mt-12 border-t border-gray-200 pt-8">
          <ButtonLink to="/blog" variant="outline-dark">
            <ArrowLeft aria-hidden="true" className="size-5" />
            {texts.backLinkText}
          </ButtonLink>
        </p>
      </div>
    </article>
  );
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
