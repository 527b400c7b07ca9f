import * as z from "~/core/zod";

/*
 * The media picker's address and rules ("Choisir dans la médiathèque" beside every image
 * upload field): shared by the dialog (browser), which asks for the formats its field
 * accepts, and the resource route, which checks them again.
 */

/** GET: one page of the library's images, as JSON (app/routes/admin/content/media-images.ts). */
export const MEDIA_PICKER_PATH = "/admin/media/images";

/** A dialog's page: 12 tiles fill rows of 2, 3 and 4 columns. */
export const MEDIA_PICKER_PER_PAGE = 12;

/**
 * The extensions the upload pipeline stores images under (a GIF becomes a PNG,
 * app/storage/store.server.ts): a library file with another one was not uploaded here.
 */
export const PICKABLE_FORMATS = ["jpg", "png", "webp", "avif"] as const;
export type PickableFormat = (typeof PICKABLE_FORMATS)[number];

/** What a field's `accept` lets through, as the stored formats its upload would give. */
const FORMAT_OF: Record<string, PickableFormat> = {
  "image/jpeg": "jpg",
  "image/jpg": "jpg",
  ".jpg": "jpg",
  ".jpeg": "jpg",
  "image/png": "png",
  ".png": "png",
  "image/gif": "png",
  ".gif": "png",
  "image/webp": "webp",
  ".webp": "webp",
  "image/avif": "avif",
  ".avif": "avif",
};

/** The stored formats an image field's `accept` allows ("image/*": all of them). */
export function formatsAccepted(accept: string): PickableFormat[] {
  const tokens = accept
    .toLowerCase()
    .split(",")
    .map((token) => token.trim());
  if (tokens.includes("image/*")) return [...PICKABLE_FORMATS];
  const wanted = new Set(tokens.map((token) => FORMAT_OF[token]).filter(Boolean));
  return PICKABLE_FORMATS.filter((format) => wanted.has(format));
}

export const MEDIA_PICKER_MESSAGES = {
  badPage: "Numéro de page invalide",
  badSearch: "La recherche ne doit pas dépasser 100 caractères",
  badFormat: "Format d'image inconnu : jpg, png, webp ou avif",
  noFormat: "Indiquez au moins un format d'image",
} as const;

/** The query of MEDIA_PICKER_PATH: ?q=&page=&format=jpg&format=png… */
export const MediaPickerQuerySchema = z.object({
  q: z
    .string()
    .max(100, MEDIA_PICKER_MESSAGES.badSearch)
    .transform((value) => value.replace(/\s+/g, " ").trim()),
  page: z
    .string()
    .regex(/^\d{1,9}$/, MEDIA_PICKER_MESSAGES.badPage)
    .transform(Number)
    .refine((page) => page >= 1, MEDIA_PICKER_MESSAGES.badPage),
  format: z
    .array(z.enum(PICKABLE_FORMATS, MEDIA_PICKER_MESSAGES.badFormat))
    .min(1, MEDIA_PICKER_MESSAGES.noFormat),
});
export type MediaPickerQuery = z.infer<typeof MediaPickerQuerySchema>;

/** One image of the picker: what the field receives, as an upload would give it. */
export interface PickableImageJson {
  id: number;
  title: string;
  url: string;
  storagePath: string;
  mime: string;
  /** Its smallest WebP variant, else the image itself. */
  thumbnail: string;
}

/** The route's answer (200), or { error } with a French message (400). */
export interface MediaPickerPageJson {
  images: PickableImageJson[];
  total: number;
  page: number;
  pages: number;
}
