import { ImageOff, Undo2 } from "lucide-react";
import { UploadField } from "~/components/admin/forms/upload-field";
import { Button } from "~/components/ui/button";
import { RemoveButton } from "~/components/ui/remove-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

/**
 * The site's logo (settings logo.url), shown in the public header and footer. A new file
 * is saved at once (`onUploaded`); removing it is a pending change, saved with the rest.
 */
export function MediaLogoTab({
  url,
  removing,
  busy,
  onUploaded,
  onRemove,
  onUndoRemove,
}: {
  url: string;
  removing: boolean;
  busy: boolean;
  onUploaded: (url: string) => void;
  onRemove: () => void;
  onUndoRemove: () => void;
}) {
  const shown = removing ? "" : url;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Logo</CardTitle>
        <CardDescription>
          Affiché dans la barre du haut et dans le pied de page du site. Une image carrée (PNG, WebP
          ou JPEG) sur fond transparent rend le mieux.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <div className="grid gap-4 sm:grid-cols-2">
          <figure className="flex flex-col gap-2">
            <div className="flex h-28 items-center justify-center gap-3 rounded-lg bg-ink px-4">
              {shown ? (
                <img
                  src={shown}
                  alt="Logo actuel"
                  width={64}
                  height={64}
                  className="size-16 rounded-full bg-white/5 object-contain"
                />
              ) : (
                <ImageOff aria-hidden="true" className="size-10 text-gray-400" />
              )}
            </div>
            <figcaption className="text-sm text-gray-600">
              {shown ? "Dans la barre du site (fond sombre)" : "Aucun logo : le nom du club seul"}
            </figcaption>
          </figure>
          <figure className="flex flex-col gap-2">
            <div className="flex h-28 items-center justify-center rounded-lg border border-gray-200 bg-white px-4">
              {shown ? (
                <img src={shown} alt="" width={64} height={64} className="size-16 object-contain" />
              ) : (
                <ImageOff aria-hidden="true" className="size-10 text-gray-400" />
              )}
            </div>
            <figcaption className="text-sm text-gray-600">Sur fond clair</figcaption>
          </figure>
        </div>
        <UploadField
          kind="image"
          bucket="site-images"
          label="Nouveau logo"
          description="Le logo est remplacé sur le site dès la fin de l'envoi."
          disabled={busy}
          onUploaded={(file) => onUploaded(file.url)}
        />
        {url &&
          (removing ? (
            <Button variant="secondary" size="sm" className="self-start" onClick={onUndoRemove}>
              <Undo2 aria-hidden="true" className="size-4" />
              Garder le logo
            </Button>
          ) : (
            <RemoveButton className="self-start" onClick={onRemove}>
              Retirer le logo
            </RemoveButton>
          ))}
      </CardContent>
    </Card>
  );
}
