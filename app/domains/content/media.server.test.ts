import fs from "node:fs";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { getFileUsage } from "./file-usage.server";
import { listMediaLibrary } from "./media-list.server";
import type { UploadedFile } from "~/storage/store.server";
import { receiveUpload } from "~/storage/upload.server";
import { removeFileIfUnused } from "~/domains/content/upload-removal.server";
import { createPost } from "../../../tests/factories";
import {
  addMediaItem,
  checkOwnUpload,
  deleteMediaItem,
  getMediaItems,
  InvalidUploadError,
  MediaInUseError,
  saveMediaChanges,
  setHomeVideo,
  setLogo,
} from "./media.server";
import { getSettings, saveSettings } from "./settings.server";
import { StaleSaveError } from "../../utils/stale.server";

const MP4 = Buffer.from(
  "00000018667479706973736f6d0000020069736f6d69736f326d70343100000008" + "6d646174",
  "hex",
);

async function upload(data: Buffer, name: string, kind: "image" | "video"): Promise<UploadedFile> {
  const body = new FormData();
  body.append("file", new File([new Uint8Array(data)], name));
  const { file } = await receiveUpload(new Request("http://x/", { method: "POST", body }), {
    kind,
    bucket: "site-images",
  });
  return file!;
}

const jpeg = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: "#5ecfcb" } })
    .jpeg()
    .toBuffer();

async function variantCount(url: string) {
  const rows = await getDb()
    .selectFrom("image_variants")
    .select("id")
    .where("source_url", "=", url)
    .execute();
  return rows.length;
}

beforeEach(async () => {
  await getDb().deleteFrom("media_items").execute();
  await getDb().deleteFrom("blog_posts").execute();
});

/** The library's first page, as Médias shows it. */
async function getMediaLibrary() {
  return (await listMediaLibrary({ page: 1, places: await getFileUsage() })).rows;
}

describe("listMediaLibrary", () => {
  it("lists items newest first with in_use computed from the site's references", async () => {
    const old = await addMediaItem({ title: "Ancienne", url: "/uploads/site-images/a.jpg" });
    const used = await addMediaItem({ title: "Couverture", url: "/uploads/site-images/b.jpg" });
    const inText = await addMediaItem({
      title: "Dans le texte",
      url: "/uploads/site-images/c.jpg",
    });
    await getDb()
      .updateTable("media_items")
      .set({ created_at: "2001-01-01T00:00:00.000Z" })
      .where("id", "=", old.id)
      .execute();
    await createPost({ image_url: used.url, content: `Intro\n![Photo](${inText.url})` });

    const library = await getMediaLibrary();
    expect(library.map((item) => [item.title, item.in_use])).toEqual([
      ["Dans le texte", true],
      ["Couverture", true],
      ["Ancienne", false],
    ]);

    // Computed, never stored: once the article goes, so does the use.
    await getDb().deleteFrom("blog_posts").execute();
    expect((await getMediaLibrary()).every((item) => !item.in_use)).toBe(true);
  });
});

describe("deleteMediaItem", () => {
  it("deletes an unused item with its file and variants", async () => {
    const stored = await upload(await jpeg(), "photo.jpg", "image");
    const item = await addMediaItem({
      title: "Photo",
      url: stored.url,
      storagePath: stored.storagePath,
    });
    expect(await variantCount(stored.url)).toBeGreaterThan(0);

    await deleteMediaItem({ id: item.id });
    expect(await getMediaItems()).toEqual([]);
    expect(fs.existsSync(stored.absolutePath)).toBe(false);
    for (const variant of stored.variants) {
      expect(
        fs.existsSync(stored.absolutePath.replace(/[^/]+$/, variant.url.split("/").pop()!)),
      ).toBe(false);
    }
    expect(await variantCount(stored.url)).toBe(0);
  });

  it("refuses an item in use and keeps its row and file", async () => {
    const stored = await upload(await jpeg(), "logo.jpg", "image");
    const item = await addMediaItem({ title: "Logo", url: stored.url });
    await createPost({ image_url: stored.url });
    await expect(deleteMediaItem({ id: item.id })).rejects.toBeInstanceOf(MediaInUseError);
    expect(await getMediaItems()).toHaveLength(1);
    expect(fs.existsSync(stored.absolutePath)).toBe(true);
  });

  it("keeps the file while another item points at it, and leaves external URLs alone", async () => {
    const stored = await upload(await jpeg(), "double.jpg", "image");
    const first = await addMediaItem({ title: "Un", url: stored.url });
    await addMediaItem({ title: "Deux", url: stored.url });
    await deleteMediaItem({ id: first.id });
    expect(fs.existsSync(stored.absolutePath)).toBe(true);

    const external = await addMediaItem({ title: "Ailleurs", url: "https://example.org/a.jpg" });
    await deleteMediaItem({ id: external.id });
    expect((await getMediaItems()).map((item) => item.title)).toEqual(["Deux"]);
    await expect(deleteMediaItem({ id: external.id })).rejects.toThrow("Média introuvable");
  });
});

