import { ChevronLeft, ChevronRight, Images, Search } from "lucide-react";
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { ListThumbnail } from "~/components/admin/list/list-thumbnail";
import {
  formatsAccepted,
  type PickableFormat,
  type PickableImageJson,
} from "~/domains/content/media-picker-schema";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogFooter,
  DialogTrigger,
} from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { countLabel } from "~/utils/list-params";
import { usePickerPage } from "./use-picker-page";

/*
 * "Choisir dans la médiathèque": beside the upload of every image field (UploadField), a
 * dialog with the library's images that the field accepts, searched and paged by the
 * server (app/routes/admin/content/media-images.ts). Focus goes to the search; Tab and the arrows
 * reach each image, Enter chooses it, Escape closes, and focus comes back to the button.
 */

/** How long typing pauses before the search is sent. */
const SEARCH_PAUSE_MS = 300;

export function MediaPicker({
  label,
  accept,
  disabled,
  onPicked,
}: {
  /** The field's label: the dialog says which field it fills. */
  label: string;
  /** The field's accept: only images an upload of that field would give are offered. */
  accept: string;
  disabled?: boolean;
  onPicked: (image: PickableImageJson) => void;
}) {
  const [open, setOpen] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);
  const formats = useMemo(() => formatsAccepted(accept), [accept]);
  // A field whose uploads no library image could match offers none.
  if (formats.length === 0) return null;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm" disabled={disabled}>
          <Images aria-hidden="true" className="size-4" />
          Choisir dans la médiathèque<span className="sr-only"> : {label}</span>
        </Button>
      </DialogTrigger>
      <DialogContent
        size="xl"
        title="Choisir dans la médiathèque"
        description={`Une image de la bibliothèque des médias pour « ${label} ».`}
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          searchRef.current?.focus();
        }}
      >
        <PickerBody
          searchRef={searchRef}
          formats={formats}
          onChoose={(image) => {
            onPicked(image);
            setOpen(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

function PickerBody({
  searchRef,
  formats,
  onChoose,
}: {
  searchRef: React.RefObject<HTMLInputElement | null>;
  formats: readonly PickableFormat[];
  onChoose: (image: PickableImageJson) => void;
}) {
  const [typed, setTyped] = useState("");
  const [query, setQuery] = useState({ search: "", page: 1 });
  const [attempt, setAttempt] = useState(0);
  const result = usePickerPage({ ...query, formats, attempt });
  const gridRef = useRef<HTMLUListElement>(null);
  // After a page change the first image takes the focus (the button pressed may be gone).
  const focusFirst = useRef(false);

  useEffect(() => {
    const search = typed.replace(/\s+/g, " ").trim();
    if (search === query.search) return;
    const timer = setTimeout(() => setQuery({ search, page: 1 }), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed, query.search]);

  useEffect(() => {
    if (result.status !== "ready" || !focusFirst.current) return;
    focusFirst.current = false;
    gridRef.current?.querySelector("button")?.focus();
  }, [result]);

  const data = result.data;
  const goTo = (page: number) => {
    focusFirst.current = true;
    setQuery((current) => ({ ...current, page }));
  };

  return (
    // NOTE: React events cross portals: the dialog's search must not submit, or mark as
    // changed, the editor's form that holds the upload field.
    <div
      className="flex flex-col gap-4"
      onSubmit={(event) => event.stopPropagation()}
      onChange={(event) => event.stopPropagation()}
      onInput={(event) => event.stopPropagation()}
    >
      <form
        role="search"
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          setQuery({ search: typed.replace(/\s+/g, " ").trim(), page: 1 });
        }}
      >
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-semibold text-ink">
          Rechercher une image
          <Input
            ref={searchRef}
            type="search"
            value={typed}
            maxLength={100}
            enterKeyHint="search"
            placeholder="Titre ou adresse du fichier"
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== "ArrowDown") return;
              const first = gridRef.current?.querySelector("button");
              if (!first) return;
              event.preventDefault();
              first.focus();
            }}
          />
        </label>
        <Button type="submit" variant="secondary" className="min-h-11">
          <Search aria-hidden="true" className="size-4" />
          Rechercher
        </Button>
      </form>

      <p className="text-sm font-semibold text-gray-700" aria-live="polite">
        {result.status === "error"
          ? result.message
          : !data
            ? "Chargement de la médiathèque…"
            : `${countLabel(data.total, "image", "images")}${data.pages > 1 ? ` · page ${data.page} sur ${data.pages}` : ""}`}
      </p>

      {result.status === "error" ? (
        <Button variant="secondary" className="self-start" onClick={() => setAttempt((n) => n + 1)}>
          Réessayer
        </Button>
      ) : data && data.total === 0 ? (
        <p className="rounded-lg border border-dashed border-gray-300 bg-white px-4 py-8 text-center text-gray-700">
          {query.search
            ? "Aucune image ne correspond à cette recherche."
            : "La médiathèque n'a encore aucune image pour ce champ : ajoutez-en dans Médias, onglet « Ajouter des médias »."}
        </p>
      ) : data ? (
        <ImageGrid
          ref={gridRef}
          images={data.images}
          busy={result.status === "loading"}
          onChoose={onChoose}
        />
      ) : null}

      {data && data.pages > 1 ? (
        <nav
          aria-label="Pages de la médiathèque"
          className="flex items-center justify-between gap-2"
        >
          <Button
            variant="secondary"
            className="min-h-11"
            disabled={data.page <= 1 || result.status === "loading"}
            onClick={() => goTo(data.page - 1)}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
            Précédentes
          </Button>
          <Button
            variant="secondary"
            className="min-h-11"
            disabled={data.page >= data.pages || result.status === "loading"}
            onClick={() => goTo(data.page + 1)}
          >
            Suivantes
            <ChevronRight aria-hidden="true" className="size-4" />
          </Button>
        </nav>
      ) : null}

      <DialogFooter>
        <DialogClose asChild>
          <Button variant="ghost" className="min-h-11">
            Annuler
          </Button>
        </DialogClose>
      </DialogFooter>
    </div>
  );
}

