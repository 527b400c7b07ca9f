import fs from "node:fs";
import path from "node:path";
import type { Browser } from "@playwright/test";
import sharp from "sharp";
import { dataDir, db } from "./e2e-data";

export { db };

/*
 * Real files for the back-office upload tests (admin-blog-*, admin-media-*), made here:
 * good images carrying EXIF metadata, and bad files dressed up as images.
 */

export type FilePayload = { name: string; mimeType: string; buffer: Buffer };

const square = (color: string, width = 640, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: color } });

/** A JPEG with EXIF (copyright, author, GPS-like comment) that the pipeline must strip. */
export async function jpegWithExif(name = "photo.jpg", color = "#c0392b"): Promise<FilePayload> {
  const buffer = await square(color, 1200, 800)
    .jpeg()
    .withMetadata({
      exif: { IFD0: { Copyright: "secret-copyright", Artist: "Jean Dupont" } },
    })
    .toBuffer();
  return { name, mimeType: "image/jpeg", buffer };
}

export async function png(name = "image.png", color = "#5ecfcb"): Promise<FilePayload> {
  return { name, mimeType: "image/png", buffer: await square(color, 300, 300).png().toBuffer() };
}

export async function webp(name = "image.webp", color = "#d4af37"): Promise<FilePayload> {
  return { name, mimeType: "image/webp", buffer: await square(color).webp().toBuffer() };
}

/**
 * A real JPEG padded past the image limit (15 Mo): decoders ignore bytes after the end
 * marker, so only its size should get it refused. Made in memory, never committed.
 */
export async function oversizedJpeg(name = "trop-lourde.jpg"): Promise<FilePayload> {
  const jpeg = await square("#2c3e50").jpeg().toBuffer();
  const size = 15 * 1024 * 1024 + 64 * 1024;
  return {
    name,
    mimeType: "image/jpeg",
    buffer: Buffer.concat([jpeg, Buffer.alloc(size - jpeg.length)]),
  };
}

export const MINIMAL_PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n" +
    "2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
);

/** An MP4 the pipeline accepts (ftyp isom, then an mdat of `padding` bytes) but no player can play. */
export function mp4(padding = 0): Buffer {
  const ftyp = Buffer.from("0000001866747970" + "69736f6d0000020069736f6d69736f326d703431", "hex");
  const mdat = Buffer.alloc(8 + padding);
  mdat.writeUInt32BE(8 + padding, 0);
  mdat.write("mdat", 4, "latin1");
  return Buffer.concat([ftyp, mdat]);
}

export const BAD_IMAGES: { label: string; file: FilePayload }[] = [
  {
    label: "a text file named .jpg",
    file: {
      name: "vacances.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from("Pas une image du tout.\n"),
    },
  },
  {
    label: "an SVG holding a script",
    file: {
      name: "logo.svg",
      mimeType: "image/svg+xml",
      buffer: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
      ),
    },
  },
  {
    label: "an SVG renamed .png",
    file: {
      name: "logo.png",
      mimeType: "image/png",
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
    },
  },
  {
    label: "a PDF renamed .png",
    file: { name: "tarifs.png", mimeType: "image/png", buffer: MINIMAL_PDF },
  },
  {
    label: "a minimal PDF",
    file: { name: "tarifs.pdf", mimeType: "application/pdf", buffer: MINIMAL_PDF },
  },
  { label: "a short MP4", file: { name: "clip.mp4", mimeType: "video/mp4", buffer: mp4() } },
];

/**
 * A real, playable WebM of `seconds` seconds as its metadata says: a short VP8 recording
 * made by the browser (MediaRecorder), whose Duration element is then rewritten.
 */
export async function webmLasting(browser: Browser, seconds: number): Promise<Buffer> {
  const page = await browser.newPage();
  try {
    const base64 = await page.evaluate(async () => {
      const canvas = document.createElement("canvas");
      canvas.width = 64;
      canvas.height = 48;
      const context = canvas.getContext("2d")!;
      const recorder = new MediaRecorder(canvas.captureStream(10), {
        mimeType: "video/webm;codecs=vp8",
      });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => chunks.push(event.data);
      let frame = 0;
      const timer = setInterval(() => {
        context.fillStyle = frame++ % 2 ? "#5ecfcb" : "#111827";
        context.fillRect(0, 0, 64, 48);
      }, 50);
      const stopped = new Promise((resolve) => (recorder.onstop = resolve));
      recorder.start();
      await new Promise((resolve) => setTimeout(resolve, 600));
      recorder.stop();
      await stopped;
      clearInterval(timer);
      const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
      let text = "";
      for (const byte of bytes) text += String.fromCharCode(byte);
      return btoa(text);
    });
    const video = Buffer.from(base64, "base64");
    // Segment Info (1549A966, after the SeekHead's mention of it) holds Duration
    // (4489, 4-byte float, in milliseconds at the default timecode scale).
    const info = video.indexOf(Buffer.from("1549a966", "hex"), 100);
    const duration = video.indexOf(Buffer.from("448984", "hex"), info);
    if (info < 0 || duration < 0) throw new Error("No Duration element in the recording");
    video.writeFloatBE(seconds * 1000, duration + 3);
    return video;
  } finally {
    await page.close();
  }
}

// ---------------------------------------------------------------------------------------
// The e2e server's uploads (e2e-data.ts)

/** Every file under DATA_DIR/uploads (relative paths), to check that nothing was left. */
export function uploadedFiles(): string[] {
  const root = path.join(dataDir(), "uploads");
  const walk = (dir: string): string[] =>
    fs.existsSync(dir)
      ? fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          const full = path.join(dir, entry.name);
          return entry.isDirectory() ? walk(full) : [path.relative(root, full)];
        })
      : [];
  return walk(root).sort();
}

/**
 * `file` under a name of its own, and the stored files that still carry that name: other
 * tests upload into the same folders meanwhile, so "not there before" is not enough. The
 * part being received (.tmp/<uuid>.part) carries no name: see newTempParts.
 */
export function tagged(file: FilePayload): { file: FilePayload; stored: () => string[] } {
  const tag = `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    file: { ...file, name: `${tag}-${file.name}` },
    stored: () => uploadedFiles().filter((name) => name.includes(tag)),
  };
}

/** Parts being received (.tmp) that were not in `before`; others' uploads finish quickly. */
export function newTempParts(before: string[]): string[] {
  return uploadedFiles().filter((name) => name.startsWith(".tmp") && !before.includes(name));
}

/** The file behind an /uploads/… URL on the e2e server's disk. */
export function uploadPath(url: string): string {
  return path.join(dataDir(), decodeURIComponent(url.replace(/^\/+/, "")));
}

/** Removes an upload and its variants (cleanup after a test). */
export function removeUpload(url: string): void {
  const file = uploadPath(url);
  const dir = path.dirname(file);
  const stem = path.basename(file).replace(/\.[^.]+$/, "");
  for (const entry of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    if (entry === path.basename(file) || entry.startsWith(`${stem}-`)) {
      fs.rmSync(path.join(dir, entry), { force: true });
    }
  }
  db().prepare("delete from image_variants where source_url = ?").run(url);
}
