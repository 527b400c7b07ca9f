import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { callRoute, createUser, ORIGIN, signIn } from "../../../../tests/auth";
import { action } from "./upload";

let cookie: string;
let jpeg: Buffer;
let noisyJpeg: Buffer;

beforeAll(async () => {
  ({ cookie } = await signIn(await createUser("uploader", "mot-de-passe")));
  jpeg = await sharp({
    create: { width: 1200, height: 800, channels: 3, background: { r: 94, g: 207, b: 203 } },
  })
    .jpeg()
    .toBuffer();
  // Noise does not compress: several body chunks, so the replayed stream is exercised.
  noisyJpeg = await sharp({
    create: {
      width: 900,
      height: 600,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: "gaussian", mean: 128, sigma: 60 },
    },
  })
    .jpeg({ quality: 95 })
    .toBuffer();
});

const uploadsDir = () => path.join(process.env.DATA_DIR!, "uploads");

function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

type Part = [name: string, value: string | File];

/**
 * A multipart POST to /admin/upload as UploadField sends it: the destination in the
 * address, the parts (the file) in the body.
 */
function uploadRequest(
  destination: URLSearchParams,
  parts: Part[],
  { signedIn = true, as = cookie } = {},
): Request {
  const body = new FormData();
  for (const [name, value] of parts) body.append(name, value);
  return new Request(`${ORIGIN}/admin/upload?${destination}`, {
    method: "POST",
    body,
    headers: signedIn ? { Cookie: as } : {},
  });
}

const target = (kind: string, bucket: string, subpath = "") =>
  new URLSearchParams({ kind, bucket, subpath });

const fileOf = (data: Buffer | string, name: string, type: string) =>
  new File([typeof data === "string" ? data : new Uint8Array(data)], name, { type });

interface UploadJson {
  url?: string;
  storagePath?: string;
  mime?: string;
  size?: number;
  width?: number;
  height?: number;
  variants?: { url: string; format: string; width: number; height: number }[];
  error?: string;
}

async function post(request: Request) {
  const answer = await callRoute(action, request);
  return { status: answer.status, body: JSON.parse(String(answer.data)) as UploadJson };
}

describe("POST /admin/upload by role", () => {
  it("lets a coach upload a timetable image, and nowhere else (403, nothing stored)", async () => {
    const coach = (
      await signIn(await createUser("coach-images", "mot-de-passe", { roles: ["coach"] }))
    ).cookie;
    const image = () => [["file", fileOf(jpeg, "cours.jpg", "image/jpeg")]] as Part[];
    const allowed = await post(
      uploadRequest(target("image", "schedule-activities"), image(), { as: coach }),
    );
    expect(allowed.status).toBe(201);
    const before = walk(uploadsDir()).length;
    const refused = await post(
      uploadRequest(target("image", "site-images", "blog"), image(), { as: coach }),
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error).toContain("Accès refusé");
    expect(walk(uploadsDir()).length).toBe(before);
  });
});