describe("checkOwnUpload", () => {
  it("accepts our stored image or video of the right kind and reads its path from the URL", async () => {
    const image = await upload(await jpeg(), "img.jpg", "image");
    expect(await checkOwnUpload({ url: image.url, kind: "image" })).toEqual({
      url: image.url,
      storagePath: image.storagePath,
    });
    const video = await upload(MP4, "clip.mp4", "video");
    expect((await checkOwnUpload({ url: video.url, kind: "video" })).storagePath).toBe(
      video.storagePath,
    );
    await expect(checkOwnUpload({ url: video.url, kind: "image" })).rejects.toThrow(
      "Veuillez sélectionner une image",
    );
    await expect(checkOwnUpload({ url: image.url, kind: "video" })).rejects.toThrow(
      "Format vidéo non pris en charge (MP4, WebM ou OGG)",
    );
  });

  it("refuses other URLs, other buckets, escapes and missing files", async () => {
    for (const url of [
      "https://example.org/logo.png",
      "/images/logo.png",
      "/uploads/disciplines/x.png",
      "/uploads/site-images/../../club.sqlite",
      "/uploads/site-images/absent.png",
    ]) {
      await expect(checkOwnUpload({ url, kind: "image" }), url).rejects.toBeInstanceOf(
        InvalidUploadError,
      );
    }
  });
});

describe("setLogo", () => {
  it("saves the logo URL and records it once in the library, with a stale check", async () => {
    const stored = await upload(await jpeg(), "logo.jpg", "image");
    const before = await getSettings({ category: "logo" });
    await setLogo({
      url: stored.url,
      storagePath: stored.storagePath,
      title: "Logo du club",
      loadedAt: before.updated_at,
    });
    const after = await getSettings({ category: "logo" });
    expect(after.url).toBe(stored.url);
    expect(await getMediaItems()).toMatchObject([
      { title: "Logo du club", url: stored.url, storage_path: stored.storagePath, type: "image" },
    ]);
    expect((await getMediaLibrary())[0]!.in_use).toBe(true);

    await expect(
      setLogo({
        url: "/uploads/site-images/x.png",
        storagePath: "x.png",
        title: "X",
        loadedAt: before.updated_at,
      }),
    ).rejects.toBeInstanceOf(StaleSaveError);
    expect((await getSettings({ category: "logo" })).url).toBe(stored.url);
    expect(await getMediaItems()).toHaveLength(1);
  });
});

