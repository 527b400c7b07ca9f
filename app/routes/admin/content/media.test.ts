import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { purgeTrash } from "~/domains/history/trash.server";
import { removeFileIfUnused } from "~/domains/content/upload-removal.server";
import { getDb } from "~/db/client.server";
import { addMediaItem, getMediaItems } from "~/domains/content/media.server";
import { getSettings } from "~/domains/content/settings.server";
import { STALE_SAVE_MESSAGE } from "~/utils/stale.server";
import type { UploadedFile } from "~/storage/store.server";
import { receiveUpload } from "~/storage/upload.server";
import { createPost } from "../../../../tests/factories";
import {
  callRoute,
  createUser,
  getRequest,
  ORIGIN,
  postRequest,
  signIn,
} from "../../../../tests/auth";
import { action, loader } from "./media";

/** After the Corbeille's 30 days (ADR 022). */
const PAST_TRASH = () => new Date(Date.now() + 31 * 24 * 60 * 60 * 1000);

let cookie: string;
let jpeg: Buffer;

const MP4 = Buffer.from(
  "00000018667479706973736f6d0000020069736f6d69736f326d70343100000008" + "6d646174",
  "hex",
);
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

beforeAll(async () => {
  ({ cookie } = await signIn(await createUser("mediatheque", "mot-de-passe")));
  jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#5ecfcb" } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: "secret" } } })
    .toBuffer();
});

beforeEach(async () => {
  await getDb().deleteFrom("media_items").execute();
  await getDb().deleteFrom("blog_posts").execute();
});

const uploadsDir = () => path.join(process.env.DATA_DIR!, "uploads");
function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

function multipart(parts: [string, string | File][]): Request {
  const body = new FormData();
  for (const [name, value] of parts) body.append(name, value);
  return new Request(`${ORIGIN}/admin/media`, {
    method: "POST",
    body,
    headers: { Cookie: cookie },
  });
}
const file = (data: Buffer, name: string, type = "application/octet-stream") =>
  new File([new Uint8Array(data)], name, { type });

const send = (fields: Record<string, string>) =>
  callRoute(action, postRequest("/admin/media", fields, { cookie }));

async function stored(data: Buffer, name: string, kind: "image" | "video"): Promise<UploadedFile> {
  const body = new FormData();
  body.append("file", file(data, name));
  const { file: uploaded } = await receiveUpload(
    new Request("http://x/", { method: "POST", body }),
    {
      kind,
      bucket: "site-images",
    },
  );
  return uploaded!;
}

type Answer = {
  toast: { type: string; message: string };
  ok: boolean;
  errors: Record<string, string>;
};

describe("media loader", () => {
  it("gives the library with in_use computed, the logo and the home video", async () => {
    const used = await addMediaItem({ title: "Utilisée", url: "/uploads/site-images/used.jpg" });
    await addMediaItem({ title: "Libre", url: "/uploads/site-images/free.jpg" });
    await createPost({ image_url: used.url });
    const answer = await callRoute(loader, getRequest("/admin/media", { cookie }));
    const data = answer.data as MediaData;
    expect(data.library.rows.map((item) => [item.title, item.in_use])).toEqual([
      ["Libre", false],
      ["Utilisée", true],
    ]);
    expect(data.library.counts).toEqual({ all: 2, utilisees: 1, inutilisees: 1 });
    expect(typeof data.logo.updated_at).toBe("string");
    expect(data.video).toHaveProperty("url");
  });

  it("reads the library's search and use filter from the URL", async () => {
    const used = await addMediaItem({ title: "Gala utilisé", url: "/uploads/site-images/g.jpg" });
    await addMediaItem({ title: "Gala libre", url: "/uploads/site-images/h.jpg" });
    await addMediaItem({ title: "Autre", url: "/uploads/site-images/i.jpg" });
    await createPost({ image_url: used.url });
    const titles = async (query: string) =>
      (
        (await callRoute(loader, getRequest(`/admin/media${query}`, { cookie }))).data as MediaData
      ).library.rows.map((item) => item.title);
    expect(await titles("?tab=images&q=gala&utilisation=inutilisees")).toEqual(["Gala libre"]);
    expect(await titles("?utilisation=utilisees")).toEqual(["Gala utilisé"]);
    expect(await titles("?utilisation=nimportequoi&page=-3")).toHaveLength(3);
  });
});

