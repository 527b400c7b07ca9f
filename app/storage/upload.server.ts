import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import { fileTypeFromFile } from "file-type";
import type { Kysely } from "kysely";
import sharp from "sharp";
import { STORAGE_BUCKETS, type StorageBucket } from "~/content/defaults";
import { sanitizeFileName } from "~/content/file-name";
import { getDb } from "~/db/client.server";
import type { Database } from "~/db/schema";
import { getEnv } from "~/utils/env.server";
import { own } from "~/utils/own";
import {
  encodeVariants,
  recordVariants,
  VARIANT_FORMATS,
  type ImageVariant,
} from "./images.server";
import { chunksOf, drainBody } from "./request-body.server";
import { resolveStored, uploadsRoot, UPLOADS_URL_PREFIX } from "./uploads.server";

/*
 * The one upload pipeline of the back office (DESIGN.md "Security rules: uploads").
 *
 * 1. The multipart body is parsed as a stream (busboy); the file part is written to
 *    DATA_DIR/uploads/.tmp/<uuid>.part while its bytes are counted, and the request is
 *    aborted as soon as the limit of its kind is passed. Nothing is held whole in memory.
 * 2. The type is decided from the file's bytes only (file-type, plus a %PDF- check and an
 *    SVG sniff), never from its name or the browser's Content-Type.
 * 3. Images are decoded and re-encoded with sharp: rotated per EXIF, then written without
 *    any metadata, in their own format (JPEG → JPEG q85 mozjpeg, PNG → PNG, WebP → WebP,
 *    AVIF → AVIF). A GIF is stored as the PNG of its first frame (animations, GIF or
 *    WebP, are not kept: the site shows photos). WebP and AVIF variants are made from the
 *    re-encoded image (encodeVariants) and recorded in image_variants.
 *    PDFs and videos are stored byte for byte.
 * 4. The final name is "<time>-<sanitised original name>" with the extension of the
 *    detected format (so the static server never serves a PDF as text/html). The file and
 *    its variants are hard-linked from .tmp into the bucket with an exclusive create: an
 *    existing file is never overwritten; on a clash the whole group takes the next
 *    millisecond.
 * 5. A refused or failed upload leaves nothing: the temporary files, any file already
 *    placed and any row are removed before the UploadError is thrown.
 */

export type UploadKind = "image" | "pdf" | "video";

const MIB = 1024 * 1024;

/** Maximum size of one file, per kind (1 Mo = 1024 × 1024 bytes). */
export const UPLOAD_LIMITS: Readonly<Record<UploadKind, number>> = {
  image: 15 * MIB,
  pdf: 20 * MIB,
  video: 100 * MIB,
};

/**
 * An image with more pixels than this is refused before being decoded: its dimensions are
 * read from the file's header (checkImagePixels), since decoding costs ~4 bytes a pixel
 * several times over (a 9999 × 9999 PNG of 12 Ko took 550 Mio, issue 10).
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

export interface UploadedFile {
  /** Public URL, e.g. /uploads/site-images/blog/1732…-photo.jpg */
  url: string;
  /** Path inside the bucket: blog/1732…-photo.jpg */
  storagePath: string;
  bucket: StorageBucket;
  kind: UploadKind;
  /** MIME type of the stored file (decided from its bytes; a GIF is stored as PNG). */
  mime: string;
  /** Bytes of the stored file. */
  size: number;
  width?: number;
  height?: number;
  /** WebP and AVIF variants (images only), already recorded in image_variants. */
  variants: ImageVariant[];
  /** The name the browser sent, unsanitised: a default title, never a path. */
  originalName: string;
  absolutePath: string;
}

export interface ReceiveUploadOptions {
  /** Name of the file input (default "file"). Other file parts are read and dropped. */
  field?: string;
  kind: UploadKind;
  bucket: StorageBucket;
  /** One of the bucket's subpaths of spec §3, or "" (default) for its root. */
  subpath?: string;
  /** Database or transaction in which image_variants rows are written (default getDb()). */
  db?: Kysely<Database>;
  /** Overrides of UPLOAD_LIMITS (tests). */
  limits?: Partial<Record<UploadKind, number>>;
  dataDir?: string;
}

