import fs from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { StorageBucket } from "~/storage/buckets";
import { getDb } from "~/db/client.server";
import type { Database } from "~/db/schema";
import { startHousekeeping } from "~/startup/startup.server";
import { uploadsRoot } from "../../storage/paths.server";
import {
  ORPHAN_UPLOAD_MIN_AGE_MS,
  removeFileIfUnused,
  sweepOrphanUploads,
} from "./upload-removal.server";
import type { UploadKind } from "../../storage/rules";
import { receiveUpload } from "../../storage/upload.server";

// Real uploads through the pipeline (files on disk, image_variants rows) in this test
// file's own SQLite database and DATA_DIR (tests/setup/vitest.setup.ts).

const stamp = "2025-01-01T00:00:00.000Z";
const LATER = () => Date.now() + ORPHAN_UPLOAD_MIN_AGE_MS + 60_000;

let png: Buffer;
const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n");

beforeAll(async () => {
  png = await sharp({
    create: { width: 1100, height: 700, channels: 3, background: { r: 30, g: 160, b: 150 } },
  })
    .png()
    .toBuffer();
});

beforeEach(async () => {
  const db = getDb();
  for (const table of [
    "site_settings",
    "site_content",
    "menu_items",
    "disciplines",
    "blog_posts",
    "media_items",
    "site_pages",
    "image_variants",
  ] as const) {
    await db.deleteFrom(table).execute();
  }
  fs.rmSync(uploadsRoot(), { recursive: true, force: true });
});

async function upload(
  name: string,
  {
    kind = "image",
    bucket = "site-images",
    subpath = "",
  }: Partial<{
    kind: UploadKind;
    bucket: StorageBucket;
    subpath: string;
  }> = {},
) {
  const body = new FormData();
  const data = kind === "pdf" ? pdf : png;
  body.append("file", new File([new Uint8Array(data)], name));
  const request = new Request("http://x/", { method: "POST", body });
  const { file } = await receiveUpload(request, { kind, bucket, subpath });
  return file!;
}

/** Every file under DATA_DIR/uploads, as "<bucket>/<path>". */
function filesOnDisk(): string[] {
  const root = uploadsRoot();
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((entry) => fs.statSync(path.join(root, entry)).isFile())
    .map((entry) => entry.split(path.sep).join("/"))
    .sort();
}