interface MediaData {
  library: {
    rows: { title: string; in_use: boolean }[];
    counts: { all: number; utilisees: number; inutilisees: number };
  };
  logo: { url: string; updated_at: string };
  video: { url: string; updated_at: string };
}

describe("add a media", () => {
  it("stores an uploaded image through the pipeline, without metadata, and records it", async () => {
    const answer = await callRoute(
      action,
      multipart([
        ["intent", "add"],
        ["title", "Gala 2025"],
        ["url", ""],
        ["file", file(jpeg, "gala.jpg", "image/jpeg")],
      ]),
    );
    expect(answer.status).toBe(201);
    expect(answer.data).toMatchObject({
      ok: true,
      toast: { type: "success", message: "Média ajouté avec succès" },
    });
    const [item] = await getMediaItems();
    expect(item).toMatchObject({ title: "Gala 2025", type: "image" });
    expect(item!.url).toMatch(/^\/uploads\/site-images\/\d+-gala\.jpg$/);
    const onDisk = path.join(uploadsDir(), "site-images", item!.storage_path!);
    expect((await sharp(onDisk).metadata()).exif).toBeUndefined();
  });

  it("adds a web address or a site path without a file", async () => {
    expect(
      (await send({ intent: "add", title: "Affiche", url: "https://example.org/affiche.jpg" }))
        .status,
    ).toBe(201);
    expect((await send({ intent: "add", title: "Locale", url: "/images/club.webp" })).status).toBe(
      201,
    );
    expect(
      (await getMediaItems()).map((item) => [item.title, item.url, item.storage_path]),
    ).toEqual([
      ["Locale", "/images/club.webp", null],
      ["Affiche", "https://example.org/affiche.jpg", null],
    ]);
  });

  it("requires a title, and a URL or a file", async () => {
    const noTitle = await send({ intent: "add", title: "  ", url: "https://example.org/a.jpg" });
    expect(noTitle.status).toBe(400);
    expect(noTitle.data).toMatchObject({
      toast: { type: "error", message: "Veuillez saisir un titre pour le média" },
      errors: { title: "Veuillez saisir un titre pour le média" },
    });
    const noSource = await send({ intent: "add", title: "Photo", url: "" });
    expect(noSource.status).toBe(400);
    expect((noSource.data as Answer).errors).toEqual({
      url: "Veuillez fournir une URL ou sélectionner un fichier",
    });
    for (const url of ["javascript:alert(1)", "//evil.example/a.jpg", "ftp://example.org/a.jpg"]) {
      const bad = await send({ intent: "add", title: "Photo", url });
      expect((bad.data as Answer).errors, url).toEqual({
        url: "L'URL doit commencer par http://, https:// ou /",
      });
    }
    expect(await getMediaItems()).toEqual([]);
  });

  it("keeps no file when the title is missing beside a good image", async () => {
    const before = walk(uploadsDir());
    const answer = await callRoute(
      action,
      multipart([
        ["intent", "add"],
        ["title", ""],
        ["url", ""],
        ["file", file(jpeg, "sans-titre.jpg")],
      ]),
    );
    expect(answer.status).toBe(400);
    expect((answer.data as Answer).errors).toEqual({
      title: "Veuillez saisir un titre pour le média",
    });
    expect(walk(uploadsDir())).toEqual(before);
    expect(await getMediaItems()).toEqual([]);
  });

  it("refuses files that are not images, with the pipeline's message, leaving no file and no row", async () => {
    const cases: [Buffer, string, string, number][] = [
      [
        Buffer.from("ceci n'est pas une image"),
        "photo.jpg",
        "Veuillez sélectionner une image",
        400,
      ],
      [SVG, "logo.svg", "Veuillez sélectionner une image", 400],
      [PDF, "affiche.png", "Veuillez sélectionner une image", 400],
      [MP4, "clip.jpg", "Veuillez sélectionner une image", 400],
    ];
    for (const [data, name, message, status] of cases) {
      const before = walk(uploadsDir());
      const answer = await callRoute(
        action,
        multipart([
          ["intent", "add"],
          ["title", "Essai"],
          ["url", ""],
          ["file", file(data, name, "image/jpeg")],
        ]),
      );
      expect(answer.status, name).toBe(status);
      expect(answer.data, name).toMatchObject({
        ok: false,
        toast: { type: "error", message: "Erreur lors de l'ajout du média" },
        errors: { file: message },
      });
      expect(walk(uploadsDir()), name).toEqual(before);
    }
    expect(await getMediaItems()).toEqual([]);
  });

  it("stores a file named with ../ inside its bucket under a clean name", async () => {
    const answer = await callRoute(
      action,
      multipart([
        ["intent", "add"],
        ["title", "Évasion"],
        ["url", ""],
        ["file", file(jpeg, "../../../etc/passwd.jpg")],
      ]),
    );
    expect(answer.status).toBe(201);
    const [item] = await getMediaItems();
    expect(item!.url).toMatch(/^\/uploads\/site-images\/\d+-passwd\.jpg$/);
    expect(fs.existsSync(path.join(uploadsDir(), "site-images", item!.storage_path!))).toBe(true);
  });
});

