import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "~/db/client.server";
import { parseUploadUrl, uploadTempDir } from "./paths.server";
import { deleteStoredFile, sweepUploadTemp } from "../domains/content/upload-removal.server";
import { MAX_IMAGE_PIXELS, MAX_STORED_IMAGE_SIDE, UPLOAD_LIMITS, UploadError } from "./rules";
import { receiveUpload, type ReceiveUploadOptions } from "./upload.server";

// ---------------------------------------------------------------------------------------
// Real files, made here

let jpegWithExif: Buffer; // 1800×900, EXIF Copyright "secret"
let rotatedJpeg: Buffer; // 64×32 stored, EXIF orientation 6 (shown 32×64)
let png: Buffer;
let webp: Buffer;
let gif: Buffer;

const pdf = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n" +
    "2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n" +
    "trailer << /Root 1 0 R >>\n%%EOF\n",
);
// ftyp box (isom, minor 0x200, brands isom iso2 mp41) then an empty mdat box.
const mp4 = Buffer.from(
  "0000001866747970" +
    "69736f6d" +
    "00000200" +
    "69736f6d" +
    "69736f32" +
    "6d703431" +
    "00000008" +
    "6d646174",
  "hex",
);
// EBML header with DocType "webm".
const webm = Buffer.from(
  "1a45dfa39f4286810142f7810142f2810442f381084282847765626d4287810242858102",
  "hex",
);
const svgWithScript = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
);
const xmlSvg = Buffer.from(
  '\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
);

/** A real PNG of width × height black pixels, 1 bit each: a few Ko on disk, huge decoded. */
function bigBlackPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // 1 bit, greyscale, deflate, no filter, no interlace
  const row = 1 + Math.ceil(width / 8); // filter byte + packed bits
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(Buffer.alloc(row * height), { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

beforeAll(async () => {
  const gradient = (width: number, height: number) =>
    sharp({
      create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } },
    });
  jpegWithExif = await gradient(1800, 900)
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: "secret", Artist: "Jean Dupont" } } })
    .toBuffer();
  rotatedJpeg = await gradient(64, 32)
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: "secret" } } })
    .toBuffer();
  png = await gradient(300, 200).png().toBuffer();
  webp = await gradient(100, 100).webp().toBuffer();
  gif = await gradient(40, 20).gif().toBuffer();
});

// ---------------------------------------------------------------------------------------
// Helpers

const uploadsDir = () => path.join(process.env.DATA_DIR!, "uploads");

function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

function formRequest(parts: Record<string, string | File>): Request {
  const body = new FormData();
  for (const [name, value] of Object.entries(parts)) body.append(name, value);
  return new Request("http://x/", { method: "POST", body });
}

function file(data: Buffer, name: string, type = "application/octet-stream"): File {
  return new File([new Uint8Array(data)], name, { type });
}

async function variantRows(sourceUrl?: string) {
  let query = getDb().selectFrom("image_variants").selectAll();
  if (sourceUrl) query = query.where("source_url", "=", sourceUrl);
  return query.execute();
}

/** Runs an upload that must be refused, and checks it left no file and no row. */
async function expectRefused(
  request: Request,
  options: ReceiveUploadOptions,
  message: string,
  status: number,
) {
  const filesBefore = walk(uploadsDir());
  const rowsBefore = (await variantRows()).length;
  const error = await receiveUpload(request, options).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(UploadError);
  expect((error as UploadError).message).toBe(message);
  expect((error as UploadError).status).toBe(status);
  expect(walk(uploadsDir())).toEqual(filesBefore);
  expect(walk(uploadTempDir())).toEqual([]);
  expect(await variantRows()).toHaveLength(rowsBefore);
}

afterEach(() => {
  vi.restoreAllMocks();
});

// ---------------------------------------------------------------------------------------

