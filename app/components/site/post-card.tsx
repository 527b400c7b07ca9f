import { Link } from "react-router";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { PLACEHOLDER_IMAGE, type BlogCategory } from "~/content/defaults";
import { formatFrenchDate } from "~/content/dates";
import { CARD_EXCERPT_LENGTH, excerpt } from "~/content/excerpt";
import type { ImageVariant } from "~/storage/variants.server";

export const BLOG_CATEGORY_LABELS: Record<BlogCategory, string> = {
  actualite: "Actualité",
  evenement: "Événement",
  competition: "Compétition",
  stage: "Stage",
};

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

/** An article card: cover, category, French date, title (the link) and excerpt. */
export function PostCard({
  post,
  variants,
  priority = false,
  headingLevel = 2,
}: {
  post: PostCardData;
  variants?: ImageVariant[];
  priority?: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = `h${headingLevel}` as const;
  const href = `/blog/${post.slug || post.id}`;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-lg shadow-ink/5 ring-1 ring-gray-200 transition hover:-translate-y-1 hover:shadow-xl has-[a:focus-visible]:ring-4 has-[a:focus-visible]:ring-teal-dark">
      <div className="relative aspect-[16/10] overflow-hidden bg-gray-100">
        {/* Without a cover, the placeholder art rather than an empty block (spec §8). */}
        <ResponsiveImage
          src={post.image_url || PLACEHOLDER_IMAGE}
          variants={variants}
          alt=""
          priority={priority}
          sizes="(min-width: 1024px) 384px, (min-width: 640px) 50vw, 100vw"
          className="size-full object-cover transition duration-500 group-hover:scale-105"
        />
        <span className="absolute left-4 top-4 rounded-full bg-gold px-3 py-1 text-xs font-bold uppercase tracking-wide text-ink">
          {BLOG_CATEGORY_LABELS[post.category]}
        </span>
      </div>
      <div className="flex flex-1 flex-col p-6">
        <p className="text-sm font-medium text-teal-dark">
          <time dateTime={post.published_at}>{formatFrenchDate(post.published_at)}</time>
        </p>
        <Heading className="mt-2 text-xl leading-snug text-ink">
          <Link to={href} className="after:absolute after:inset-0 focus-visible:outline-none">
            {post.title}
          </Link>
        </Heading>
        <p className="mt-3 flex-1 text-gray-700">{excerpt(post, CARD_EXCERPT_LENGTH)}</p>
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
