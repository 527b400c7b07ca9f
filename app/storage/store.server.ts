import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileTypeFromFile } from "file-type";
import type { Kysely } from "kysely";
import sharp from "sharp";
import type { StorageBucket } from "~/storage/buckets";
import { sanitizeFileName } from "~/storage/file-name";
import { getDb } from "~/db/client.server";
import type { Database } from "~/db/schema";
import { getFileStore, isFileExists } from "./file-store.server";
import { uploadsRoot, uploadTempDir, UPLOADS_URL_PREFIX } from "./paths.server";
import type { Received } from "./receive.server";
import {
  MAX_IMAGE_PIXELS,
  MAX_STORED_IMAGE_SIDE,
  UploadError,
  UPLOAD_MESSAGES,
  type UploadKind,
} from "./rules";
import { encodeVariants, recordVariants, type ImageVariant } from "./variants.server";

/*
 * Checking and storing a received file:
 * - its type is decided from its bytes only (file-type, plus a %PDF- check and an SVG
 *   sniff), never from its name or the browser's Content-Type;
 * - images are decoded and re-encoded with sharp: rotated per EXIF, then written without
 *   any metadata, in their own format (JPEG → JPEG q85 mozjpeg, PNG → PNG, WebP → WebP,
 *   AVIF → AVIF). A GIF is stored as the PNG of its first frame (animations are not
 *   kept: the site shows photos). WebP and AVIF variants are made from the re-encoded
 *   image and recorded in image_variants. PDFs and videos are stored byte for byte;
 * - the final name is "<time>-<sanitised original name>" with the extension of the
 *   detected format (so the static server never serves a PDF as text/html). The file and
 *   its variants are put in the file store (disk or S3, app/storage/file-store.server.ts),
 *   which never overwrites a key; on a clash the whole group takes the next millisecond.
 */

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
  /** Where the file is with the disk store; meaningless with S3 (tests on disk read it). */
  absolutePath: string;
}

/** A stored format: its file extension and MIME type. */
type Format = { ext: string; mime: string };

const IMAGE_FORMATS: Record<string, Format> = {
  "image/jpeg": { ext: "jpg", mime: "image/jpeg" },
  "image/png": { ext: "png", mime: "image/png" },
  "image/webp": { ext: "webp", mime: "image/webp" },
  "image/avif": { ext: "avif", mime: "image/avif" },
  // First frame, stored as PNG.
  "image/gif": { ext: "png", mime: "image/png" },
};

const VIDEO_FORMATS: Record<string, Format> = {
  "video/mp4": { ext: "mp4", mime: "video/mp4" },
  "video/webm": { ext: "webm", mime: "video/webm" },
  "video/ogg": { ext: "ogv", mime: "video/ogg" },
};

export interface StoreOptions {
  kind: UploadKind;
  bucket: StorageBucket;
  subpath: string;
  db: Kysely<Database> | undefined;
  dataDir: string;
}

/** Checks a received file by its bytes and stores it; refused: UploadError. */
export async function storeReceived(
  received: Received,
  options: StoreOptions,
): Promise<UploadedFile> {
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

/** Places a received upload's files under new names in its bucket and subpath. */
function placeReceived(
  received: Received,
  format: Format,
  { bucket, subpath, dataDir }: StoreOptions,
  files: { from: string; suffix: string }[],
): Promise<Placed> {
  return placeExclusive({
    bucket,
    subpath,
    dataDir,
    originalName: received.originalName,
    ext: format.ext,
    files,
  });
}

/** What the caller learns of a stored upload. */
function uploadedFile(
  received: Received,
  format: Format,
  { kind, bucket }: StoreOptions,
  placed: Placed,
  stored: Pick<UploadedFile, "size" | "variants" | "width" | "height">,
): UploadedFile {
  return {
    url: placed.url,
    storagePath: placed.storagePath,
    bucket,
    kind,
    mime: format.mime,
    ...stored,
    originalName: received.originalName,
    absolutePath: placed.absolutePath,
  };
}

async function storeAsIs(
  received: Received,
  format: Format,
  options: StoreOptions,
): Promise<UploadedFile> {
  const placed = await placeReceived(received, format, options, [
    { from: received.path, suffix: `.${format.ext}` },
  ]);
  return uploadedFile(received, format, options, placed, { size: received.size, variants: [] });
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
  format: Format,
  options: StoreOptions,
): Promise<UploadedFile> {
  const { db, dataDir } = options;
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
      placed = await placeReceived(received, format, options, [
        { from: original, suffix: `.${format.ext}` },
        ...suffixes.map((suffix) => ({ from: path.join(work, marker + suffix), suffix })),
      ]);
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
      const store = await getFileStore(dataDir);
      await Promise.all(placed.keys.map((key) => store.delete(key)));
      throw new UploadError(UPLOAD_MESSAGES.imageFailed, 500, { cause: error });
    }

    return uploadedFile(received, format, options, placed, {
      size: info.size,
      width: info.width,
      height: info.height,
      variants,
    });
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
  /** Where the original is with the disk store (meaningless with S3: tests on disk read it). */
  absolutePath: string;
  /** Every key placed: the original first, then its variants. */
  keys: string[];
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
  const store = await getFileStore(dataDir);
  const folder = subpath ? `${bucket}/${subpath}` : bucket;
  const stem = storedName(originalName, ext).slice(0, -(ext.length + 1));
  const start = Date.now();
  for (let time = start; time < start + 10_000; time += 1) {
    const base = `${time}-${stem}`;
    const placed: string[] = [];
    try {
      for (const file of files) {
        const key = `${folder}/${base}${file.suffix}`;
        await store.put(key, { path: file.from });
        placed.push(key);
      }
    } catch (error) {
      await Promise.all(placed.map((key) => store.delete(key)));
      if (isFileExists(error)) continue;
      throw error;
    }
    const storageBase = subpath ? `${subpath}/${base}` : base;
    const urlBase = `${UPLOADS_URL_PREFIX}/${bucket}/${storageBase}`;
    return {
      url: `${urlBase}.${ext}`,
      urlBase,
      storagePath: `${storageBase}.${ext}`,
      absolutePath: path.join(uploadsRoot(dataDir), bucket, ...storageBase.split("/")) + `.${ext}`,
      keys: placed,
    };
  }
  throw new Error("Aucun nom de fichier libre");
}
