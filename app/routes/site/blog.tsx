import { Newspaper, Rss } from "lucide-react";
import { ButtonLink } from "~/components/site/button-link";
import { Pagination } from "~/components/site/pagination";
import { PageHero } from "~/components/site/page-hero";
import { PostCard } from "~/components/site/post-card";
import { SETTINGS_DEFAULTS } from "~/domains/content/defaults";
import { CARD_EXCERPT_LENGTH, excerpt } from "~/domains/content/excerpt";
import { clampPage } from "~/utils/pagination";
import { getPageContent } from "~/domains/content/content.server";
import { getImageVariants } from "~/storage/variants.server";
import { getPublishedPostsPage } from "~/domains/content/post.server";
import { getSettings } from "~/domains/content/settings.server";
import { pageMeta } from "~/utils/seo";
import type { Route } from "./+types/blog";

const RSS_PATH = "/blog/rss.xml";

function perPageSetting(value: unknown): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 100 ? n : SETTINGS_DEFAULTS.blog.articlesPerPage;
}

export async function loader({ request }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get("page");
  const [blogSettings, texts] = await Promise.all([
    getSettings({ category: "blog" }),
    getPageContent({ category: "blog" }),
  ]);
  const perPage = perPageSetting(blogSettings.articlesPerPage);
  // The requested page first; a page past the end is clamped to the last one.
  let page = clampPage(raw, Number.MAX_SAFE_INTEGER);
  let { posts, total } = await getPublishedPostsPage({ page, perPage });
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  if (page > totalPages) {
    page = totalPages;
    ({ posts, total } = await getPublishedPostsPage({ page, perPage }));
  }
  const variants = await getImageVariants({ urls: posts.map((p) => p.image_url) });
  return {
    page,
    totalPages: Math.max(1, Math.ceil(total / perPage)),
    posts: posts.map((p) => ({
      id: p.id,
      slug: p.slug,
      title: p.title,
      // The card shows 150 characters: the whole article would only weigh down the page.
      excerpt: excerpt(p, CARD_EXCERPT_LENGTH),
      content: "",
      image_url: p.image_url,
      category: p.category,
      published_at: p.published_at,
      is_featured: p.is_featured,
    })),
    variants,
    texts,
  };
}

export const links: Route.LinksFunction = () => [
  {
    rel: "alternate",
    type: "application/rss+xml",
    href: RSS_PATH,
    title: "Actualités du club (RSS)",
  },
];

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const page = data?.page ?? 1;
  return pageMeta({
    matches,
    title:
      page > 1
        ? `${data?.texts.hero.title} – page ${page}`
        : (data?.texts.hero.title ?? "Actualités"),
    description: data?.texts.hero.metaDescription ?? "",
    path: page > 1 ? `/blog?page=${page}` : "/blog",
  });
};

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { page, totalPages, posts, variants, texts } = loaderData;
  // The banner shows the newest picture of the page.
  const cover = posts.find((post) => post.image_url)?.image_url;
  return (
    <>
      <PageHero
        title={texts.hero.title}
        subtitle={texts.hero.subtitle}
        image={cover}
        variants={cover ? variants[cover] : undefined}
      >
        {texts.hero.buttonText && (
          <p className="mt-8">
            <ButtonLink to="/essai">{texts.hero.buttonText}</ButtonLink>
          </p>
        )}
      </PageHero>
      <section aria-label="Articles" className="bg-gray-50 py-16 md:py-20">
        <div className="mx-auto max-w-6xl px-4">
          {posts.length === 0 ? (
            <div className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-2xl bg-white p-10 text-center shadow-sm ring-1 ring-gray-200">
              <Newspaper aria-hidden="true" className="size-10 text-teal-dark" />
              <p className="text-lg text-gray-700">Aucun article disponible pour le moment.</p>
            </div>
          ) : (
            <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
              {posts.map((post, i) => (
                // An article put forward is pinned first by the model and takes the row.
                <li key={post.id} className={post.is_featured ? "sm:col-span-2 lg:col-span-3" : ""}>
                  <PostCard
                    post={post}
                    variants={variants[post.image_url]}
                    priority={i === 0}
                    featured={post.is_featured}
                  />
                </li>
              ))}
            </ul>
          )}
          <Pagination page={page} totalPages={totalPages} />
          {/* The feed is for the few who use a reader: a small link at the foot. */}
          <p className="mt-10 text-center text-sm">
            <a
              href={RSS_PATH}
              className="inline-flex items-center gap-1.5 font-semibold text-teal-dark hover:underline"
            >
              <Rss aria-hidden="true" className="size-4" />
              {texts.feed.linkText}
            </a>
          </p>
        </div>
      </section>
    </>
  );
}