const onDisk = (url: string) => filesOnDisk().includes(url.replace(/^\/uploads\//, ""));

async function variantRows(sourceUrl: string) {
  return getDb()
    .selectFrom("image_variants")
    .select("url")
    .where("source_url", "=", sourceUrl)
    .execute();
}

describe("sweepOrphanUploads", () => {
  it("removes an old upload nothing uses, with its variants and their rows", async () => {
    const orphan = await upload("annulee.png", { subpath: "blog" });
    expect(orphan.variants.length).toBeGreaterThan(0);
    const before = filesOnDisk();
    expect(before.length).toBe(1 + orphan.variants.length);

    expect(await sweepOrphanUploads({ now: LATER() })).toEqual([orphan.url]);
    expect(filesOnDisk()).toEqual([]);
    expect(await variantRows(orphan.url)).toEqual([]);
  });

  it("keeps an unused upload younger than the minimum age (a dialog may still be open)", async () => {
    const recent = await upload("en-cours.png");
    expect(await sweepOrphanUploads()).toEqual([]);
    expect(
      await sweepOrphanUploads({ now: Date.now() + ORPHAN_UPLOAD_MIN_AGE_MS - 60_000 }),
    ).toEqual([]);
    expect(onDisk(recent.url)).toBe(true);
  });

  it("keeps every upload that the site's data mentions, in whatever form", async () => {
    const db = getDb();
    const discipline = await upload("discipline.png", { bucket: "disciplines" });
    const inArticle = await upload("article.png", { subpath: "blog" });
    const inPage = await upload("page.png");
    const icon = await upload("insta.png", { subpath: "social-icons" });
    const tarifs = await upload("tarifs.pdf", {
      kind: "pdf",
      bucket: "site-documents",
      subpath: "tarifs",
    });
    const inMenu = await upload("reglement.pdf", {
      kind: "pdf",
      bucket: "site-documents",
      subpath: "inscriptions",
    });
    const absolute = await upload("absolue.png");
    const inSentence = await upload("phrase.pdf", { kind: "pdf", bucket: "site-documents" });
    const viaVariant = await upload("variante.png");
    const library = await upload("bibliotheque.png");
    const orphan = await upload("orpheline.png");

    await db
      .insertInto("disciplines")
      .values({ image: discipline.url, order_index: 0, created_at: stamp, updated_at: stamp })
      .execute();
    await db
      .insertInto("blog_posts")
      .values({
        slug: "gala",
        title: "Gala",
        content: `Premier paragraphe.\n![Le ring](${inArticle.url})\nFin.`,
        excerpt: `Le règlement est ici : ${inSentence.url}.`,
        published_at: stamp,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    await db
      .insertInto("site_pages")
      .values({
        title: "Partenaires",
        slug: "/partenaires",
        content: `<p><img src="${inPage.url}" alt=""></p>`,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    await db
      .insertInto("site_settings")
      .values([
        {
          category: "social_icons",
          settings: JSON.stringify({ instagram: icon.url }),
          updated_at: stamp,
        },
        {
          category: "tarifs_pdf",
          settings: JSON.stringify({ url: `${tarifs.url}?v=2`, filename: "tarifs.pdf" }),
          updated_at: stamp,
        },
      ])
      .execute();
    await db
      .insertInto("menu_items")
      .values({ label: "Règlement", path: inMenu.url, order_index: 0, updated_at: stamp })
      .execute();
    await db
      .insertInto("site_content")
      .values([
        {
          category: "home",
          section: "hero",
          content: JSON.stringify({
            backgroundImage: `https://autre-domaine.example${absolute.url}`,
            poster: viaVariant.variants[0]!.url,
          }),
          updated_at: stamp,
        },
      ])
      .execute();
    await db
      .insertInto("media_items")
      .values({ title: "Photo", url: library.url, created_at: stamp, updated_at: stamp })
      .execute();

    expect(await sweepOrphanUploads({ now: LATER() })).toEqual([orphan.url]);
    for (const kept of [
      discipline,
      inArticle,
      inPage,
      icon,
      tarifs,
      inMenu,
      absolute,
      inSentence,
      viaVariant,
      library,
    ]) {
      expect(onDisk(kept.url), kept.url).toBe(true);
      for (const variant of kept.variants) expect(onDisk(variant.url), variant.url).toBe(true);
    }
    expect(onDisk(orphan.url)).toBe(false);

    // Once the discipline points elsewhere, its old image goes at the next sweep.
    await db.updateTable("disciplines").set({ image: "https://exemple.fr/boxe.jpg" }).execute();
    expect(await sweepOrphanUploads({ now: LATER() })).toEqual([discipline.url]);
  });

  it("keeps a variant's original even without its image_variants row", async () => {
    const image = await upload("sans-ligne.png");
    await getDb().deleteFrom("image_variants").execute();
    await getDb()
      .insertInto("site_content")
      .values({
        category: "about",
        section: "main",
        content: JSON.stringify({ image: image.variants.at(-1)!.url }),
        updated_at: stamp,
      })
      .execute();
    expect(await sweepOrphanUploads({ now: LATER() })).toEqual([]);
    expect(onDisk(image.url)).toBe(true);
  });

  it("never touches files the upload pipeline did not name, nor temporary files", async () => {
    const root = uploadsRoot();
    const seeded = path.join(root, "site-images", "seed-hero.jpg");
    const temporary = path.join(root, ".tmp", "1700000000000-x.part");
    const outside = path.join(root, "autre", "1700000000000-x.png");
    for (const file of [seeded, temporary, outside]) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, "x");
      const old = new Date(Date.now() - 10 * ORPHAN_UPLOAD_MIN_AGE_MS);
      fs.utimesSync(file, old, old);
    }
    expect(await sweepOrphanUploads({ now: LATER() })).toEqual([]);
    for (const file of [seeded, temporary, outside]) expect(fs.existsSync(file)).toBe(true);
  });

  it("removes nothing when the references cannot be read", async () => {
    const orphan = await upload("panne.png");
    const broken = {
      selectFrom: () => {
        throw new Error("base indisponible");
      },
    } as unknown as Kysely<Database>;
    await expect(sweepOrphanUploads({ now: LATER(), db: broken })).rejects.toThrow(
      "base indisponible",
    );
    expect(onDisk(orphan.url)).toBe(true);
  });
});

describe("removeFileIfUnused", () => {
  it("removes a dropped upload at once, but not one still used or in the library", async () => {
    const dropped = await upload("ancienne.png", { subpath: "social-icons" });
    const shared = await upload("partagee.png", { subpath: "social-icons" });
    const library = await upload("mediatheque.png", { subpath: "social-icons" });
    await getDb()
      .insertInto("site_settings")
      .values({
        category: "social",
        settings: JSON.stringify({ links: [{ id: "1", name: "instagram", icon: shared.url }] }),
        updated_at: stamp,
      })
      .execute();
    await getDb()
      .insertInto("media_items")
      .values({ title: "Icône", url: library.url, created_at: stamp, updated_at: stamp })
      .execute();

    const folder = { bucket: "site-images", subpath: "social-icons" } as const;
    expect(await removeFileIfUnused({ url: shared.url, ...folder })).toBe(false);
    expect(await removeFileIfUnused({ url: library.url, ...folder })).toBe(false);
    // Outside the folder the caller named: left alone.
    expect(
      await removeFileIfUnused({ url: dropped.url, bucket: "site-images", subpath: "blog" }),
    ).toBe(false);
    expect(await removeFileIfUnused({ url: dropped.url, ...folder })).toBe(true);
    expect(onDisk(dropped.url)).toBe(false);
    expect(onDisk(shared.url) && onDisk(library.url)).toBe(true);
  });
});

describe("startHousekeeping", () => {
  it("sweeps at once when the server starts, then keeps a timer that does not hold the process", async () => {
    const kept = await upload("recente.png");
    const dir = path.join(uploadsRoot(), "site-documents", "tarifs");
    fs.mkdirSync(dir, { recursive: true });
    const forgotten = path.join(dir, "1600000000000-ancien.pdf");
    fs.writeFileSync(forgotten, "%PDF-1.4\n");
    const longAgo = new Date(1_600_000_000_000);
    fs.utimesSync(forgotten, longAgo, longAgo);

    const stop = startHousekeeping({ intervalMs: 60_000 });
    try {
      await expect.poll(() => fs.existsSync(forgotten), { timeout: 5_000 }).toBe(false);
      expect(onDisk(kept.url)).toBe(true);
    } finally {
      stop();
    }
  });
});