describe("POST /admin/upload", () => {
  it("stores a JPEG and answers 201 with its URL, size and WebP/AVIF variants", async () => {
    const { status, body } = await post(
      uploadRequest(target("image", "site-images", "blog"), [
        ["file", fileOf(jpeg, "Photo été.jpg", "image/jpeg")],
      ]),
    );
    expect(status).toBe(201);
    expect(body.url).toMatch(/^\/uploads\/site-images\/blog\/\d+-Photo_ete\.jpg$/);
    expect(body.storagePath).toBe(body.url!.replace("/uploads/site-images/", ""));
    expect(body.mime).toBe("image/jpeg");
    expect(body).toMatchObject({ width: 1200, height: 800 });
    expect(body.size).toBeGreaterThan(0);
    expect(body.variants!.map((variant) => variant.format).sort()).toEqual(
      expect.arrayContaining(["avif", "webp"]),
    );
    // On disk, and the variants recorded.
    const onDisk = path.join(uploadsDir(), body.url!.replace("/uploads/", ""));
    expect(fs.existsSync(onDisk)).toBe(true);
    for (const variant of body.variants!) {
      expect(fs.existsSync(path.join(uploadsDir(), variant.url.replace("/uploads/", "")))).toBe(
        true,
      );
    }
    const rows = await getDb()
      .selectFrom("image_variants")
      .select("url")
      .where("source_url", "=", body.url!)
      .execute();
    expect(rows.map((row) => row.url).sort()).toEqual(
      body.variants!.map((variant) => variant.url).sort(),
    );
    // No media library row: the screen using the file saves its URL.
    const media = await getDb()
      .selectFrom("media_items")
      .select("id")
      .where("url", "=", body.url!)
      .execute();
    expect(media).toHaveLength(0);
  });

  it("streams a file of several body chunks whole (bucket root, subpath empty)", async () => {
    expect(noisyJpeg.length).toBeGreaterThan(200 * 1024);
    const { status, body } = await post(
      uploadRequest(target("image", "disciplines"), [
        ["file", fileOf(noisyJpeg, "bruit.jpg", "image/jpeg")],
      ]),
    );
    expect(status).toBe(201);
    expect(body.url).toMatch(/^\/uploads\/disciplines\/\d+-bruit\.jpg$/);
    expect(body).toMatchObject({ width: 900, height: 600 });
  });

  it("stores a PDF in site-documents/tarifs", async () => {
    const pdf = "%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n";
    const { status, body } = await post(
      uploadRequest(target("pdf", "site-documents", "tarifs"), [
        ["file", fileOf(pdf, "Tarifs 2025.pdf", "application/pdf")],
      ]),
    );
    expect(status).toBe(201);
    expect(body.mime).toBe("application/pdf");
    expect(body.url).toMatch(/^\/uploads\/site-documents\/tarifs\/\d+-.*\.pdf$/);
    expect(body.variants).toEqual([]);
  });

  it("refuses a text file named .jpg: 400 'Veuillez sélectionner une image', nothing on disk", async () => {
    const before = walk(uploadsDir());
    const { status, body } = await post(
      uploadRequest(target("image", "site-images", "blog"), [
        ["file", fileOf("pas une image\n", "photo.jpg", "image/jpeg")],
      ]),
    );
    expect(status).toBe(400);
    expect(body).toEqual({ error: "Veuillez sélectionner une image" });
    expect(walk(uploadsDir())).toEqual(before);
  });

  it("refuses an image sent as a PDF: 400 'Veuillez sélectionner un fichier PDF'", async () => {
    const before = walk(uploadsDir());
    const { status, body } = await post(
      uploadRequest(target("pdf", "site-documents", "inscriptions"), [
        ["file", fileOf(jpeg, "form.pdf", "application/pdf")],
      ]),
    );
    expect(status).toBe(400);
    expect(body.error).toBe("Veuillez sélectionner un fichier PDF");
    expect(walk(uploadsDir())).toEqual(before);
  });

  it("refuses an unknown bucket, subpath or kind, and a destination sent in the body", async () => {
    const before = walk(uploadsDir());
    const photo = (): Part => ["file", fileOf(jpeg, "p.jpg", "image/jpeg")];
    const inBody: Part[] = [
      ["kind", "image"],
      ["bucket", "site-images"],
      ["subpath", "blog"],
    ];
    for (const [destination, parts] of [
      [target("image", "../etc"), [photo()]],
      [target("image", "site-images", "../../secret"), [photo()]],
      [target("image", "disciplines", "blog"), [photo()]],
      [target("exe", "site-images"), [photo()]],
      [new URLSearchParams(), [...inBody, photo()]],
    ] as const) {
      const { status, body } = await post(uploadRequest(destination, [...parts]));
      expect(status).toBe(400);
      expect(body.error).toBe("Destination de l'upload invalide");
    }
    expect(walk(uploadsDir())).toEqual(before);
  });

  it("answers 400 without a file", async () => {
    const { status, body } = await post(uploadRequest(target("image", "site-images", "blog"), []));
    expect(status).toBe(400);
    expect(body.error).toBe("Aucun fichier reçu");
  });

  it("refuses an anonymous visitor with 401 and stores nothing", async () => {
    const before = walk(uploadsDir());
    const answer = await callRoute(
      action,
      uploadRequest(
        target("image", "site-images", "blog"),
        [["file", fileOf(jpeg, "p.jpg", "image/jpeg")]],
        { signedIn: false },
      ),
    );
    expect(answer.status).toBe(401);
    expect(walk(uploadsDir())).toEqual(before);
  });
});