// Text fields beside the file: generous, but bounded.
const FIELD_SIZE = 1 * MIB;
const MAX_FIELDS = 1000;
const MAX_FILE_PARTS = 10;
const FORM_ALLOWANCE = 4 * MIB;

/** Where files being received wait: DATA_DIR/uploads/.tmp (not served: a dot folder). */
export function uploadTempDir(dataDir = getEnv().dataDir): string {
  return path.join(uploadsRoot(dataDir), ".tmp");
}

/**
 * Parses a multipart (or url-encoded) request, storing the file of `field` after checking
 * and re-encoding it. `file` is null when the form carries no file in that field (an
 * empty file input); the caller decides whether that is an error.
 *
 * When a transaction is given and later rolls back, the files stay: call
 * deleteStoredFile({ url }) in the caller's catch.
 *
 * @throws UploadError (French message, status 400, 413 or 500)
 */
export async function receiveUpload(
  request: Request,
  options: ReceiveUploadOptions,
): Promise<{ file: UploadedFile | null; fields: FormData }> {
  const { field = "file", kind, bucket, subpath = "", db, limits } = options;
  const dataDir = options.dataDir ?? getEnv().dataDir;
  checkSubpath(bucket, subpath);
  const limit = limits?.[kind] ?? UPLOAD_LIMITS[kind];

  const { fields, received } = await parseBody(request, {
    field,
    limit,
    tempDir: uploadTempDir(dataDir),
  });
  if (!received) return { file: null, fields };
  try {
    const file = await storeReceived(received, { kind, bucket, subpath, db, dataDir });
    return { file, fields };
  } finally {
    await fs.promises.rm(received.path, { force: true });
  }
}

// ---------------------------------------------------------------------------------------
// 1. Streaming the body

interface Received {
  path: string;
  size: number;
  originalName: string;
}

async function parseBody(
  request: Request,
  { field, limit, tempDir }: { field: string; limit: number; tempDir: string },
): Promise<{ fields: FormData; received: Received | null }> {
  const fields = new FormData();
  if (!request.body) return { fields, received: null };

  // NOTE: never cancelled, drained on a refusal: see app/storage/request-body.server.ts.
  const reader = request.body.getReader();
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": request.headers.get("content-type") ?? undefined },
      defParamCharset: "utf8",
      limits: { fieldSize: FIELD_SIZE, fields: MAX_FIELDS, files: MAX_FILE_PARTS },
    });
  } catch (error) {
    // No content type, another one, or multipart without its boundary.
    await drainBody(reader);
    throw new UploadError(UPLOAD_MESSAGES.wrongType, 415, { cause: error });
  }

  let failure: unknown;
  let receiving: Promise<Received> | undefined;
  const counter = byteLimit(limit + FORM_ALLOWANCE, () => tooLarge(limit));
  // Stops reading at once. The parser is destroyed too: when the body was already read
  // whole, busboy would otherwise wait for ever for the end of a file stream we destroyed.
  const fail = (error: unknown) => {
    failure ??= error;
    counter.destroy(error as Error);
    parser.destroy(error as Error);
  };

  parser.on("file", (name, stream, info) => {
    if (name !== field || receiving || !info.filename) {
      // Read and dropped; busboy destroys it with the form's error, if any.
      stream.on("error", () => undefined);
      stream.resume();
      return;
    }
    receiving = writeTemp(stream, { limit, tempDir, originalName: info.filename });
    receiving.catch(fail);
  });
  parser.on("field", (name, value, info) => {
    if (info.valueTruncated) fail(new UploadError(UPLOAD_MESSAGES.formTooLarge, 413));
    else fields.append(name, value);
  });
  parser.on("fieldsLimit", () => fail(new UploadError(UPLOAD_MESSAGES.formTooLarge, 413)));

  // Made before reading, so that a file stream gets its pipeline (and error listener)
  // in the same tick as busboy hands it over.
  try {
    await fs.promises.mkdir(tempDir, { recursive: true });
  } catch (error) {
    await drainBody(reader);
    throw new UploadError(UPLOAD_MESSAGES.failed, 500, { cause: error });
  }
  const source = Readable.from(chunksOf(reader), { objectMode: false });
  try {
    await pipeline(source, counter, parser);
    const received = receiving ? await receiving : null;
    return { fields, received };
  } catch (error) {
    await receiving?.then(
      (done) => fs.promises.rm(done.path, { force: true }),
      () => undefined,
    );
    await drainBody(reader);
    const cause = failure ?? error;
    if (cause instanceof UploadError) throw cause;
    const cut = cause instanceof Error && CUT_FORM.test(cause.message);
    throw new UploadError(cut ? UPLOAD_MESSAGES.incomplete : UPLOAD_MESSAGES.failed, 400, {
      cause,
    });
  }
}