describe("delete a media", () => {
  it("deletes an unused media with its file; refuses one in use", async () => {
    const free = await stored(jpeg, "libre.jpg", "image");
    const busy = await stored(jpeg, "prise.jpg", "image");
    const freeItem = await addMediaItem({
      title: "Libre",
      url: free.url,
      storagePath: free.storagePath,
    });
    const busyItem = await addMediaItem({
      title: "Prise",
      url: busy.url,
      storagePath: busy.storagePath,
    });
    await createPost({ content: `![Photo](${busy.url})` });

    const refused = await send({ intent: "delete", id: String(busyItem.id) });
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({ ok: false, toast: { type: "error" } });
    expect(fs.existsSync(busy.absolutePath)).toBe(true);

    const done = await send({ intent: "delete", id: String(freeItem.id) });
    expect(done.data).toMatchObject({
      ok: true,
      toast: { type: "success", message: "Média supprimé avec succès" },
    });
    // Kept while the Corbeille holds the item (ADR 022); unused once purged.
    expect(fs.existsSync(free.absolutePath)).toBe(true);
    expect((await getMediaItems()).map((item) => item.title)).toEqual(["Prise"]);
    await purgeTrash(PAST_TRASH());
    await removeFileIfUnused({ url: free.url, bucket: "site-images" });
    expect(fs.existsSync(free.absolutePath)).toBe(false);
    expect((await send({ intent: "delete", id: String(freeItem.id) })).status).toBe(404);
  });
});

