/*
 * What an upload may be: kinds, sizes, pixels, and the French messages of a refusal
 * (DESIGN.md "Security rules: uploads"). The steps of the pipeline are in upload.server.ts.
 * NOTE: no server-only import: the back office's upload fields read the same messages.
 */

export type UploadKind = "image" | "pdf" | "video";

export const MIB = 1024 * 1024;

/** Maximum size of one file, per kind (1 Mo = 1024 × 1024 bytes). */
export const UPLOAD_LIMITS: Readonly<Record<UploadKind, number>> = {
  image: 15 * MIB,
  pdf: 20 * MIB,
  video: 100 * MIB,
};

/**
 * An image with more pixels than this is refused before being decoded: its dimensions are
 * read from the file's header (checkImagePixels), since decoding costs ~4 bytes a pixel
 * several times over (a 9999 × 9999 PNG of 12 Ko took 550 Mio).
 * 52 MP: above the largest photo a phone writes in its full-resolution modes (50 MP
 * sensors: 8160 × 6144 = 50.1 MP; iPhone 48 MP: 8064 × 6048 = 48.8 MP); their default
 * modes bin to 12 MP. A 200 MP mode (16320 × 12240) is refused: shrink it first. The peak
 * memory of the largest accepted image is in docs/performance.md.
 */
export const MAX_IMAGE_PIXELS = 52_000_000;
/**
 * The longest side an image is stored at: above the largest variant (1600 px) and a wide
 * screen's lightbox. Resizing while decoding lets a JPEG decode at a fraction of its size
 * (shrink-on-load), which bounds the memory of a 50 MP phone photo (docs/performance.md).
 */
export const MAX_STORED_IMAGE_SIDE = 2560;

export const UPLOAD_MESSAGES = {
  tooLarge: (limit: number) => `Le fichier est trop volumineux (maximum ${formatSize(limit)}).`,
  notImage: "Veuillez sélectionner une image",
  notPdf: "Veuillez sélectionner un fichier PDF",
  notVideo: "Format vidéo non pris en charge (MP4, WebM ou OGG)",
  tooManyPixels: `L'image est trop grande (maximum ${MAX_IMAGE_PIXELS / 1_000_000} mégapixels) : réduisez-la avant de l'envoyer.`,
  formTooLarge: "Le formulaire est trop volumineux.",
  incomplete: "Le formulaire envoyé est incomplet : envoyez le fichier à nouveau.",
  wrongType: "Envoyez le fichier dans un formulaire multipart/form-data.",
  failed: "Erreur lors de l'upload du fichier",
  imageFailed: "Erreur lors de l'upload de l'image",
} as const;

export type UploadErrorStatus = 400 | 413 | 415 | 500;

/** A refused or failed upload; `message` is French, ready for a toast. */
export class UploadError extends Error {
  /** 400 refused file or malformed body, 413 too large, 415 not a form, 500 our failure. */
  readonly status: UploadErrorStatus;

  constructor(message: string, status: UploadErrorStatus = 400, options?: ErrorOptions) {
    super(message, options);
    this.name = "UploadError";
    this.status = status;
  }
}

export function tooLarge(limit: number): UploadError {
  return new UploadError(UPLOAD_MESSAGES.tooLarge(limit), 413);
}

/** 15 Mo, 1,5 Mo, 512 Ko, 100 octets: French units, 1 Mo = 1024 × 1024 bytes. */
function formatSize(bytes: number): string {
  const format = (value: number) =>
    new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1 }).format(value);
  if (bytes >= MIB) return `${format(bytes / MIB)} Mo`;
  if (bytes >= 1024) return `${format(bytes / 1024)} Ko`;
  return `${bytes} octets`;
}

/**
 * Whether an image URL is one of the seed's example pictures ("seed-…" in an upload
 * bucket: the illustrations, or the first seeds' abstract pictures), which the back office
 * asks the club to replace by its own photos. The logo's badge (a PNG) is not one.
 */
export function isSeedIllustration(url: string | null | undefined): boolean {
  if (!url) return false;
  const path =
    url
      .trim()
      .replace(/^https?:\/\/[^/]+/i, "")
      .split(/[?#]/)[0] ?? "";
  return /^\/uploads\/[a-z-]+\/seed-[a-z0-9-]+\.(?:jpg|webp|avif)$/.test(path);
}

/** The back office's note under an example picture. */
export const SEED_ILLUSTRATION_NOTE = "Illustration d'exemple : remplacez-la par une photo du club";