/** busboy's errors for a body that ends inside the form (a cut upload). */
const CUT_FORM = /^(Unexpected end of (form|file)|Malformed part header)$/;

/** Passes bytes through, failing as soon as more than `max` have gone by. */
function byteLimit(max: number, error: () => Error, onCount?: (n: number) => void): Transform {
  let count = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      count += chunk.length;
      onCount?.(count);
      if (count > max) callback(error());
      else callback(null, chunk);
    },
  });
}

async function writeTemp(
  stream: Readable,
  { limit, tempDir, originalName }: { limit: number; tempDir: string; originalName: string },
): Promise<Received> {
  let size = 0;
  const file = path.join(tempDir, `${randomUUID()}.part`);
  try {
    await pipeline(
      stream,
      byteLimit(
        limit,
        () => tooLarge(limit),
        (n) => (size = n),
      ),
      fs.createWriteStream(file, { flags: "wx", mode: 0o600 }),
    );
  } catch (error) {
    stream.resume();
    await fs.promises.rm(file, { force: true });
    throw error;
  }
  return { path: file, size, originalName };
}

// ---------------------------------------------------------------------------------------
// 2–4. Checking, re-encoding and placing

const IMAGE_FORMATS: Record<string, { ext: string; mime: string }> = {
  "image/jpeg": { ext: "jpg", mime: "image/jpeg" },
  "image/png": { ext: "png", mime: "image/png" },
  "image/webp": { ext: "webp", mime: "image/webp" },
  "image/avif": { ext: "avif", mime: "image/avif" },
  // First frame, stored as PNG.
  "image/gif": { ext: "png", mime: "image/png" },
};

const VIDEO_FORMATS: Record<string, { ext: string; mime: string }> = {
  "video/mp4": { ext: "mp4", mime: "video/mp4" },
  "video/webm": { ext: "webm", mime: "video/webm" },
  "video/ogg": { ext: "ogv", mime: "video/ogg" },
};

interface StoreOptions {
  kind: UploadKind;
  bucket: StorageBucket;
  subpath: string;
  db: Kysely<Database> | undefined;
  dataDir: string;
}

async function storeReceived(received: Received, options: StoreOptions): Promise<UploadedFile> {
  const head = await readHead(received.path, 4096);
  switch (options.kind) {
    case "pdf": {
      if (!head.subarray(0, 5).equals(Buffer.from("%PDF-"))) {
        throw new UploadError(UPLOAD_MESSAGES.notPdf, 400);
      }
      return storeAsIs(received, { ext: "pdf", mime: "application/pdf" }, options);
    }
    case "video": {
      const format = VIDEO_FORMATS[(await sniff(received.path))?.mime ?? ""];
      if (!format) throw new UploadError(UPLOAD_MESSAGES.notVideo, 400);
      return storeAsIs(received, format, options);
    }
    case "image": {
      const format = looksLikeSvg(head)
        ? undefined
        : IMAGE_FORMATS[(await sniff(received.path))?.mime ?? ""];
      if (!format) throw new UploadError(UPLOAD_MESSAGES.notImage, 400);
      return storeImage(received, format, options);
    }
  }
}

