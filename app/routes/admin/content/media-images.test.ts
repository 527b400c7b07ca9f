import fs from "node:fs";
import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  MEDIA_PICKER_MESSAGES,
  MEDIA_PICKER_PER_PAGE,
  type MediaPickerPageJson,
} from "~/domains/content/media-picker-schema";
import { getDb } from "~/db/client.server";
import { getFileUsage } from "~/domains/content/file-usage.server";
import { listMediaLibrary } from "~/domains/content/media-list.server";
import { addMediaItem } from "~/domains/content/media.server";
import { resolveStored } from "~/storage/paths.server";
import { removeFileIfUnused, sweepOrphanUploads } from "~/domains/content/upload-removal.server";
import { receiveUpload } from "~/storage/upload.server";
import { callRoute, createUser, getRequest, signIn } from "../../../../tests/auth";
import { createDiscipline } from "../../../../tests/factories";
import { loader } from "./media-images";

/*
 * The media picker's resource route (GET /admin/media/images): guarded, searched and
 * paged by the server, images only, in the formats the field asks for; and a library
 * image chosen for a field counts as used there, like an uploaded one.
 */

let cookie: string;

beforeAll(async () => {
  ({ cookie } = await signIn(await createUser("picker", "mot-de-passe")));
});

beforeEach(async () => {
  await getDb().deleteFrom("media_items").execute();
  await getDb().deleteFrom("disciplines").execute();
});

async function pick(query: string, { signedIn = true } = {}) {
  return callRoute(loader, getRequest(`/admin/media/images${query}`, signedIn ? { cookie } : {}));
}

function page(data: unknown): MediaPickerPageJson {
  return JSON.parse(String(data)) as MediaPickerPageJson;
}

const titles = (data: unknown) => page(data).images.map((image) => image.title);

describe("GET /admin/media/images", () => {
  it("sends an anonymous visitor to the login page, with no image", async () => {
    await addMediaItem({ title: "Gala", url: "/uploads/site-images/gala.jpg" });
    const answer = await pick("?q=gala", { signedIn: false });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toMatch(/^\/admin\/login\?redirectTo=/);
    expect(String(answer.data)).not.toContain("gala.jpg");
  });

  it("pages the library's images newest first, each as an upload would give it", async () => {
    for (let i = 0; i < MEDIA_PICKER_PER_PAGE + 3; i += 1) {
      await addMediaItem({ title: `Photo ${i}`, url: `/uploads/site-images/photo-${i}.jpg` });
    }
    const first = await pick("");
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("no-store");
    expect(page(first.data)).toMatchObject({ total: 15, page: 1, pages: 2 });
    expect(page(first.data).images).toHaveLength(MEDIA_PICKER_PER_PAGE);
    expect(page(first.data).images[0]).toEqual({
      id: expect.any(Number),
      title: "Photo 14",
      url: "/uploads/site-images/photo-14.jpg",
      storagePath: "photo-14.jpg",
      mime: "image/jpeg",
      thumbnail: "/uploads/site-images/photo-14.jpg",
    });
    expect(titles((await pick("?page=2")).data)).toEqual(["Photo 2", "Photo 1", "Photo 0"]);
    // Past the end: the last page.
    expect(page((await pick("?page=40")).data).page).toBe(2);
  });

  it("searches titles and addresses on the server", async () => {
    await addMediaItem({ title: "Gala 2025", url: "/uploads/site-images/a.jpg" });
    await addMediaItem({ title: "Entraînement", url: "/uploads/site-images/gala-b.png" });
    await addMediaItem({ title: "Affiche", url: "/uploads/site-images/c.webp" });
    expect(titles((await pick("?q=GALA")).data).sort()).toEqual(["Entraînement", "Gala 2025"]);
    expect(titles((await pick("?q=gala+2025")).data)).toEqual(["Gala 2025"]);
    expect(page((await pick("?q=rien")).data)).toMatchObject({ images: [], total: 0 });
  });

  it("offers only the site's own images, in the formats the field takes", async () => {
    await addMediaItem({ title: "Photo", url: "/uploads/site-images/photo.jpeg" });
    await addMediaItem({ title: "Icône", url: "/uploads/site-images/social-icons/x.png" });
    await addMediaItem({ title: "Lien externe", url: "https://example.com/photo.jpg" });
    await addMediaItem({ title: "Règlement", url: "/uploads/site-documents/reglement.pdf" });
    await addMediaItem({ title: "Vidéo", url: "/uploads/site-images/club.mp4", type: "video" });
    await addMediaItem({ title: "Dessin", url: "/uploads/site-images/dessin.svg" });
    expect(titles((await pick("")).data).sort()).toEqual(["Icône", "Photo"]);
    expect(titles((await pick("?format=png")).data)).toEqual(["Icône"]);
    expect(titles((await pick("?format=jpg&format=webp")).data)).toEqual(["Photo"]);
    const icon = page((await pick("?format=png")).data).images[0]!;
    expect(icon).toMatchObject({ storagePath: "social-icons/x.png", mime: "image/png" });
  });

  it("refuses bad parameters with a French message", async () => {
    for (const [query, message] of [
      ["?format=svg", MEDIA_PICKER_MESSAGES.badFormat],
      ["?format=", MEDIA_PICKER_MESSAGES.badFormat],
      ["?page=-1", MEDIA_PICKER_MESSAGES.badPage],
      ["?page=0", MEDIA_PICKER_MESSAGES.badPage],
      ["?page=deux", MEDIA_PICKER_MESSAGES.badPage],
      [`?q=${"a".repeat(101)}`, MEDIA_PICKER_MESSAGES.badSearch],
    ] as const) {
      const answer = await pick(query);
      expect(answer.status, query).toBe(400);
      expect(JSON.parse(String(answer.data)), query).toEqual({ error: message });
    }
  });
});

