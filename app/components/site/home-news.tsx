import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { ButtonLink } from "~/components/site/button-link";
import { FeaturedBadge } from "~/components/site/post-card";
import { Section } from "~/components/site/section";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import type { ImageVariant } from "~/storage/variants.server";

export interface HomePost {
  id: number;
  slug: string;
  title: string;
  image_url: string;
  date: string;
  published_at: string;
  excerpt: string;
  is_featured: boolean;
}

/**
 * The home's news: the 3 latest articles, an article put forward first (the model pins
 * it) and larger: two columns and two rows from a tablet up, its picture on a phone too,
 * where the others are compact.
 */
export function HomeNews({
  title,
  subtitle,
  buttonText,
  posts,
  variants,
}: {
  title: string;
  subtitle: string;
  buttonText: string;
  posts: HomePost[];
  variants: Record<string, ImageVariant[]>;
}) {
  return (
    <Section title={title} subtitle={subtitle} subtitleFromTablet className="bg-gray-50!">
      {posts.length === 0 ? (
        <p className="text-center text-gray-700">Aucun article disponible pour le moment.</p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-3 md:gap-6">
          {posts.map((post, index) => {
            const large = index === 0 && post.is_featured;
            return (
              <li key={post.id} className={large ? "md:col-span-2 md:row-span-2" : ""}>
                <article className="group flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-ink/5">
                  <div
                    className={
                      large
                        ? "relative aspect-[16/9] md:aspect-auto md:min-h-72 md:flex-1"
                        : "hidden md:block"
                    }
                  >
                    <ResponsiveImage
                      src={post.image_url}
                      variants={variants[post.image_url]}
                      alt=""
                      sizes={
                        large
                          ? "(min-width: 1152px) 740px, (min-width: 768px) 66vw, 100vw"
                          : "(min-width: 1152px) 370px, (min-width: 768px) 33vw, 100vw"
                      }
                      className={
                        large
                          ? "absolute inset-0 size-full object-cover"
                          : "aspect-[16/10] w-full object-cover"
                      }
                    />
                    {large && <FeaturedBadge className="absolute left-4 top-4" />}
                  </div>
                  <div className={`flex flex-col p-4 md:p-6 ${large ? "" : "flex-1"}`}>
                    <time
                      dateTime={post.published_at}
                      className="text-sm font-medium text-teal-dark"
                    >
                      {post.date}
                    </time>
                    {/* Mixed case as on /blog and the article. */}
                    <h3
                      className={`mt-2 leading-snug ${large ? "text-2xl md:text-3xl" : "text-xl"}`}
                    >
                      <Link
                        to={`/blog/${post.slug}`}
                        className="hover:text-teal-dark hover:underline"
                      >
                        {post.title}
                      </Link>
                    </h3>
                    <p
                      className={`mt-3 flex-1 text-gray-700 ${large ? "md:text-lg" : "hidden md:block"}`}
                    >
                      {post.excerpt}
                    </p>
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      )}
      <p className="mt-6 text-center md:mt-12">
        <ButtonLink to="/blog" variant="dark">
          {buttonText}
          <ArrowRight aria-hidden="true" className="size-5" />
        </ButtonLink>
      </p>
    </Section>
  );
}
