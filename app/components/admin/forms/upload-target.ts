import * as z from "~/core/zod";
import { STORAGE_BUCKETS, type StorageBucket } from "~/storage/buckets";
import { UPLOAD_MESSAGES } from "~/storage/rules";

/*
 * Where an upload goes: shared by UploadField (browser) and /admin/upload (server).
 * The home video goes to bucket "site-images", subpath "".
 */

export const UPLOAD_KINDS = ["image", "pdf", "video"] as const;
export type UploadFieldKind = (typeof UPLOAD_KINDS)[number];

/** The upload field's toasts (the spec's words), also read by its media picker. */
export const UPLOAD_TOASTS = {
  started: "Upload en cours...",
  done: "Fichier uploadé avec succès",
  imageDone: "Image uploadée avec succès",
  failed: "Erreur lors de l'upload du fichier",
  sessionExpired: "Session expirée : reconnectez-vous.",
} as const;

export const INVALID_UPLOAD_TARGET_MESSAGE = "Destination de l'upload invalide";

export const UploadTargetSchema = z
  .object({
    kind: z.enum(UPLOAD_KINDS, INVALID_UPLOAD_TARGET_MESSAGE),
    bucket: z.enum(
      Object.keys(STORAGE_BUCKETS) as [StorageBucket, ...StorageBucket[]],
      INVALID_UPLOAD_TARGET_MESSAGE,
    ),
    subpath: z.string().default(""),
  })
  .refine(
    ({ bucket, subpath }) =>
      subpath === "" || (STORAGE_BUCKETS[bucket] as readonly string[]).includes(subpath),
    { message: INVALID_UPLOAD_TARGET_MESSAGE, path: ["subpath"] },
  );
export type UploadTarget = z.infer<typeof UploadTargetSchema>;

/** The JSON /admin/upload answers with 201. */
export interface UploadedFileJson {
  url: string;
  storagePath: string;
  mime: string;
  size: number;
  width?: number;
  height?: number;
  variants: { url: string; format: string; width: number; height: number }[];
}

/** The browser's quick check before sending (the server decides from the bytes). */
const CLIENT_TYPE_MESSAGES: Record<UploadFieldKind, string> = {
  image: UPLOAD_MESSAGES.notImage,
  pdf: UPLOAD_MESSAGES.notPdf,
  video: UPLOAD_MESSAGES.notVideo,
};

export const DEFAULT_ACCEPT: Record<UploadFieldKind, string> = {
  image: "image/jpeg,image/png,image/webp,image/avif,image/gif",
  pdf: "application/pdf,.pdf",
  video: "video/mp4,video/webm,video/ogg,.mp4,.webm,.ogg,.ogv",
};

/** null when the file looks like its kind (by type or extension), else the message. */
export function clientTypeError(
  kind: UploadFieldKind,
  file: { name: string; type: string },
): string | null {
  const type = file.type.toLowerCase();
  const ext = file.name.toLowerCase().split(".").pop() ?? "";
  const looksRight =
    kind === "image"
      ? type.startsWith("image/") && type !== "image/svg+xml"
      : kind === "pdf"
        ? type === "application/pdf" || (type === "" && ext === "pdf")
        : type.startsWith("video/") || (type === "" && ["mp4", "webm", "ogg", "ogv"].includes(ext));
  return looksRight ? null : CLIENT_TYPE_MESSAGES[kind];
}
