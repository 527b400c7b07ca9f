import { Film, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { UploadField } from "~/components/admin/forms/upload-field";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { VIDEO_RECOMMENDED_MAX_SECONDS } from "~/domains/content/defaults";
import { MEDIA_MESSAGES, VIDEO_WARNING } from "~/domains/content/media-schema";

/**
 * The home page's background video (settings home_video): a preview, its title (a pending
 * change) and the upload of a new one, saved at once; the old file is then deleted.
 */
export function MediaVideoTab({
  url,
  title,
  titleError,
  busy,
  onTitleChange,
  onUploaded,
}: {
  url: string;
  title: string;
  titleError?: string;
  busy: boolean;
  onTitleChange: (title: string) => void;
  onUploaded: (url: string) => void;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Vidéo d'accueil</CardTitle>
        <CardDescription>
          Jouée sans le son, en boucle, derrière le titre de la page d'accueil. Formats MP4, WebM ou
          OGG ; moins de 30 secondes recommandées.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {/* A new URL is a new player: its error and duration start afresh. */}
        <VideoPreview key={url} url={url} />
        <Field label="Titre de la vidéo" error={titleError}>
          <Input
            value={title}
            maxLength={200}
            onChange={(event) => onTitleChange(event.target.value)}
          />
        </Field>
        <UploadField
          kind="video"
          bucket="site-images"
          label="Nouvelle vidéo"
          description="La vidéo remplace l'actuelle dès la fin de l'envoi ; l'ancienne est supprimée."
          value={url || undefined}
          disabled={busy}
          onUploaded={(file) => onUploaded(file.url)}
        />
      </CardContent>
    </Card>
  );
}

function VideoPreview({ url }: { url: string }) {
  const [failed, setFailed] = useState(false);
  const [seconds, setSeconds] = useState<number | null>(null);
  if (!url) {
    return (
      <div className="flex aspect-video w-full max-w-xl flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-gray-300 bg-gray-50 text-gray-600">
        <Film aria-hidden="true" className="size-10 text-gray-400" />
        <p className="text-sm">Aucune vidéo : la page d'accueil montre l'image ou le dégradé.</p>
      </div>
    );
  }
  const tooLong = seconds !== null && seconds > VIDEO_RECOMMENDED_MAX_SECONDS;
  return (
    <div className="flex max-w-xl flex-col gap-2">
      {failed ? (
        <p
          role="alert"
          className="flex aspect-video w-full items-center justify-center rounded-lg border border-red-300 bg-red-50 px-4 text-center font-semibold text-red-800"
        >
          {MEDIA_MESSAGES.videoPreviewError}
        </p>
      ) : (
        <video
          // NOTE: a video that loaded or failed before hydration fired no React event.
          ref={(video) => {
            if (!video) return;
            if (video.error) setFailed(true);
            else if (video.readyState >= 1 && seconds === null && Number.isFinite(video.duration)) {
              setSeconds(video.duration);
            }
          }}
          src={url}
          controls
          muted
          playsInline
          preload="metadata"
          aria-label="Aperçu de la vidéo d'accueil"
          onLoadedMetadata={(event) => {
            const duration = event.currentTarget.duration;
            setSeconds(Number.isFinite(duration) ? duration : null);
          }}
          onError={() => setFailed(true)}
          className="aspect-video w-full rounded-lg bg-ink object-contain"
        >
          Votre navigateur ne supporte pas la lecture de vidéos.
        </video>
      )}
      <div role="status">
        {tooLong && (
          <p className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {VIDEO_WARNING(seconds)}
          </p>
        )}
        {seconds !== null && !tooLong && (
          <p className="text-sm text-gray-600">Durée : {Math.round(seconds)} secondes</p>
        )}
      </div>
    </div>
  );
}
