import { Link } from "react-router";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { PLACEHOLDER_IMAGE, type BlogCategory } from "~/domains/content/defaults";
import { formatFrenchDate } from "~/core/date-format";
import { CARD_EXCERPT_LENGTH, excerpt } from "~/domains/content/excerpt";
import type { ImageVariant } from "~/storage/variants.server";

export const BLOG_CATEGORY_LABELS: Record<BlogCategory, string> = {
  actualite: "Actualité",
  evenement: "Événement",
  competition: "Compétition",
  stage: "Stage",
};

/** The badge of an article put forward (Mis en avant), on the home and on /blog. */
export function FeaturedBadge({ className = "" }: { className?: string }) {
  return (
    <span
      className={`inline-block rounded-full bg-ink px-3 py-1 text-xs font-bold uppercase tracking-wide text-gold ${className}`}
    >
      À la une
    </span>
  );
}

export interface PostCardData {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  image_url: string;
  category: BlogCategory;
  published_at: string;
}

/**
 * An article card: cover, category, French date, title (the link) and excerpt. A
 * `featured` card (an article put forward, pinned first on /blog) is larger: the whole
 * row, its picture beside the text from a laptop up, a bigger title and « À la une ».
 */
export function PostCard({
  post,
  variants,
  priority = false,
  headingLevel = 2,
  featured = false,
}: {
  post: PostCardData;
  variants?: ImageVariant[];
  priority?: boolean;
  headingLevel?: 2 | 3;
  featured?: boolean;
}) {
  const Heading = `h${headingLevel}` as const;
  const href = `/blog/${post.slug || post.id}`;
  return (
    <article
      className={`group relative flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-lg shadow-ink/5 ring-1 ring-gray-200 transition hover:-translate-y-1 hover:shadow-xl has-[a:focus-visible]:ring-4 has-[a:focus-visible]:ring-teal-dark ${featured ? "lg:flex-row" : ""}`}
    >
      <div
        className={`relative aspect-[16/10] overflow-hidden bg-gray-100 ${featured ? "lg:w-3/5 lg:shrink-0" : ""}`}
      >
        {/* Without a cover, the placeholder art rather than an empty block (spec §8). */}
        <ResponsiveImage
          src={post.image_url || PLACEHOLDER_IMAGE}
          variants={variants}
          alt=""
          priority={priority}
          sizes={
            featured
              ? "(min-width: 1152px) 690px, (min-width: 1024px) 60vw, 100vw"
              : "(min-width: 1024px) 384px, (min-width: 640px) 50vw, 100vw"
          }
          className="size-full object-cover transition duration-500 group-hover:scale-105"
        />
        <span className="absolute left-4 top-4 flex flex-wrap gap-2">
          {featured && <FeaturedBadge />}
          <span className="rounded-full bg-gold px-3 py-1 text-xs font-bold uppercase tracking-wide text-ink">
            {BLOG_CATEGORY_LABELS[post.category]}
          </span>
        </span>
      </div>
      <div className={`flex flex-1 flex-col p-6 ${featured ? "lg:justify-center lg:p-10" : ""}`}>
        <p className="text-sm font-medium text-teal-dark">
          <time dateTime={post.published_at}>{formatFrenchDate(post.published_at)}</time>
        </p>
        <Heading
          className={`mt-2 leading-snug text-ink ${featured ? "text-2xl md:text-3xl" : "text-xl"}`}
        >
          <Link to={href} className="after:absolute after:inset-0 focus-visible:outline-none">
            {post.title}
          </Link>
        </Heading>
        <p className={`mt-3 text-gray-700 ${featured ? "md:text-lg lg:flex-none" : "flex-1"}`}>
          {excerpt(post, CARD_EXCERPT_LENGTH)}
        </p>
        <span
          aria-hidden="true"
          className="mt-5 font-semibold text-teal-dark group-hover:underline"
        >
          Lire l'article →
        </span>
      </div>
    </article>
  );
}
