import { ListPageResults } from "~/components/admin/list/list-page-results";
import { ListThumbnail } from "~/components/admin/list/list-thumbnail";
import { countLabel } from "~/utils/list-params";
import type { ListPage } from "~/utils/list-page.server";
import type { SiteImage, Usage } from "~/domains/content/media.server";

/** Where the site uses an image: "Discipline « Boxe anglaise »", "Article « … »"… */
export function UsedIn({ usage }: { usage: Usage }) {
  if (usage.used_count === 0) return null;
  const more = usage.used_count - usage.used_in.length;
  return (
    <div className="text-sm text-gray-700">
      <p className="font-semibold text-ink">Utilisée dans :</p>
      <ul className="list-disc pl-5">
        {usage.used_in.map((place) => (
          <li key={place} className="break-words">
            {place}
          </li>
        ))}
        {more > 0 ? <li>{countLabel(more, "autre endroit", "autres endroits")}</li> : null}
      </ul>
    </div>
  );
}

/**
 * The images the site shows that were uploaded elsewhere than this screen (Disciplines,
 * Formats, Blog, Planning, content) or come with the site, each with where it is used:
 * the library lists every image of the site. They are managed where used.
 */
export function MediaSiteImages({
  images,
  thumbnails,
  pageParam,
}: {
  images: ListPage<SiteImage>;
  thumbnails: Record<string, string>;
  /** The page's own parameter: the library above has "page". */
  pageParam: string;
}) {
  return (
    <section aria-labelledby="autres-images" className="flex flex-col gap-3">
      <h2 id="autres-images" className="text-lg font-bold text-ink">
        Autres images utilisées sur le site ({images.total})
      </h2>
      <p className="text-sm text-gray-700">
        Ajoutées depuis les disciplines, les formats, le blog, le planning ou le contenu des pages :
        elles se changent là où elles sont utilisées.
      </p>
      <ListPageResults
        list={images}
        pageParam={pageParam}
        label="Pages des autres images"
        summary={countLabel(images.total, "image", "images")}
        empty={
          <p className="rounded-lg border border-dashed border-gray-300 bg-white px-4 py-6 text-center text-gray-700">
            Aucune autre image n'est utilisée sur le site.
          </p>
        }
      >
        <ul
          aria-label="Autres images utilisées sur le site"
          className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
        >
          {images.rows.map((image) => (
            <li key={image.url} className="card flex flex-col overflow-hidden">
              <ListThumbnail src={thumbnails[image.url] ?? image.url} className="aspect-[4/3]" />
              <div className="flex flex-1 flex-col gap-2 p-3">
                <UsedIn usage={image} />
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
            </li>
          ))}
        </ul>
      </ListPageResults>
    </section>
  );
}
