import { X } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { MoveButtons } from "~/components/admin/forms/move-buttons";
import { Button } from "~/components/ui/button";
import { MAX_ACTIVITY_IMAGES } from "~/domains/schedule/schedule-schemas";
import { UploadField } from "~/components/admin/forms/upload-field";

/**
 * The activity's images, in order: each posts as a repeated `images` field. The first is
 * the banner of the activity page, the others its gallery.
 */
export function ScheduleImages({
  images,
  onChange,
  error,
}: {
  images: string[];
  onChange: (images: string[]) => void;
  error?: string;
}) {
  const move = (from: number, to: number) => {
    const next = [...images];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    onChange(next);
  };
  const full = images.length >= MAX_ACTIVITY_IMAGES;

  return (
    <fieldset className="flex flex-col gap-3 rounded-md border border-gray-200 p-4">
      <legend className="px-1 text-sm font-semibold text-ink">Images</legend>
      <p className="text-sm text-gray-700">
        La première image sert de bannière en haut de la page de l'activité ; les suivantes forment
        sa galerie.
      </p>
      {images.length > 0 && (
        <ol className="flex flex-col gap-2" aria-label="Images de l'activité">
          {images.map((url, index) => {
            const name = `image ${index + 1}`;
            return (
              <li
                key={`${url}-${index}`}
                className="flex items-center gap-3 rounded-md border border-gray-200 bg-gray-50 p-2"
              >
                <input type="hidden" name="images" value={url} />
                <img
                  src={url}
                  alt=""
                  loading="lazy"
                  className="size-14 shrink-0 rounded object-cover"
                />
                <div className="flex min-w-0 flex-1 flex-col items-start gap-1">
                  <span className="text-sm font-semibold text-ink">Image {index + 1}</span>
                  {index === 0 && <Badge tone="teal">Bannière</Badge>}
                </div>
                <div className="flex shrink-0 gap-1">
                  <MoveButtons
                    what={`l'${name}`}
                    first={index === 0}
                    last={index === images.length - 1}
                    onMove={(step) => move(index, index + step)}
                    size="icon"
                    arrows
                  />
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Retirer l'${name}`}
                    onClick={() => onChange(images.filter((_, i) => i !== index))}
                    className="text-red-800 hover:bg-red-50"
                  >
                    <X aria-hidden="true" className="size-4" />
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <UploadField
        kind="image"
        bucket="schedule-activities"
        label={images.length === 0 ? "Ajouter une image (bannière)" : "Ajouter une image"}
        onUploaded={(file) => onChange([...images, file.url])}
        disabled={full}
        description={
          full
            ? `${MAX_ACTIVITY_IMAGES} images au maximum.`
            : "JPEG, PNG, WebP ou AVIF ; ajoutée à la fin de la liste."
        }
        error={error}
      />
    </fieldset>
  );
}