describe("receiveUpload: images", () => {
  it("stores a large photo at 2560 px on its longest side, decoded at a fraction of its size", async () => {
    const photo = await sharp({
      create: { width: 4000, height: 3000, channels: 3, background: { r: 200, g: 40, b: 40 } },
    })
      .jpeg()
      .toBuffer();
    const { file: stored } = await receiveUpload(
      formRequest({ file: file(photo, "grande-photo.jpg", "image/jpeg") }),
      { kind: "image", bucket: "site-images" },
    );
    expect(stored).toMatchObject({ width: MAX_STORED_IMAGE_SIDE, height: 1920 });
    const meta = await sharp(stored!.absolutePath).metadata();
    expect([meta.width, meta.height]).toEqual([MAX_STORED_IMAGE_SIDE, 1920]);
  });

  it("re-encodes a JPEG without its EXIF, makes WebP and AVIF variants as files and rows", async () => {
    const { file: stored, fields } = await receiveUpload(
      formRequest({
        title: "Gala 2025",
        file: file(jpegWithExif, "Gala été 2025.JPEG", "image/jpeg"),
      }),
      { kind: "image", bucket: "site-images", subpath: "blog" },
    );
    expect(fields.get("title")).toBe("Gala 2025");
    expect(stored).not.toBeNull();
    const name = path.basename(stored!.absolutePath);
    expect(name).toMatch(/^\d+-Gala_ete_2025\.jpg$/);
    expect(stored!.absolutePath).toBe(path.join(uploadsDir(), "site-images", "blog", name));
    expect(stored!.url).toBe(`/uploads/site-images/blog/${name}`);
    expect(stored!.storagePath).toBe(`blog/${name}`);
    expect(stored).toMatchObject({
      bucket: "site-images",
      kind: "image",
      mime: "image/jpeg",
      width: 1800,
      height: 900,
      originalName: "Gala été 2025.JPEG",
    });
    expect(stored!.size).toBe(fs.statSync(stored!.absolutePath).size);

    const meta = await sharp(stored!.absolutePath).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.exif).toBeUndefined();
    expect(fs.readFileSync(stored!.absolutePath).includes("secret")).toBe(false);

    const base = stored!.url.replace(/\.jpg$/, "");
    expect(stored!.variants.map((v) => v.url).sort()).toEqual(
      [480, 960, 1600].flatMap((w) => [`${base}-${w}.avif`, `${base}-${w}.webp`]).sort(),
    );
    for (const variant of stored!.variants) {
      const variantFile = path.join(process.env.DATA_DIR!, variant.url);
      const variantMeta = await sharp(variantFile).metadata();
      expect(variantMeta.format).toBe(variant.format === "avif" ? "heif" : "webp");
      expect(variantMeta.width).toBe(variant.width);
      expect(variantMeta.exif).toBeUndefined();
      expect(fs.readFileSync(variantFile).includes("secret")).toBe(false);
    }
    const rows = await variantRows(stored!.url);
    expect(rows.map((r) => r.url).sort()).toEqual(stored!.variants.map((v) => v.url).sort());
    expect(rows.find((r) => r.url === `${base}-960.webp`)).toMatchObject({
      format: "webp",
      width: 960,
      height: 480,
    });
    expect(walk(uploadTempDir())).toEqual([]);
  });

  it("applies the EXIF orientation before dropping it", async () => {
    const { file: stored } = await receiveUpload(
      formRequest({ file: file(rotatedJpeg, "portrait.jpg") }),
      { kind: "image", bucket: "disciplines" },
    );
    expect(stored).toMatchObject({ width: 32, height: 64 });
    const meta = await sharp(stored!.absolutePath).metadata();
    expect([meta.width, meta.height, meta.orientation, meta.exif]).toEqual([
      32,
      64,
      undefined,
      undefined,
    ]);
    expect(stored!.url).toMatch(/^\/uploads\/disciplines\/\d+-portrait\.jpg$/);
  });

  it("keeps PNG as PNG and WebP as WebP, each with its variants", async () => {
    const { file: fromPng } = await receiveUpload(
      formRequest({ file: file(png, "logo club.png", "image/png") }),
      { kind: "image", bucket: "site-images", subpath: "social-icons" },
    );
    expect(fromPng).toMatchObject({ mime: "image/png", width: 300, height: 200 });
    expect(fromPng!.url).toMatch(/^\/uploads\/site-images\/social-icons\/\d+-logo_club\.png$/);
    expect((await sharp(fromPng!.absolutePath).metadata()).format).toBe("png");
    expect(fromPng!.variants.map((v) => `${v.format}-${v.width}`).sort()).toEqual([
      "avif-300",
      "webp-300",
    ]);

    const { file: fromWebp } = await receiveUpload(
      formRequest({ file: file(webp, "gants.webp") }),
      { kind: "image", bucket: "training-formats" },
    );
    expect(fromWebp).toMatchObject({ mime: "image/webp", width: 100, height: 100 });
    expect((await sharp(fromWebp!.absolutePath).metadata()).format).toBe("webp");
    for (const v of fromWebp!.variants) {
      expect(fs.existsSync(path.join(process.env.DATA_DIR!, v.url))).toBe(true);
    }
    expect(await variantRows(fromWebp!.url)).toHaveLength(2);
  });

  it("stores a GIF as the PNG of its first frame; the extension follows the bytes, not the name", async () => {
    const { file: stored } = await receiveUpload(
      formRequest({ file: file(gif, "anim.gif", "image/gif") }),
      { kind: "image", bucket: "schedule-activities" },
    );
    expect(stored!.url).toMatch(/^\/uploads\/schedule-activities\/\d+-anim\.png$/);
    expect(stored!.mime).toBe("image/png");
    expect((await sharp(stored!.absolutePath).metadata()).format).toBe("png");

    // A real PNG named .jpg is stored as .png.
    const { file: renamed } = await receiveUpload(
      formRequest({ file: file(png, "photo.jpg", "image/jpeg") }),
      { kind: "image", bucket: "schedule-activities" },
    );
    expect(renamed!.url).toMatch(/-photo\.png$/);
  });

  it("keeps a name with ../ inside the bucket", async () => {
    const { file: stored } = await receiveUpload(
      formRequest({ file: file(png, "../../../evil.png") }),
      { kind: "image", bucket: "site-images", subpath: "schedule" },
    );
    expect(path.dirname(stored!.absolutePath)).toBe(
      path.join(uploadsDir(), "site-images", "schedule"),
    );
    expect(path.basename(stored!.absolutePath)).toMatch(/^\d+-evil\.png$/);
    expect(walk(process.env.DATA_DIR!).filter((f) => f.includes("evil"))).toEqual(
      walk(path.join(uploadsDir(), "site-images", "schedule")).filter((f) => f.includes("evil")),
    );
  });

  it("never overwrites: a taken name or variant name moves the whole group to the next millisecond", async () => {
    const time = 1_700_000_000_000;
    vi.spyOn(Date, "now").mockReturnValue(time);
    const dir = path.join(uploadsDir(), "site-images", "blog");
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${time}-ring.png`), "someone else's");
    fs.writeFileSync(path.join(dir, `${time + 1}-ring-300.webp`), "someone else's too");

    const { file: stored } = await receiveUpload(formRequest({ file: file(png, "ring.png") }), {
      kind: "image",
      bucket: "site-images",
      subpath: "blog",
    });
    expect(path.basename(stored!.absolutePath)).toBe(`${time + 2}-ring.png`);
    expect(fs.readFileSync(path.join(dir, `${time}-ring.png`), "utf8")).toBe("someone else's");
    expect(fs.readFileSync(path.join(dir, `${time + 1}-ring-300.webp`), "utf8")).toBe(
      "someone else's too",
    );
    // Nothing of the abandoned attempt is left.
    expect(fs.existsSync(path.join(dir, `${time + 1}-ring.png`))).toBe(false);
    expect(fs.existsSync(path.join(dir, `${time + 1}-ring-300.avif`))).toBe(false);

    const { file: again } = await receiveUpload(formRequest({ file: file(png, "ring.png") }), {
      kind: "image",
      bucket: "site-images",
      subpath: "blog",
    });
    expect(path.basename(again!.absolutePath)).toBe(`${time + 3}-ring.png`);
  });

  it("writes the variant rows in the caller's transaction", async () => {
    let url = "";
    await expect(
      getDb()
        .transaction()
        .execute(async (trx) => {
          const { file: stored } = await receiveUpload(
            formRequest({ file: file(webp, "annule.webp") }),
            { kind: "image", bucket: "disciplines", db: trx },
          );
          url = stored!.url;
          expect(
            await trx
              .selectFrom("image_variants")
              .where("source_url", "=", url)
              .selectAll()
              .execute(),
          ).toHaveLength(2);
          throw new Error("rollback");
        }),
    ).rejects.toThrow("rollback");
    expect(await variantRows(url)).toHaveLength(0);
    // The caller then removes the files.
    expect(await deleteStoredFile({ url })).toBe(true);
    expect(walk(uploadsDir()).filter((f) => f.includes("annule"))).toEqual([]);
  });
});

describe("receiveUpload: refusals leave nothing behind", () => {
  const image = { kind: "image", bucket: "site-images", subpath: "blog" } as const;

  it("refuses a text file named photo.jpg", async () => {
    await expectRefused(
      formRequest({ file: file(Buffer.from("pas une image du tout"), "photo.jpg", "image/jpeg") }),
      image,
      "Veuillez sélectionner une image",
      400,
    );
  });

  it("refuses an SVG, even holding a script or behind an XML declaration", async () => {
    await expectRefused(
      formRequest({ file: file(svgWithScript, "logo.svg", "image/svg+xml") }),
      image,
      "Veuillez sélectionner une image",
      400,
    );
    await expectRefused(
      formRequest({ file: file(xmlSvg, "logo.png", "image/png") }),
      image,
      "Veuillez sélectionner une image",
      400,
    );
  });

  it("refuses a PDF renamed .png as an image", async () => {
    await expectRefused(
      formRequest({ file: file(pdf, "photo.png", "image/png") }),
      image,
      "Veuillez sélectionner une image",
      400,
    );
  });

  it("refuses a truncated JPEG (right magic bytes, broken image)", async () => {
    await expectRefused(
      formRequest({ file: file(jpegWithExif.subarray(0, 400), "coupe.jpg") }),
      image,
      "Veuillez sélectionner une image",
      400,
    );
  });

  it("refuses an image over the limit, with the limit in the message", async () => {
    await expectRefused(
      formRequest({ file: file(jpegWithExif, "grande.jpg") }),
      { ...image, limits: { image: 2 * 1024 } },
      "Le fichier est trop volumineux (maximum 2 Ko).",
      413,
    );
    // Exactly at the limit is accepted.
    const { file: atLimit } = await receiveUpload(formRequest({ file: file(png, "juste.png") }), {
      ...image,
      limits: { image: png.length },
    });
    expect(atLimit!.url).toMatch(/-juste\.png$/);
  });

  it("refuses a real 16 MB image upload once 15 Mo have passed, then reads the rest to answer", async () => {
    const boundary = "----club-boundary";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="enorme.jpg"\r\n` +
        `Content-Type: image/jpeg\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const total = 16 * 1024 * 1024;
    const chunk = new Uint8Array(64 * 1024); // zeros: a sparse file as a stream
    let sent = 0;
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        if (sent === 0) controller.enqueue(new Uint8Array(head));
        if (sent >= total) {
          controller.enqueue(new Uint8Array(tail));
          controller.close();
          return;
        }
        controller.enqueue(chunk);
        sent += chunk.length;
      },
    });
    const request = new Request("http://x/", {
      method: "POST",
      body,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      duplex: "half",
    } as RequestInit);
    await expectRefused(
      request,
      { kind: "image", bucket: "site-images" },
      "Le fichier est trop volumineux (maximum 15 Mo).",
      413,
    );
    expect(UPLOAD_LIMITS.image).toBe(15 * 1024 * 1024);
    // The rest was read and dropped, not cancelled: cancelling a request's body drops
    // its connection, and the client would never see the 413 (request-body.server.ts).
    expect(sent).toBe(total);
    expect(pulled).toBeGreaterThan(0);
  });

  it("refuses anything but a PDF for kind pdf", async () => {
    const documents = { kind: "pdf", bucket: "site-documents", subpath: "tarifs" } as const;
    await expectRefused(
      formRequest({ file: file(png, "tarifs.pdf", "application/pdf") }),
      documents,
      "Veuillez sélectionner un fichier PDF",
      400,
    );
    await expectRefused(
      formRequest({ file: file(Buffer.from(" %PDF-1.4 décalé"), "tarifs.pdf") }),
      documents,
      "Veuillez sélectionner un fichier PDF",
      400,
    );
    await expectRefused(
      formRequest({ file: file(pdf, "tarifs.pdf") }),
      { ...documents, limits: { pdf: 100 } },
      "Le fichier est trop volumineux (maximum 100 octets).",
      413,
    );
  });

  it("refuses a non-video for kind video", async () => {
    const video = { kind: "video", bucket: "site-images" } as const;
    for (const [data, name] of [
      [jpegWithExif, "clip.mp4"],
      [pdf, "clip.webm"],
      [Buffer.from("ftyp but not really"), "clip.ogg"],
    ] as const) {
      await expectRefused(
        formRequest({ file: file(data, name, "video/mp4") }),
        video,
        "Format vidéo non pris en charge (MP4, WebM ou OGG)",
        400,
      );
    }
  });

  it("refuses a malformed multipart body", async () => {
    await expectRefused(
      new Request("http://x/", {
        method: "POST",
        body: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nabc',
        headers: { "content-type": "multipart/form-data; boundary=b" },
      }),
      { kind: "image", bucket: "site-images" },
      "Le formulaire envoyé est incomplet : envoyez le fichier à nouveau.",
      400,
    );
  });

  it.each([
    [9999, 9999],
    [7300, 7300],
  ])("refuses a %i × %i image from its header, before decoding it", async (width, height) => {
    const image = bigBlackPng(width, height);
    expect(image.length).toBeLessThan(100 * 1024);
    expect(width * height).toBeGreaterThan(MAX_IMAGE_PIXELS);
    const started = performance.now();
    await expectRefused(
      formRequest({ file: file(image, "bombe.png", "image/png") }),
      { kind: "image", bucket: "site-images" },
      "L'image est trop grande (maximum 52 mégapixels) : réduisez-la avant de l'envoyer.",
      413,
    );
    // Decoding 53 to 100 MP takes seconds; reading a header, milliseconds.
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it.each([
    ["no content type", null],
    ["JSON", "application/json"],
    ["multipart without its boundary", "multipart/form-data"],
  ])("refuses %s with 415, in French", async (_what, type) => {
    await expectRefused(
      new Request("http://x/", {
        method: "POST",
        body: "{}",
        headers: type ? { "content-type": type } : {},
      }),
      { kind: "image", bucket: "site-images" },
      "Envoyez le fichier dans un formulaire multipart/form-data.",
      415,
    );
  });
});

describe("receiveUpload: documents and videos", () => {
  it("stores a real PDF byte for byte under its bucket and subpath", async () => {
    const { file: stored } = await receiveUpload(
      formRequest({ file: file(pdf, "Tarifs 2025-2026.pdf", "application/pdf") }),
      { kind: "pdf", bucket: "site-documents", subpath: "tarifs" },
    );
    expect(stored).toMatchObject({
      bucket: "site-documents",
      kind: "pdf",
      mime: "application/pdf",
      size: pdf.length,
      variants: [],
    });
    expect(stored!.url).toMatch(/^\/uploads\/site-documents\/tarifs\/\d+-Tarifs_2025-2026\.pdf$/);
    expect(fs.readFileSync(stored!.absolutePath)).toEqual(pdf);
    expect(await variantRows(stored!.url)).toHaveLength(0);
  });

  it("stores MP4 and WebM videos decided from their bytes", async () => {
    const { file: fromMp4 } = await receiveUpload(
      formRequest({ file: file(mp4, "Entraînement.MOV", "video/quicktime") }),
      { kind: "video", bucket: "site-images" },
    );
    expect(fromMp4).toMatchObject({ kind: "video", mime: "video/mp4", size: mp4.length });
    expect(fromMp4!.url).toMatch(/^\/uploads\/site-images\/\d+-Entrainement\.mp4$/);
    expect(fs.readFileSync(fromMp4!.absolutePath)).toEqual(mp4);

    const { file: fromWebm } = await receiveUpload(
      formRequest({ file: file(webm, "hero.webm", "video/webm") }),
      { kind: "video", bucket: "site-images" },
    );
    expect(fromWebm!.mime).toBe("video/webm");
    expect(fromWebm!.url).toMatch(/-hero\.webm$/);
  });

  it("returns file null and the fields when no file was chosen; other file inputs are ignored", async () => {
    const { file: none, fields } = await receiveUpload(
      formRequest({
        title: "Sans fichier",
        file: new File([], ""),
        other: file(png, "autre.png"),
      }),
      { kind: "image", bucket: "site-images" },
    );
    expect(none).toBeNull();
    expect(fields.get("title")).toBe("Sans fichier");
    expect(walk(uploadsDir()).filter((f) => f.includes("autre"))).toEqual([]);

    const { file: custom } = await receiveUpload(formRequest({ photo: file(png, "champ.png") }), {
      field: "photo",
      kind: "image",
      bucket: "site-images",
    });
    expect(custom!.url).toMatch(/-champ\.png$/);
  });

  it("refuses an unknown subpath before reading anything", async () => {
    await expect(
      receiveUpload(formRequest({ file: file(pdf, "x.pdf") }), {
        kind: "pdf",
        bucket: "site-documents",
        subpath: "../site-images",
      }),
    ).rejects.toThrow(/inconnu/);
  });
});

describe("deleteStoredFile", () => {
  it("removes the upload, its variant files and rows", async () => {
    const { file: stored } = await receiveUpload(
      formRequest({ file: file(png, "a-supprimer.png") }),
      { kind: "image", bucket: "site-images", subpath: "blog" },
    );
    const files = [
      stored!.absolutePath,
      ...stored!.variants.map((v) => path.join(process.env.DATA_DIR!, v.url)),
    ];
    expect(files.every((f) => fs.existsSync(f))).toBe(true);

    expect(await deleteStoredFile({ url: stored!.url })).toBe(true);
    expect(files.some((f) => fs.existsSync(f))).toBe(false);
    expect(await variantRows(stored!.url)).toHaveLength(0);
    // Already gone: not an error.
    expect(await deleteStoredFile({ url: stored!.url })).toBe(true);
  });

  it("removes a video (home video replaced)", async () => {
    const { file: stored } = await receiveUpload(formRequest({ file: file(mp4, "old.mp4") }), {
      kind: "video",
      bucket: "site-images",
    });
    await deleteStoredFile({ url: stored!.url });
    expect(fs.existsSync(stored!.absolutePath)).toBe(false);
  });

  it("leaves other URLs alone and refuses escapes", async () => {
    expect(await deleteStoredFile({ url: "https://exemple.fr/photo.jpg" })).toBe(false);
    expect(await deleteStoredFile({ url: "/images/placeholder.jpg" })).toBe(false);
    expect(await deleteStoredFile({ url: "/uploads/inconnu/x.jpg" })).toBe(false);
    await expect(
      deleteStoredFile({ url: "/uploads/site-images/../../club.sqlite" }),
    ).rejects.toThrow("Chemin de fichier invalide");
    expect(parseUploadUrl("/uploads/site-documents/tarifs/1-a.pdf?v=2")).toEqual({
      bucket: "site-documents",
      storagePath: "tarifs/1-a.pdf",
    });
  });
});

describe("sweepUploadTemp", () => {
  it("removes old temporary files only", async () => {
    const dir = uploadTempDir();
    fs.mkdirSync(dir, { recursive: true });
    const old = path.join(dir, "old.part");
    const recent = path.join(dir, "recent.part");
    fs.writeFileSync(old, "x");
    fs.writeFileSync(recent, "x");
    const dayAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    fs.utimesSync(old, dayAgo, dayAgo);
    expect(await sweepUploadTemp()).toBe(1);
    expect(fs.existsSync(old)).toBe(false);
    expect(fs.existsSync(recent)).toBe(true);
    fs.rmSync(recent);
  });
});
