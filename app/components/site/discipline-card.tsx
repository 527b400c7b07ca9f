import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import type { ImageVariant } from "~/storage/variants.server";

/** A discipline on the home grid: picture, title, description and a link to its section. */
export function DisciplineCard({
  slug,
  title,
  subtitle,
  description,
  image,
  variants,
}: {
  slug: string;
  title: string;
  subtitle?: string;
  description: string;
  image: string;
  variants?: ImageVariant[];
}) {
  const titleId = `discipline-card-${slug}`;
  return (
    <article
      aria-labelledby={titleId}
      className="group flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-ink/5 transition-shadow duration-300 hover:shadow-xl"
    >
      <div className="relative aspect-[16/10] overflow-hidden bg-ink">
        <ResponsiveImage
          src={image}
          variants={variants}
          alt={title}
          sizes="(min-width: 1024px) 370px, (min-width: 640px) 50vw, 100vw"
          className="size-full object-cover transition-transform duration-500 group-hover:scale-105"
        />
        <span aria-hidden="true" className="absolute inset-x-0 bottom-0 h-1 bg-gold" />
      </div>
      <div className="flex flex-1 flex-col p-6">
        <h3 id={titleId} className="text-2xl uppercase text-ink">
          {title}
        </h3>
        {subtitle && <p className="mt-1 text-sm font-semibold text-teal-dark">{subtitle}</p>}
        <p className="mt-3 line-clamp-4 text-gray-700">{description}</p>
        <Link
          to={`/disciplines#${slug}`}
          aria-describedby={titleId}
          className="mt-auto inline-flex items-center gap-2 self-start pt-5 rounded-full font-semibold text-teal-dark underline-offset-4 hover:underline"
        >
          En savoir plus
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </article>
  );
}