describe("setHomeVideo", () => {
  it("replaces the video and deletes the old file once nothing uses it", async () => {
    const first = await upload(MP4, "premiere.mp4", "video");
    const second = await upload(MP4, "seconde.mp4", "video");
    let loaded = (await getSettings({ category: "home_video" })).updated_at;
    expect(
      await setHomeVideo({
        url: first.url,
        storagePath: first.storagePath,
        title: "A",
        loadedAt: loaded,
      }),
    ).toEqual({ oldDeleted: false });

    loaded = (await getSettings({ category: "home_video" })).updated_at;
    const result = await setHomeVideo({
      url: second.url,
      storagePath: second.storagePath,
      title: "B",
      loadedAt: loaded,
    });
    expect(result).toEqual({ oldDeleted: true });
    expect(fs.existsSync(first.absolutePath)).toBe(false);
    expect(fs.existsSync(second.absolutePath)).toBe(true);
    expect(await getSettings({ category: "home_video" })).toMatchObject({
      url: second.url,
      title: "B",
      storage_path: second.storagePath,
    });
  });

  it("keeps an old video still used elsewhere, and refuses a stale save", async () => {
    const first = await upload(MP4, "garde.mp4", "video");
    const second = await upload(MP4, "nouvelle.mp4", "video");
    let loaded = (await getSettings({ category: "home_video" })).updated_at;
    await setHomeVideo({
      url: first.url,
      storagePath: first.storagePath,
      title: "",
      loadedAt: loaded,
    });
    await createPost({ content: `Voir ${first.url}` });
    const stale = loaded;
    loaded = (await getSettings({ category: "home_video" })).updated_at;
    await expect(
      setHomeVideo({
        url: second.url,
        storagePath: second.storagePath,
        title: "",
        loadedAt: stale,
      }),
    ).rejects.toBeInstanceOf(StaleSaveError);
    expect(
      await setHomeVideo({
        url: second.url,
        storagePath: second.storagePath,
        title: "",
        loadedAt: loaded,
      }),
    ).toEqual({
      oldDeleted: false,
    });
    expect(fs.existsSync(first.absolutePath)).toBe(true);
  });
});

describe("saveMediaChanges", () => {
  it("saves titles, the video title and the logo together, or nothing when one is stale", async () => {
    const a = await addMediaItem({ title: "A", url: "/uploads/site-images/a.jpg" });
    const b = await addMediaItem({ title: "B", url: "/uploads/site-images/b.jpg" });
    const video = await getSettings({ category: "home_video" });
    await saveSettings({
      category: "home_video",
      settings: { url: "/uploads/site-images/v.mp4", title: "", storage_path: "v.mp4" },
      loadedAt: video.updated_at,
    });
    const videoLoaded = (await getSettings({ category: "home_video" })).updated_at;
    const logoLoaded = (await getSettings({ category: "logo" })).updated_at;

    // b is stale: nothing at all is saved.
    await getDb()
      .updateTable("media_items")
      .set({ updated_at: "2099-01-01T00:00:00.000Z" })
      .where("id", "=", b.id)
      .execute();
    await expect(
      saveMediaChanges({
        videoTitle: { title: "Entraînement", loadedAt: videoLoaded },
        titles: [
          { id: a.id, title: "A2", loadedAt: a.updated_at },
          { id: b.id, title: "B2", loadedAt: b.updated_at },
        ],
      }),
    ).rejects.toBeInstanceOf(StaleSaveError);
    expect((await getMediaItems()).map((item) => item.title).sort()).toEqual(["A", "B"]);
    expect((await getSettings({ category: "home_video" })).title).toBe("");

    await saveMediaChanges({
      logo: { url: "", loadedAt: logoLoaded },
      videoTitle: { title: "Entraînement", loadedAt: videoLoaded },
      titles: [{ id: a.id, title: "A2", loadedAt: a.updated_at }],
    });
    expect((await getMediaItems()).map((item) => item.title).sort()).toEqual(["A2", "B"]);
    expect(await getSettings({ category: "home_video" })).toMatchObject({
      url: "/uploads/site-images/v.mp4",
      storage_path: "v.mp4",
      title: "Entraînement",
    });
    expect((await getSettings({ category: "logo" })).url).toBe("");
  });
});

describe("removeFileIfUnused", () => {
  it("removes an upload nothing references, and nothing else", async () => {
    const loose = await upload(await jpeg(), "perdu.jpg", "image");
    const listed = await upload(await jpeg(), "liste.jpg", "image");
    await addMediaItem({ title: "Liste", url: listed.url });
    expect(await removeFileIfUnused({ url: loose.url, bucket: "site-images" })).toBe(true);
    expect(fs.existsSync(loose.absolutePath)).toBe(false);
    expect(await removeFileIfUnused({ url: listed.url, bucket: "site-images" })).toBe(false);
    expect(fs.existsSync(listed.absolutePath)).toBe(true);
    expect(
      await removeFileIfUnused({ url: "https://example.org/x.jpg", bucket: "site-images" }),
    ).toBe(false);
  });
});
