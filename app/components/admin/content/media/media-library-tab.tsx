import { TRASH_NOTICE } from "~/domains/history/trash";
import { useFetcher, useNavigate, useSearchParams } from "react-router";
import { ListPageResults } from "~/components/admin/list/list-page-results";
import { ListThumbnail } from "~/components/admin/list/list-thumbnail";
import { ListSearch } from "~/components/admin/list/list-toolbar";
import { useActionToast } from "~/components/admin/forms/use-action-toast";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/components/ui/cn";
import { RemoveButton } from "~/components/ui/remove-button";
import type { ConfirmOptions } from "~/components/ui/confirm-dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Switch } from "~/components/ui/switch";
import { formatFrenchDate } from "~/core/date-format";
import { countLabel, listHref, readChoice, SEARCH_PARAM } from "~/utils/list-params";
import type { ListPage } from "~/utils/list-page.server";
import type { MediaLibraryItem, SiteImage } from "~/domains/content/media.server";
import type { Toast } from "~/utils/toast";
import { CopyAddressButton } from "./media-copy-address";
import { MEDIA_MESSAGES, MEDIA_USAGES, SITE_IMAGES_PAGE } from "~/domains/content/media-schema";
import { MediaSiteImages, UsedIn } from "./media-site-images";

type Result = { toast?: Toast; ok?: boolean };

/**
 * "Images du site": one page of the media items, newest first, searched and filtered on the
 * server, with whether and where the site uses each (computed by the server), then the
 * other images the site shows. A used item cannot be deleted; titles are pending changes.
 */
export function MediaLibraryTab({
  library,
  siteImages,
  thumbnails,
  publicOrigin,
  titleOf,
  titleErrors,
  onTitleChange,
  confirm,
}: {
  library: ListPage<MediaLibraryItem> & {
    counts: { all: number; utilisees: number; inutilisees: number };
  };
  siteImages: ListPage<SiteImage>;
  thumbnails: Record<string, string>;
  /** PUBLIC_URL: the origin of the addresses "Copier l'adresse" gives (null: this site's). */
  publicOrigin: string | null;
  titleOf: (item: MediaLibraryItem) => string;
  titleErrors: Record<string, string>;
  onTitleChange: (item: MediaLibraryItem, title: string) => void;
  confirm: (options: ConfirmOptions) => Promise<boolean>;
}) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const onlyUsed = readChoice(params, "utilisation", MEDIA_USAGES, null) === "utilisees";
  const { counts } = library;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between">
        <Switch
          label="Afficher uniquement les images utilisées"
          checked={onlyUsed}
          onCheckedChange={(checked) =>
            navigate(listHref(params, { utilisation: checked ? "utilisees" : null }), {
              preventScrollReset: true,
            })
          }
        />
        <p className="text-sm text-gray-700">
          {countLabel(counts.utilisees, "utilisé", "utilisés")} sur le site ·{" "}
          {countLabel(counts.inutilisees, "inutilisé", "inutilisés")}
        </p>
      </div>
      <ListSearch label="Rechercher un média" placeholder="Titre ou adresse du fichier" />
      <ListPageResults
        list={library}
        summary={`${countLabel(library.total, "média affiché", "médias affichés")} sur ${counts.all.toLocaleString("fr-FR")}`}
        empty={
          <p className="rounded-lg border border-dashed border-gray-300 bg-white px-4 py-10 text-center text-gray-700">
            {params.get(SEARCH_PARAM)
              ? "Aucun média ne correspond à cette recherche."
              : onlyUsed
                ? "Aucune image de la bibliothèque n'est utilisée sur le site."
                : "La bibliothèque est vide : ajoutez des médias dans l'onglet « Ajouter des médias »."}
          </p>
        }
      >
        <ul
          aria-label="Images du site"
          className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
        >
          {library.rows.map((item) => (
            <MediaCard
              key={item.id}
              item={item}
              thumbnail={thumbnails[item.url] ?? item.url}
              publicOrigin={publicOrigin}
              title={titleOf(item)}
              titleError={titleErrors[`title-${item.id}`]}
              onTitleChange={(title) => onTitleChange(item, title)}
              confirm={confirm}
            />
          ))}
        </ul>
      </ListPageResults>
      <MediaSiteImages images={siteImages} thumbnails={thumbnails} pageParam={SITE_IMAGES_PAGE} />
    </div>
  );
}

function MediaCard({
  item,
  thumbnail,
  publicOrigin,
  title,
  titleError,
  onTitleChange,
  confirm,
}: {
  item: MediaLibraryItem;
  thumbnail: string;
  publicOrigin: string | null;
  title: string;
  titleError?: string;
  onTitleChange: (title: string) => void;
  confirm: (options: ConfirmOptions) => Promise<boolean>;
}) {
  const remove = useFetcher<Result>();
  useActionToast(remove.data);
  const deleting = remove.state !== "idle";
  const inUseId = `media-${item.id}-utilise`;

  async function onDelete() {
    const confirmed = await confirm({
      title: "Supprimer ce média ?",
      description: `« ${item.title} » sera retiré de la bibliothèque. ${TRASH_NOTICE}`,
    });
    if (confirmed) remove.submit({ intent: "delete", id: item.id }, { method: "post" });
  }

  return (
    <li
      aria-busy={deleting || undefined}
      className={cn("card flex flex-col overflow-hidden", deleting && "opacity-60")}
    >
      <div className="relative">
        <ListThumbnail src={thumbnail} className="aspect-[4/3]" />
        {item.in_use && (
          <Badge id={inUseId} tone="teal" className="absolute top-2 left-2 bg-white shadow-sm">
            {MEDIA_MESSAGES.inUse}
          </Badge>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-3">
        <Field label="Titre du média" error={titleError}>
          <Input
            value={title}
            maxLength={200}
            onChange={(event) => onTitleChange(event.target.value)}
          />
        </Field>
        <UsedIn usage={item} />
        <p className="text-xs break-words text-gray-600">
          Ajouté le {formatFrenchDate(item.created_at)} ·{" "}
          {item.storage_path ? "fichier du site" : "lien externe"}
        </p>
        <CopyAddressButton url={item.url} title={item.title} publicOrigin={publicOrigin} />
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
          <a
            href={item.url}
            target="_blank"
            rel="noreferrer"
            className="text-sm font-semibold text-teal-dark underline"
          >
            Ouvrir<span className="sr-only"> {item.title} (nouvel onglet)</span>
          </a>
          <RemoveButton
            busy={deleting}
            icon={false}
            disabled={item.in_use}
            aria-describedby={item.in_use ? inUseId : undefined}
            title={item.in_use ? MEDIA_MESSAGES.inUse : undefined}
            onClick={onDelete}
          >
            Supprimer<span className="sr-only"> {item.title}</span>
          </RemoveButton>
        </div>
      </div>
    </li>
  );
}