describe("an image chosen from the library", () => {
  let jpeg: Buffer;
  beforeAll(async () => {
    jpeg = await sharp({
      create: { width: 900, height: 600, channels: 3, background: { r: 212, g: 175, b: 55 } },
    })
      .jpeg()
      .toBuffer();
  });

  async function uploadToLibrary(title: string) {
    const body = new FormData();
    body.append("file", new File([new Uint8Array(jpeg)], "gants.jpg"));
    const request = new Request("http://x/", { method: "POST", body });
    const { file } = await receiveUpload(request, { kind: "image", bucket: "site-images" });
    await addMediaItem({ title, url: file!.url, storagePath: file!.storagePath });
    return file!;
  }

  it("is used where it was chosen, and stays while used, in or out of the library", async () => {
    const file = await uploadToLibrary("Gants");
    const chosen = page((await pick("?q=gants")).data).images[0]!;
    expect(chosen.url).toBe(file.url);
    // The picker's thumbnail is the file's smallest WebP variant.
    expect(chosen.thumbnail).toMatch(/-480\.webp$/);
    await createDiscipline({ title: "Boxe anglaise", image: chosen.url });

    const [card] = (await listMediaLibrary({ page: 1, places: await getFileUsage() })).rows;
    expect(card).toMatchObject({ in_use: true, used_in: ["Discipline « Boxe anglaise »"] });

    // The discipline's editor drops files of its own folder only: this one stays.
    expect(await removeFileIfUnused({ url: chosen.url, bucket: "disciplines" })).toBe(false);
    expect(await removeFileIfUnused({ url: chosen.url, bucket: "site-images" })).toBe(false);
    // Even out of the library, the sweep keeps a file the site uses.
    await getDb().deleteFrom("media_items").execute();
    const later = Date.now() + 48 * 60 * 60 * 1000;
    expect(await sweepOrphanUploads({ now: later })).not.toContain(file.url);
    expect(fs.existsSync(resolveStored("site-images", file.storagePath))).toBe(true);

    // Once nothing uses it, the sweep takes it.
    await getDb().deleteFrom("disciplines").execute();
    expect(await sweepOrphanUploads({ now: later })).toContain(file.url);
  });
});