/** Arrow keys move between the tiles as they are laid out (2 to 4 columns). */
function moveFocus(event: KeyboardEvent<HTMLUListElement>) {
  const tiles = [...event.currentTarget.querySelectorAll<HTMLButtonElement>("button")];
  const index = tiles.indexOf(document.activeElement as HTMLButtonElement);
  if (index < 0) return;
  const top = tiles[0]!.offsetTop;
  const columns = Math.max(1, tiles.filter((tile) => tile.offsetTop === top).length);
  const next = {
    ArrowRight: index + 1,
    ArrowLeft: index - 1,
    ArrowDown: index + columns,
    ArrowUp: index - columns,
    Home: 0,
    End: tiles.length - 1,
  }[event.key];
  if (next === undefined) return;
  event.preventDefault();
  tiles[Math.min(Math.max(next, 0), tiles.length - 1)]!.focus();
}

function ImageGrid({
  ref,
  images,
  busy,
  onChoose,
}: {
  ref: React.Ref<HTMLUListElement>;
  images: PickableImageJson[];
  busy: boolean;
  onChoose: (image: PickableImageJson) => void;
}) {
  return (
    <ul
      ref={ref}
      aria-label="Images de la médiathèque"
      aria-busy={busy || undefined}
      onKeyDown={moveFocus}
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
    >
      {images.map((image) => (
        <li key={image.id} className="flex">
          <button
            type="button"
            onClick={() => onChoose(image)}
            className="flex w-full flex-col overflow-hidden rounded-lg border border-gray-200 bg-white text-left shadow-sm hover:border-teal-dark hover:bg-teal-light focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-dark"
          >
            <ListThumbnail src={image.thumbnail} className="aspect-[4/3] w-full" />
            <span className="line-clamp-2 min-h-11 px-2 py-1.5 text-sm font-semibold break-words text-ink">
              {image.title}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
