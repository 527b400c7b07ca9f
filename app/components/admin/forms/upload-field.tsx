import { FileText, Film, ImageIcon, Upload, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { FieldNotes, fieldNoteIds } from "~/components/ui/field";
import { MediaPicker } from "./media-picker";
import type { StorageBucket } from "~/storage/buckets";
import { isSeedIllustration, SEED_ILLUSTRATION_NOTE } from "~/storage/rules";
import {
  clientTypeError,
  DEFAULT_ACCEPT,
  UPLOAD_TOASTS,
  type UploadedFileJson,
  type UploadFieldKind,
} from "./upload-target";

export interface UploadedFileInfo {
  url: string;
  storagePath: string;
  mime: string;
  width?: number;
  height?: number;
  size?: number;
  variants?: UploadedFileJson["variants"];
}

export interface UploadFieldProps {
  kind: UploadFieldKind;
  bucket: StorageBucket;
  subpath?: string;
  label: string;
  /** The current file's URL (shown as a preview or a link). */
  value?: string;
  onUploaded: (file: UploadedFileInfo) => void;
  /** The file input's accept; by default the kind's formats. */
  accept?: string;
  description?: ReactNode;
  /** With a name, a hidden input posts the current URL in the surrounding form. */
  name?: string;
  /** An error to show under the field (e.g. from the server's validation of the form). */
  error?: string | null;
  disabled?: boolean;
  /** Alternative text of the image preview (default: none, the preview is decorative). */
  previewAlt?: string;
  className?: string;
}

type State =
  | { status: "idle" }
  | { status: "uploading"; percent: number; fileName: string }
  | { status: "error"; message: string };

/** The last segment of a URL, decoded, without the upload's time prefix. */
function fileNameOf(url: string): string {
  const last = url.split(/[?#]/)[0]!.split("/").pop() ?? url;
  let name = last;
  try {
    name = decodeURIComponent(last);
  } catch {
    // Keep it encoded.
  }
  return name.replace(/^\d{10,}-/, "") || url;
}

/**
 * A file input with a button: the file is sent at once to /admin/upload (XMLHttpRequest,
 * so that a real progress bar follows the bytes sent), then `onUploaded` receives its URL.
 * Toasts: 'Upload en cours...', then the success message, the server's French refusal, or
 * 'Erreur lors de l'upload du fichier' when the network fails. An image field also offers
 * "Choisir dans la médiathèque" (MediaPicker): a library image reaches `onUploaded` as an
 * upload's would, so every screen stores, previews and counts it the same way.
 */
export function UploadField({
  kind,
  bucket,
  subpath = "",
  label,
  value,
  onUploaded,
  accept,
  description,
  name,
  error,
  disabled,
  previewAlt = "",
  className,
}: UploadFieldProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const xhrRef = useRef<XMLHttpRequest | null>(null);
  const [state, setState] = useState<State>({ status: "idle" });
  const uploading = state.status === "uploading";

  // An upload still running when the screen goes away is stopped.
  useEffect(() => () => xhrRef.current?.abort(), []);

  const message = error || (state.status === "error" ? state.message : null);
  const { describedBy: notesIds } = fieldNoteIds(id, description, message);
  // A seeded example picture says so, here only: the public site shows it as it is.
  const example = kind === "image" && isSeedIllustration(value);
  const exampleId = `${id}-exemple`;
  const describedBy = [example ? exampleId : null, notesIds].filter(Boolean).join(" ") || undefined;

  function fail(text: string, toastId?: string | number) {
    setState({ status: "error", message: text });
    toast.error(text, { id: toastId });
  }

  function start(file: File) {
    const typeError = clientTypeError(kind, file);
    if (typeError) return fail(typeError);

    const form = new FormData();
    form.append("file", file);

    const toastId = toast.loading(UPLOAD_TOASTS.started);
    setState({ status: "uploading", percent: 0, fileName: file.name });
    const xhr = new XMLHttpRequest();
    xhrRef.current = xhr;
    // The destination in the address: the server knows it before the file's bytes.
    xhr.open("POST", `/admin/upload?${new URLSearchParams({ kind, bucket, subpath })}`);
    xhr.responseType = "text";
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable) return;
      const percent = Math.min(100, Math.round((event.loaded / event.total) * 100));
      setState({ status: "uploading", percent, fileName: file.name });
    };
    xhr.onload = () => {
      xhrRef.current = null;
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // A non-JSON answer (a proxy's error page, the session guard's text).
      }
      if (xhr.status === 201 && body && typeof body === "object" && "url" in body) {
        const uploaded = body as UploadedFileJson;
        setState({ status: "idle" });
        toast.success(kind === "image" ? UPLOAD_TOASTS.imageDone : UPLOAD_TOASTS.done, {
          id: toastId,
        });
        onUploaded(uploaded);
        return;
      }
      const serverMessage =
        body && typeof body === "object" && "error" in body && typeof body.error === "string"
          ? body.error
          : xhr.status === 401
            ? UPLOAD_TOASTS.sessionExpired
            : UPLOAD_TOASTS.failed;
      fail(serverMessage, toastId);
    };
    xhr.onerror = () => {
      xhrRef.current = null;
      fail(UPLOAD_TOASTS.failed, toastId);
    };
    xhr.onabort = () => {
      xhrRef.current = null;
      setState({ status: "idle" });
      toast.dismiss(toastId);
    };
    xhr.send(form);
  }

  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      {name && <input type="hidden" name={name} value={value ?? ""} />}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Preview kind={kind} value={value} alt={previewAlt} />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="relative flex flex-wrap items-center gap-2">
            <input
              ref={inputRef}
              id={id}
              type="file"
              accept={accept ?? DEFAULT_ACCEPT[kind]}
              disabled={disabled || uploading}
              aria-describedby={describedBy}
              aria-invalid={message ? true : undefined}
              className="peer sr-only"
              onChange={(event) => {
                const file = event.target.files?.[0];
                // Emptied so that choosing the same file again starts a new upload.
                event.target.value = "";
                if (file) start(file);
              }}
            />
            {/* The file input (visually hidden) is what the keyboard and screen readers
                use, under the field's label; this button only shows it and opens it. */}
            <Button
              variant="secondary"
              size="sm"
              busy={uploading}
              disabled={disabled}
              aria-hidden="true"
              tabIndex={-1}
              onClick={() => inputRef.current?.click()}
              className="peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-teal-dark"
            >
              {!uploading && <Upload aria-hidden="true" className="size-4" />}
              {value ? "Remplacer le fichier" : "Choisir un fichier"}
            </Button>
            {kind === "image" && (
              <MediaPicker
                label={label}
                accept={accept ?? DEFAULT_ACCEPT[kind]}
                disabled={disabled || uploading}
                onPicked={(image) => {
                  setState({ status: "idle" });
                  onUploaded({ url: image.url, storagePath: image.storagePath, mime: image.mime });
                }}
              />
            )}
            {uploading && (
              <Button variant="ghost" size="sm" onClick={() => xhrRef.current?.abort()}>
                <X aria-hidden="true" className="size-4" />
                Annuler l'upload
              </Button>
            )}
          </div>
          {uploading && (
            <div className="flex items-center gap-2">
              <progress
                max={100}
                value={state.percent}
                aria-label={`Envoi de ${state.fileName}`}
                aria-valuetext={`${state.percent} %`}
                className="h-2 w-full max-w-xs overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-gray-200 [&::-webkit-progress-value]:bg-teal-dark [&::-moz-progress-bar]:bg-teal-dark"
              />
              <span className="text-sm text-gray-700 tabular-nums">{state.percent} %</span>
            </div>
          )}
          {example && (
            <p id={exampleId} className="flex items-start gap-2 text-sm font-medium text-gold-dark">
              <ImageIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {SEED_ILLUSTRATION_NOTE}
            </p>
          )}
          <FieldNotes controlId={id} description={description} error={message} alert />
        </div>
      </div>
    </div>
  );
}

function Preview({ kind, value, alt }: { kind: UploadFieldKind; value?: string; alt: string }) {
  const box =
    "flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-md border border-gray-200 bg-gray-50";
  if (!value) {
    const Icon = kind === "image" ? ImageIcon : kind === "pdf" ? FileText : Film;
    return (
      <div className={box}>
        <Icon aria-hidden="true" className="size-8 text-gray-400" />
        <span className="sr-only">Aucun fichier</span>
      </div>
    );
  }
  if (kind === "image") {
    return (
      <div className={box}>
        <img src={value} alt={alt} className="size-full object-cover" />
      </div>
    );
  }
  const Icon = kind === "pdf" ? FileText : Film;
  return (
    <a
      href={value}
      target="_blank"
      rel="noreferrer"
      className="flex max-w-full min-w-0 items-center gap-2 rounded-md border border-gray-200 bg-gray-50 px-3 py-2 text-sm font-semibold text-teal-dark underline sm:max-w-xs"
    >
      <Icon aria-hidden="true" className="size-5 shrink-0" />
      <span className="truncate">{fileNameOf(value)}</span>
      <span className="sr-only"> (nouvel onglet)</span>
    </a>
  );
}
