import { Card } from "~/components/ui/card";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import type { SiteImage } from "~/models/media.server";
import type { ImageVariant } from "~/storage/variants.server";

/** Where the site uses an image: "Discipline « Boxe anglaise »", "Article « … »"… */
export function UsedIn({ places }: { places: string[] }) {
  if (places.length === 0) return null;
  return (
    <div className="text-sm text-gray-700">
      <p className="font-semibold text-ink">Utilisée dans :</p>
      <ul className="list-disc pl-5">
        {places.map((place) => (
          <li key={place} className="break-words">
            {place}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The images the site shows that were uploaded elsewhere than this screen (Disciplines,
 * Formats, Blog, Planning, content) or come with the site, each with where it is used:
 * the library lists every image of the site (issue 13, C3). They are managed where used.
 */
export function MediaSiteImages({
  images,
  variants,
}: {
  images: SiteImage[];
  variants: Record<string, ImageVariant[]>;
}) {
  return (
    <section aria-labelledby="autres-images" className="flex flex-col gap-3">
      <h2 id="autres-images" className="text-lg font-bold text-ink">
        Autres images utilisées sur le site ({images.length})
      </h2>
      <p className="text-sm text-gray-700">
        Ajoutées depuis les disciplines, les formats, le blog, le planning ou le contenu des pages :
        elles se changent là où elles sont utilisées.
      </p>
      {images.length === 0 ? (
        <p className="rounded-lg border border-dashed border-gray-300 bg-white px-4 py-6 text-center text-gray-700">
          Aucune autre image n'est utilisée sur le site.
        </p>
      ) : (
        <ul
          aria-label="Autres images utilisées sur le site"
          className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
        >
          {images.map((image) => (
            <li key={image.url}>
              <Card className="flex h-full flex-col overflow-hidden">
                <div className="aspect-[4/3] bg-gray-100">
                  <ResponsiveImage
                    src={image.url}
                    variants={variants[image.url]}
                    alt=""
                    sizes="(min-width: 1280px) 300px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
                    className="size-full object-cover"
                  />
                </div>
                <div className="flex flex-1 flex-col gap-2 p-3">
                  <UsedIn places={image.used_in} />
                  <a
                    href={image.url}
                    target="_blank"
                    rel="noreferrer"
                    className="mt-auto text-sm font-semibold break-all text-teal-dark underline"
                  >
                    {image.url.split("/").pop()}
                    <span className="sr-only"> (nouvel onglet)</span>
                  </a>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