describe("logo and home video", () => {
  it("sets the logo from an uploaded image and records it in the library", async () => {
    const logo = await stored(jpeg, "logo.jpg", "image");
    const loaded = (await getSettings({ category: "logo" })).updated_at ?? "";
    const answer = await send({
      intent: "logo",
      url: logo.url,
      title: "Logo du site",
      loaded_at: loaded,
    });
    expect(answer.data).toMatchObject({
      ok: true,
      toast: { type: "success", message: "Logo mis à jour avec succès" },
    });
    expect((await getSettings({ category: "logo" })).url).toBe(logo.url);
    expect((await getMediaItems()).map((item) => item.url)).toEqual([logo.url]);

    const stale = await stored(jpeg, "autre.jpg", "image");
    const refused = await send({ intent: "logo", url: stale.url, title: "", loaded_at: loaded });
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({ toast: { message: STALE_SAVE_MESSAGE } });
    // The refused upload was nobody's: it is gone.
    expect(fs.existsSync(stale.absolutePath)).toBe(false);
    expect((await getSettings({ category: "logo" })).url).toBe(logo.url);
  });

  it("refuses a logo that is not one of our images", async () => {
    const video = await stored(MP4, "clip.mp4", "video");
    for (const url of [
      video.url,
      "https://example.org/logo.png",
      "/uploads/site-images/absent.png",
    ]) {
      const answer = await send({ intent: "logo", url, title: "", loaded_at: "" });
      expect(answer.status, url).toBe(400);
    }
  });

  it("replaces the home video and deletes the old file", async () => {
    const first = await stored(MP4, "premiere.mp4", "video");
    const second = await stored(MP4, "seconde.mp4", "video");
    let loaded = (await getSettings({ category: "home_video" })).updated_at ?? "";
    const initial = await send({
      intent: "video",
      url: first.url,
      title: "Entraînement",
      loaded_at: loaded,
    });
    expect(initial.data).toMatchObject({ toast: { message: "Vidéo chargée avec succès" } });
    loaded = (await getSettings({ category: "home_video" })).updated_at ?? "";
    const replaced = await send({
      intent: "video",
      url: second.url,
      title: "Gala",
      loaded_at: loaded,
    });
    expect(replaced.data).toMatchObject({
      ok: true,
      toast: {
        type: "success",
        message: "Vidéo chargée avec succès - L'ancienne vidéo a été supprimée",
      },
    });
    expect(fs.existsSync(first.absolutePath)).toBe(false);
    expect(await getSettings({ category: "home_video" })).toMatchObject({
      url: second.url,
      title: "Gala",
      storage_path: second.storagePath,
    });
    const image = await stored(jpeg, "pas-video.jpg", "image");
    const wrong = await send({ intent: "video", url: image.url, title: "", loaded_at: loaded });
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({
      toast: { message: "Impossible de charger la vidéo" },
      errors: { url: "Format vidéo non pris en charge (MP4, WebM ou OGG)" },
    });
  });
});

describe("global save", () => {
  it("saves pending titles and says so; nothing pending is an info", async () => {
    const item = await addMediaItem({ title: "Ancien titre", url: "/uploads/site-images/t.jpg" });
    const changes = {
      titles: [{ id: item.id, title: "Nouveau titre", loadedAt: item.updated_at }],
    };
    const answer = await send({ intent: "save", changes: JSON.stringify(changes) });
    expect(answer.data).toMatchObject({
      ok: true,
      toast: { type: "success", message: "Changements sauvegardés" },
    });
    expect((await getMediaItems())[0]!.title).toBe("Nouveau titre");

    // A second tab loaded the title before this save: its own title is refused.
    const stale = { titles: [{ ...changes.titles[0]!, title: "Titre de l'autre onglet" }] };
    const again = await send({ intent: "save", changes: JSON.stringify(stale) });
    expect(again.status).toBe(409);
    expect(again.data).toMatchObject({ toast: { type: "error", message: STALE_SAVE_MESSAGE } });
    expect((await getMediaItems())[0]!.title).toBe("Nouveau titre");

    const nothing = await send({ intent: "save", changes: "{}" });
    expect(nothing.data).toMatchObject({
      toast: { type: "info", message: "Aucune modification à sauvegarder" },
    });
  });

  it("refuses an empty title, keyed by the media", async () => {
    const item = await addMediaItem({ title: "Titre", url: "/uploads/site-images/u.jpg" });
    const answer = await send({
      intent: "save",
      changes: JSON.stringify({ titles: [{ id: item.id, title: " ", loadedAt: item.updated_at }] }),
    });
    expect(answer.status).toBe(400);
    expect((answer.data as Answer).errors).toEqual({
      [`title-${item.id}`]: "Veuillez saisir un titre pour le média",
    });
    expect((await send({ intent: "save", changes: "pas du json" })).status).toBe(400);
    expect((await getMediaItems())[0]!.title).toBe("Titre");
  });
});
