import { ArrowLeft, CalendarDays, UserRound } from "lucide-react";
import { ArticleHeading } from "~/components/site/article-heading";
import { ButtonLink } from "~/components/site/button-link";
import { BLOG_CATEGORY_LABELS } from "~/components/site/post-card";
import { PostContent, type ContentBlock } from "~/components/site/post-content";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import type { BlogCategory } from "~/domains/content/defaults";
import { formatFrenchDate } from "~/core/date-format";
import type { VariantMap } from "~/storage/variants.server";

/*
 * An article as visitors see it: drawn by the public page (/blog/:slug), by the back
 * office's preview of a saved article (/admin/blog/:id/apercu) and by the article editor's
 * "Aperçu" tab, so that the three never differ. Its text is parsePostContent's blocks:
 * paragraphs and images, never HTML.
 */

export interface ArticleViewProps {
  post: {
    title: string;
    subtitle: string;
    image_url: string;
    category: BlogCategory;
    author: string;
    published_at: string;
  };
  blocks: ContentBlock[];
  /** The images' AVIF and WebP variants by address (none: the image itself). */
  variants: VariantMap;
  /** The page's texts set in Contenu (Blog › article). */
  texts: { backLinkText: string; authorPrefix: string };
}

export function ArticleView({ post, blocks, variants, texts }: ArticleViewProps) {
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