async function sniff(file: string) {
  try {
    return await fileTypeFromFile(file);
  } catch {
    return undefined;
  }
}

async function readHead(file: string, length: number): Promise<Buffer> {
  const handle = await fs.promises.open(file, "r");
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** SVG is refused (it can carry scripts): text starting with <svg, or XML holding <svg. */
export function looksLikeSvg(head: Buffer): boolean {
  const text = head
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart()
    .toLowerCase();
  return text.startsWith("<svg") || (text.startsWith("<?xml") && text.includes("<svg"));
}

async function storeAsIs(
  received: Received,
  format: { ext: string; mime: string },
  { kind, bucket, subpath, dataDir }: StoreOptions,
): Promise<UploadedFile> {
  const placed = await placeExclusive({
    bucket,
    subpath,
    dataDir,
    originalName: received.originalName,
    ext: format.ext,
    files: [{ from: received.path, suffix: `.${format.ext}` }],
  });
  return {
    url: placed.url,
    storagePath: placed.storagePath,
    bucket,
    kind,
    mime: format.mime,
    size: received.size,
    variants: [],
    originalName: received.originalName,
    absolutePath: placed.absolutePath,
  };
}

function encodeOriginal(image: sharp.Sharp, ext: string): sharp.Sharp {
  switch (ext) {
    case "jpg":
      return image.jpeg({ quality: 85, mozjpeg: true });
    case "webp":
      return image.webp({ quality: 85 });
    case "avif":
      return image.avif({ quality: 60, effort: 2 });
    default:
      return image.png();
  }
}

async function storeImage(
  received: Received,
  format: { ext: string; mime: string },
  { kind, bucket, subpath, db, dataDir }: StoreOptions,
): Promise<UploadedFile> {
  const work = path.join(uploadTempDir(dataDir), randomUUID());
  await fs.promises.mkdir(work, { recursive: true });
  try {
    await checkImagePixels(received.path);
    // Decode, rotate per EXIF, re-encode without metadata (sharp keeps none unless asked).
    const original = path.join(work, `original.${format.ext}`);
    let info: sharp.OutputInfo;
    try {
      const image = sharp(received.path, {
        failOn: "error",
        limitInputPixels: MAX_IMAGE_PIXELS,
      })
        .rotate()
        .resize({
          width: MAX_STORED_IMAGE_SIDE,
          height: MAX_STORED_IMAGE_SIDE,
          fit: "inside",
          withoutEnlargement: true,
        });
      info = await encodeOriginal(image, format.ext).toFile(original);
    } catch (error) {
      const pixels = error instanceof Error && /pixel limit/i.test(error.message);
      throw new UploadError(
        pixels ? UPLOAD_MESSAGES.tooManyPixels : UPLOAD_MESSAGES.notImage,
        pixels ? 413 : 400,
        { cause: error },
      );
    }

    let placed: Placed;
    let variants: ImageVariant[];
    try {
      const marker = "v";
      const made = await encodeVariants({
        input: await fs.promises.readFile(original),
        absoluteBase: path.join(work, marker),
        urlBase: marker,
      });
      const suffixes = made.map((variant) => variant.url.slice(marker.length));
      placed = await placeExclusive({
        bucket,
        subpath,
        dataDir,
        originalName: received.originalName,
        ext: format.ext,
        files: [
          { from: original, suffix: `.${format.ext}` },
          ...suffixes.map((suffix) => ({ from: path.join(work, marker + suffix), suffix })),
        ],
      });
      variants = made.map((variant, index) => ({
        ...variant,
        url: placed.urlBase + suffixes[index],
      }));
    } catch (error) {
      throw new UploadError(UPLOAD_MESSAGES.imageFailed, 500, { cause: error });
    }

    try {
      await recordVariants(db ?? getDb(), placed.url, variants);
    } catch (error) {
      await Promise.all(placed.files.map((file) => fs.promises.rm(file, { force: true })));
      throw new UploadError(UPLOAD_MESSAGES.imageFailed, 500, { cause: error });
    }

    return {
      url: placed.url,
      storagePath: placed.storagePath,
      bucket,
      kind,
      mime: format.mime,
      size: info.size,
      width: info.width,
      height: info.height,
      variants,
      originalName: received.originalName,
      absolutePath: placed.absolutePath,
    };
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}

/**
 * Refuses an image over MAX_IMAGE_PIXELS from the dimensions in its header: sharp's
 * metadata() decodes no pixel. (limitInputPixels stays on the decoder as a second bound.)
 */
async function checkImagePixels(file: string): Promise<void> {
  let width = 0;
  let height = 0;
  try {
    ({ width = 0, height = 0 } = await sharp(file, { limitInputPixels: false }).metadata());
  } catch (error) {
    throw new UploadError(UPLOAD_MESSAGES.notImage, 400, { cause: error });
  }
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new UploadError(UPLOAD_MESSAGES.tooManyPixels, 413);
  }
}

function checkSubpath(bucket: StorageBucket, subpath: string): void {
  const allowed: readonly string[] | undefined = own(STORAGE_BUCKETS, bucket);
  if (!allowed || (subpath !== "" && !allowed.includes(subpath))) {
    throw new Error(`Sous-dossier « ${subpath} » inconnu pour le bucket ${bucket}`);
  }
}

/** "<sanitised stem>.<ext>": the original name with the extension of the detected format. */
function storedName(originalName: string, ext: string): string {
  const base = originalName.split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  const stem = dot > 0 ? base.slice(0, dot) : base;
  const name = sanitizeFileName(`${stem}.${ext}`);
  return name.endsWith(`.${ext}`) && name.length > ext.length + 1 ? name : `fichier.${ext}`;
}

interface Placed {
  url: string;
  urlBase: string;
  storagePath: string;
  absolutePath: string;
  /** Every file placed: the original first, then its variants. */
  files: string[];
}

const LINK_UNSUPPORTED = new Set(["EPERM", "ENOTSUP", "EXDEV", "EMLINK", "ENOSYS", "EOPNOTSUPP"]);

/** Creates `to` from `from` without ever replacing an existing file (EEXIST is thrown). */
async function linkExclusive(from: string, to: string): Promise<void> {
  try {
    await fs.promises.link(from, to);
  } catch (error) {
    if (!LINK_UNSUPPORTED.has((error as NodeJS.ErrnoException).code ?? "")) throw error;
    try {
      await fs.promises.copyFile(from, to, fs.constants.COPYFILE_EXCL);
    } catch (copyError) {
      if ((copyError as NodeJS.ErrnoException).code !== "EEXIST") {
        await fs.promises.rm(to, { force: true });
      }
      throw copyError;
    }
  }
}

/**
 * Places a group of files (an original and its variants) as "<time>-<name><suffix>" in the
 * bucket, each with an exclusive create; if any name is taken, the group's files placed so
 * far are removed and the next millisecond is tried.
 */
async function placeExclusive({
  bucket,
  subpath,
  dataDir,
  originalName,
  ext,
  files,
}: {
  bucket: StorageBucket;
  subpath: string;
  dataDir: string;
  originalName: string;
  ext: string;
  files: { from: string; suffix: string }[];
}): Promise<Placed> {
  const dir = path.join(uploadsRoot(dataDir), bucket, subpath);
  await fs.promises.mkdir(dir, { recursive: true });
  const stem = storedName(originalName, ext).slice(0, -(ext.length + 1));
  const start = Date.now();
  for (let time = start; time < start + 10_000; time += 1) {
    const base = `${time}-${stem}`;
    const placed: string[] = [];
    try {
      for (const file of files) {
        const target = path.join(dir, base + file.suffix);
        await linkExclusive(file.from, target);
        placed.push(target);
      }
    } catch (error) {
      await Promise.all(placed.map((file) => fs.promises.rm(file, { force: true })));
      if ((error as NodeJS.ErrnoException).code === "EEXIST") continue;
      throw error;
    }
    const storageBase = subpath ? `${subpath}/${base}` : base;
    const urlBase = `${UPLOADS_URL_PREFIX}/${bucket}/${storageBase}`;
    return {
      url: `${urlBase}.${ext}`,
      urlBase,
      storagePath: `${storageBase}.${ext}`,
      absolutePath: placed[0]!,
      files: placed,
    };
  }
  throw new Error("Aucun nom de fichier libre");
}

function tooLarge(limit: number): UploadError {
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

// ---------------------------------------------------------------------------------------
// Removing

/** The bucket and path of one of our upload URLs; null for any other URL. */
export function parseUploadUrl(url: string): { bucket: StorageBucket; storagePath: string } | null {
  const clean = url.trim().split(/[?#]/)[0] ?? "";
  const prefix = `${UPLOADS_URL_PREFIX}/`;
  if (!clean.startsWith(prefix)) return null;
  const rest = clean.slice(prefix.length);
  const slash = rest.indexOf("/");
  if (slash <= 0) return null;
  const bucket = rest.slice(0, slash);
  const storagePath = rest.slice(slash + 1);
  if (!Object.hasOwn(STORAGE_BUCKETS, bucket) || storagePath === "") return null;
  return { bucket: bucket as StorageBucket, storagePath };
}

/**
 * Removes a stored upload by its public URL, with its variant files and image_variants
 * rows (replacing the home video, deleting a media). A URL that is not one of our uploads
 * (external link, built-in image) is left alone and false is returned; a file already gone
 * is not an error. Rows go first, files after: call it once the caller's own change is
 * committed, since a removed file cannot be rolled back.
 *
 * @throws Error "Chemin de fichier invalide" for a URL escaping its bucket
 */
export async function deleteStoredFile({
  url,
  db = getDb(),
  dataDir,
}: {
  url: string;
  db?: Kysely<Database>;
  dataDir?: string;
}): Promise<boolean> {
  const target = parseUploadUrl(url);
  if (!target) return false;
  const absolute = resolveStored(target.bucket, target.storagePath, dataDir);
  const sourceUrl = url.trim();

  const rows = await db
    .selectFrom("image_variants")
    .select("url")
    .where("source_url", "=", sourceUrl)
    .execute();
  const variantFiles = rows.flatMap((row) => {
    const variant = parseUploadUrl(row.url);
    return variant ? [resolveStored(variant.bucket, variant.storagePath, dataDir)] : [];
  });
  await db.deleteFrom("image_variants").where("source_url", "=", sourceUrl).execute();

  // Variants whose rows are gone (the caller's transaction rolled back) are found by their
  // names, "<base>-<width>.<format>": the group placement made those names this file's own.
  const siblings = await variantSiblings(absolute);
  await Promise.all(
    [...new Set([absolute, ...variantFiles, ...siblings])].map((file) =>
      fs.promises.rm(file, { force: true }),
    ),
  );
  return true;
}

async function variantSiblings(original: string): Promise<string[]> {
  const dir = path.dirname(original);
  const name = path.basename(original);
  const dot = name.lastIndexOf(".");
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const pattern = new RegExp(`^-\\d+\\.(?:${VARIANT_FORMATS.join("|")})$`);
  const entries = await fs.promises.readdir(dir).catch(() => [] as string[]);
  return entries
    .filter((entry) => entry.startsWith(`${stem}-`) && pattern.test(entry.slice(stem.length)))
    .map((entry) => path.join(dir, entry));
}

/**
 * Removes temporary files left by a crash in the middle of an upload (called at start-up
 * or now and then); files younger than `olderThanMs` may belong to an upload in progress.
 */
export async function sweepUploadTemp({
  olderThanMs = 24 * 60 * 60 * 1000,
  dataDir,
}: { olderThanMs?: number; dataDir?: string } = {}): Promise<number> {
  const dir = uploadTempDir(dataDir);
  let entries: string[];
  try {
    entries = await fs.promises.readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const entry of entries) {
    const file = path.join(dir, entry);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (stat && Date.now() - stat.mtimeMs > olderThanMs) {
      await fs.promises.rm(file, { recursive: true, force: true });
      removed += 1;
    }
  }
  return removed;
}
