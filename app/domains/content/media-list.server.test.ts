import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { createPost } from "../../../tests/factories";
import { getFileUsage } from "./file-usage.server";
import {
  listMediaLibrary,
  listSiteImagesOutsideLibrary,
  MEDIA_PER_PAGE,
} from "./media-list.server";
import { addMediaItem } from "./media.server";

beforeEach(async () => {
  await getDb().deleteFrom("media_items").execute();
  await getDb().deleteFrom("blog_posts").execute();
});

async function library(query: Partial<Parameters<typeof listMediaLibrary>[0]> = {}) {
  return listMediaLibrary({ page: 1, places: await getFileUsage(), ...query });
}

describe("listMediaLibrary", () => {
  it("pages through the items newest first, with the counts of used and unused ones", async () => {
    for (let i = 0; i < MEDIA_PER_PAGE + 2; i += 1) {
      await addMediaItem({ title: `Photo ${i}`, url: `/uploads/site-images/photo-${i}.jpg` });
    }
    await createPost({ image_url: "/uploads/site-images/photo-0.jpg" });
    const first = await library();
    expect(first).toMatchObject({ total: 26, page: 1, pages: 2 });
    expect(first.rows).toHaveLength(MEDIA_PER_PAGE);
    expect(first.rows[0]!.title).toBe("Photo 25");
    expect(first.counts).toEqual({ all: 26, utilisees: 1, inutilisees: 25 });

    const second = await library({ page: 2 });
    expect(second.rows.map((item) => [item.title, item.in_use])).toEqual([
      ["Photo 1", false],
      ["Photo 0", true],
    ]);
  });

  it("filters by use and searches titles and addresses on the server", async () => {
    await addMediaItem({ title: "Gala 2025", url: "/uploads/site-images/a.jpg" });
    await addMediaItem({ title: "Entraînement", url: "/uploads/site-images/gala-b.jpg" });
    await addMediaItem({ title: "Affiche", url: "/uploads/site-images/c.jpg" });
    await createPost({ content: "Voir ![Affiche](/uploads/site-images/c.jpg)" });
    const titles = async (query: Partial<Parameters<typeof listMediaLibrary>[0]>) =>
      (await library(query)).rows.map((item) => item.title).sort();
    expect(await titles({ usage: "utilisees" })).toEqual(["Affiche"]);
    expect(await titles({ usage: "inutilisees" })).toEqual(["Entraînement", "Gala 2025"]);
    expect(await titles({ search: "gala" })).toEqual(["Entraînement", "Gala 2025"]);
    expect(await titles({ search: "gala", usage: "utilisees" })).toEqual([]);
  });

  it("lists a few of the places an image is used in, and how many there are", async () => {
    const item = await addMediaItem({ title: "Partout", url: "/uploads/site-images/p.jpg" });
    for (let i = 0; i < 8; i += 1) await createPost({ title: `Article ${i}`, image_url: item.url });
    const [row] = (await library()).rows;
    expect(row!.used_count).toBe(8);
    expect(row!.used_in).toHaveLength(3);
  });
});

describe("listSiteImagesOutsideLibrary", () => {
  it("pages through the site's images that the library does not hold", async () => {
    await addMediaItem({ title: "Dans la bibliothèque", url: "/uploads/site-images/blog/0.jpg" });
    for (let i = 0; i < MEDIA_PER_PAGE + 3; i += 1) {
      await createPost({
        image_url: `/uploads/site-images/blog/${String(i).padStart(2, "0")}.jpg`,
      });
    }
    const places = await getFileUsage();
    const first = await listSiteImagesOutsideLibrary({ places, page: 1 });
    const last = await listSiteImagesOutsideLibrary({ places, page: 99 });
    expect(first.rows).toHaveLength(MEDIA_PER_PAGE);
    expect(last.page).toBe(first.pages);
    const urls = [...first.rows, ...last.rows].map((image) => image.url);
    expect(urls).toContain("/uploads/site-images/blog/00.jpg");
    expect(urls).not.toContain("/uploads/site-images/blog/0.jpg");
  });
});
