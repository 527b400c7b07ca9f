import fs from "node:fs";
import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { purgeTrash } from "~/domains/history/trash.server";
import { sweepOrphanUploads } from "~/domains/content/upload-removal.server";
import type { UploadedFile } from "~/storage/store.server";
import { receiveUpload } from "~/storage/upload.server";
import { getDb } from "~/db/client.server";
import { getPostForEdit } from "~/domains/content/post-admin.server";
import { STALE_SAVE_MESSAGE } from "~/utils/stale.server";
import { createPost } from "../../../../tests/factories";
import { callRoute, createUser, getRequest, postRequest, signIn } from "../../../../tests/auth";
import { action, loader } from "./blog";
import { loader as previewLoader } from "./blog-preview";

/** After the Corbeille's 30 days (ADR 022). */
const PAST_TRASH = () => new Date(Date.now() + 31 * 24 * 60 * 60 * 1000);

let cookie: string;

beforeAll(async () => {
  ({ cookie } = await signIn(await createUser("redaction", "mot-de-passe")));
});

beforeEach(async () => {
  await getDb().deleteFrom("blog_posts").execute();
});

const post = (fields: Record<string, string>) =>
  callRoute(action, postRequest("/admin/blog", fields, { cookie }));

const valid = {
  title: "Gala de Meyzieu",
  subtitle: "Samedi soir",
  excerpt: "",
  content: "Premier paragraphe\n![Le ring](/uploads/site-images/blog/ring.jpg)",
  image_url: "/uploads/site-images/blog/cover.jpg",
  category: "evenement",
  author: "Coach Karim",
  published_at: "2025-03-08T18:30",
};

type Answer = { toast: { type: string; message: string }; ok: boolean; errors?: object };

describe("blog loader", () => {
  it("lists drafts and published articles, newest first", async () => {
    await createPost({ slug: "ancien", published_at: "2025-01-01T00:00:00.000Z" });
    await createPost({
      slug: "brouillon",
      published_at: "2025-02-01T00:00:00.000Z",
      is_published: 0,
    });
    const answer = await callRoute(loader, getRequest("/admin/blog", { cookie }));
    const { list, editing } = answer.data as BlogData;
    expect(list.rows.map((p) => [p.slug, p.is_published])).toEqual([
      ["brouillon", false],
      ["ancien", true],
    ]);
    expect(list.rows[0]).not.toHaveProperty("content");
    expect(editing).toBeNull();
  });

  it("reads the list's page, search and filters from the URL, and loads the article opened", async () => {
    for (let i = 0; i < 27; i += 1) {
      await createPost({
        slug: `article-${i}`,
        title: i % 2 ? `Gala ${i}` : `Stage ${i}`,
        published_at: new Date(Date.UTC(2025, 0, 1 + i)).toISOString(),
      });
    }
    const load = async (query: string) =>
      (await callRoute(loader, getRequest(`/admin/blog${query}`, { cookie }))).data as BlogData;
    const second = await load("?page=2");
    expect(second.list).toMatchObject({ page: 2, pages: 2, total: 27, allPosts: 27 });
    expect(second.list.rows.map((p) => p.slug)).toEqual(["article-1", "article-0"]);
    const found = await load("?q=gala&statut=publie&page=abc");
    expect(found.list).toMatchObject({ page: 1, total: 13, allPosts: 27 });
    const opened = await load(`?page=2&modifier=${second.list.rows[0]!.id}`);
    expect(opened.editing).toMatchObject({ slug: "article-1", content: expect.any(String) });
    expect((await load("?modifier=999999")).editing).toBeNull();
  });
});

interface BlogData {
  list: {
    rows: { id: number; slug: string; is_published: boolean }[];
    page: number;
    pages: number;
    total: number;
    allPosts: number;
  };
  editing: { slug: string; content: string } | null;
}

describe("blog action: create", () => {
  it("creates a draft with its slug, the date read in the club's time zone", async () => {
    const answer = await post({ intent: "create", ...valid });
    expect(answer.status).toBe(201);
    expect(answer.data).toMatchObject({
      ok: true,
      toast: { type: "success", message: "Article créé avec succès" },
    });
    const id = (answer.data as { id: number }).id;
    expect(await getPostForEdit({ id })).toMatchObject({
      slug: "gala-de-meyzieu",
      title: "Gala de Meyzieu",
      category: "evenement",
      author: "Coach Karim",
      image_url: "/uploads/site-images/blog/cover.jpg",
      // 18:30 in Paris in March (UTC+1).
      published_at: "2025-03-08T17:30:00.000Z",
      is_published: false,
      is_featured: false,
    });
    const again = await post({ intent: "create", ...valid });
    expect((await getPostForEdit({ id: (again.data as { id: number }).id }))?.slug).toBe(
      "gala-de-meyzieu-2",
    );
  });

  it("defaults the category to actualite and the date to now", async () => {
    const before = Date.now();
    const answer = await post({
      intent: "create",
      title: "Sans date",
      content: "Texte",
      category: "",
      published_at: "",
    });
    const created = await getPostForEdit({ id: (answer.data as { id: number }).id });
    expect(created?.category).toBe("actualite");
    expect(Date.parse(created!.published_at)).toBeGreaterThanOrEqual(before - 1000);
  });

  it("requires a title and a content, and keeps nothing", async () => {
    for (const fields of [
      { ...valid, title: "   " },
      { ...valid, content: "\n  \n" },
    ]) {
      const answer = await post({ intent: "create", ...fields });
      expect(answer.status).toBe(400);
      expect(answer.data).toMatchObject({
        ok: false,
        toast: { type: "error", message: "Le titre et le contenu sont obligatoires" },
      });
    }
    const both = await post({ intent: "create", ...valid, title: "", content: "" });
    expect((both.data as Answer).errors).toEqual({
      title: "Le titre et le contenu sont obligatoires",
      content: "Le titre et le contenu sont obligatoires",
    });
    expect(await getDb().selectFrom("blog_posts").select("id").execute()).toEqual([]);
  });

  it("refuses an unsafe image URL, an unknown category and an invalid date", async () => {
    const cases: [Record<string, string>, string, string][] = [
      [
        { image_url: "javascript:alert(1)" },
        "image_url",
        "L'adresse de l'image doit commencer par http://, https:// ou /",
      ],
      [
        { image_url: "//evil.example/x.jpg" },
        "image_url",
        "L'adresse de l'image doit commencer par http://, https:// ou /",
      ],
      [{ category: "politique" }, "category", "Catégorie inconnue"],
      [{ published_at: "2025-02-30T10:00" }, "published_at", "La date de publication est invalide"],
      [{ published_at: "demain" }, "published_at", "La date de publication est invalide"],
      [{ title: "x".repeat(201) }, "title", "Le titre ne doit pas dépasser 200 caractères"],
    ];
    for (const [change, field, message] of cases) {
      const answer = await post({ intent: "create", ...valid, ...change });
      expect(answer.status, JSON.stringify(change)).toBe(400);
      expect((answer.data as Answer).errors).toMatchObject({ [field]: message });
    }
    expect(await getDb().selectFrom("blog_posts").select("id").execute()).toEqual([]);
  });
});

describe("blog action: update", () => {
  it("saves an edit carrying the updated_at it loaded", async () => {
    const row = await createPost({ slug: "gala", title: "Gala" });
    const answer = await post({
      intent: "update",
      id: String(row.id),
      updated_at: row.updated_at,
      ...valid,
    });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ toast: { message: "Article mis à jour avec succès" } });
    expect(await getPostForEdit({ id: row.id })).toMatchObject({
      title: "Gala de Meyzieu",
      slug: "gala-de-meyzieu",
      subtitle: "Samedi soir",
    });
  });

  it("refuses a stale edit with 409 and changes nothing", async () => {
    const row = await createPost({ title: "Original" });
    await post({
      intent: "update",
      id: String(row.id),
      updated_at: row.updated_at,
      ...valid,
      title: "Première",
    });
    const answer = await post({
      intent: "update",
      id: String(row.id),
      updated_at: row.updated_at,
      ...valid,
      title: "Seconde",
    });
    expect(answer.status).toBe(409);
    expect(answer.data).toMatchObject({
      ok: false,
      toast: { type: "error", message: STALE_SAVE_MESSAGE },
      errors: { form: STALE_SAVE_MESSAGE },
    });
    expect((await getPostForEdit({ id: row.id }))?.title).toBe("Première");
  });

  it("answers 404 for an unknown article and 400 without its version", async () => {
    const unknown = await post({
      intent: "update",
      id: "999999",
      updated_at: "2025-01-01T00:00:00.000Z",
      ...valid,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.data).toMatchObject({ toast: { message: "Article introuvable" } });
    const row = await createPost();
    const noVersion = await post({ intent: "update", id: String(row.id), ...valid });
    expect(noVersion.status).toBe(400);
  });
});

describe("blog action: toggles and delete", () => {
  it("publishes, unpublishes, features and unfeatures with the spec's messages", async () => {
    const row = await createPost({ is_published: 0 });
    const id = String(row.id);
    const steps: [Record<string, string>, string, object][] = [
      [{ intent: "publish", value: "true" }, "Article publié", { is_published: true }],
      [{ intent: "publish", value: "false" }, "Article dépublié", { is_published: false }],
      [{ intent: "feature", value: "true" }, "Article mis en avant", { is_featured: true }],
      [
        { intent: "feature", value: "false" },
        "Article retiré des mis en avant",
        { is_featured: false },
      ],
    ];
    for (const [fields, message, state] of steps) {
      const answer = await post({ id, ...fields });
      expect(answer.status).toBe(200);
      expect(answer.data).toMatchObject({ toast: { type: "success", message } });
      expect(await getPostForEdit({ id: row.id })).toMatchObject(state);
    }
    const unknown = await post({ intent: "publish", id: "999999", value: "true" });
    expect(unknown.status).toBe(404);
    const bad = await post({ intent: "feature", id, value: "peut-être" });
    expect(bad.status).toBe(400);
  });

  it("deletes an article", async () => {
    const row = await createPost();
    const answer = await post({ intent: "delete", id: String(row.id) });
    expect(answer.data).toMatchObject({ toast: { message: "Article supprimé avec succès" } });
    expect(await getPostForEdit({ id: row.id })).toBeNull();
    expect((await post({ intent: "delete", id: String(row.id) })).status).toBe(404);
  });

  it("refuses an unknown intent", async () => {
    expect((await post({ intent: "publier-tout" })).status).toBe(400);
  });
});

describe("draft preview", () => {
  it("shows a draft to the admin in the public article's shape, 404 for an unknown id", async () => {
    const draft = await createPost({
      slug: "brouillon",
      title: "Brouillon secret",
      content: "Ligne 1\n![Photo](/uploads/site-images/blog/p.jpg)\n![x](javascript:alert(1))",
      is_published: 0,
    });
    // A thrown data(…, { status }) is how a loader answers 404 here.
    const call = async (id: string) => {
      try {
        const data = await previewLoader({
          request: getRequest(`/admin/blog/${id}/apercu`, { cookie }),
          params: { id },
          context: {},
        } as never);
        return { status: 200, data };
      } catch (thrown) {
        return { status: (thrown as { init?: { status?: number } }).init?.status, data: null };
      }
    };
    const answer = await call(String(draft.id));
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      post: { id: draft.id, title: "Brouillon secret", slug: "brouillon" },
      blocks: [
        { type: "paragraph", text: "Ligne 1" },
        { type: "image", src: "/uploads/site-images/blog/p.jpg", alt: "Photo" },
      ],
      status: { id: draft.id, published: false },
    });
    expect((await call("999999")).status).toBe(404);
    expect((await call("abc")).status).toBe(404);
  });
});

describe("the blog's uploaded files", () => {
  async function blogImage(name: string): Promise<UploadedFile> {
    const body = new FormData();
    const jpeg = await sharp({
      create: { width: 40, height: 30, channels: 3, background: "#111827" },
    })
      .jpeg()
      .toBuffer();
    body.append("file", new File([new Uint8Array(jpeg)], name));
    const { file } = await receiveUpload(new Request("http://x/", { method: "POST", body }), {
      kind: "image",
      bucket: "site-images",
      subpath: "blog",
    });
    return file!;
  }

  it("a replaced cover and a deleted article's images are removed, unless still shown elsewhere", async () => {
    const oldCover = await blogImage("ancienne.jpg");
    const newCover = await blogImage("nouvelle.jpg");
    const inline = await blogImage("dans-le-texte.jpg");
    const shared = await blogImage("partagee.jpg");
    const row = await createPost({
      image_url: oldCover.url,
      content: `Texte\n![Photo](${inline.url})\n![Autre](${shared.url})`,
    });
    await createPost({ image_url: shared.url });

    await post({
      intent: "update",
      id: String(row.id),
      updated_at: row.updated_at,
      ...valid,
      image_url: newCover.url,
      content: `Texte\n![Photo](${inline.url})\n![Autre](${shared.url})`,
    });
    expect(fs.existsSync(oldCover.absolutePath)).toBe(false);
    expect(fs.existsSync(newCover.absolutePath)).toBe(true);
    expect(fs.existsSync(inline.absolutePath)).toBe(true);

    await post({ intent: "delete", id: String(row.id) });
    // Kept while the Corbeille holds the article (ADR 022); swept once it is purged.
    expect(fs.existsSync(newCover.absolutePath)).toBe(true);
    await purgeTrash(PAST_TRASH());
    await sweepOrphanUploads({ now: PAST_TRASH().getTime() });
    expect(fs.existsSync(newCover.absolutePath)).toBe(false);
    expect(fs.existsSync(inline.absolutePath)).toBe(false);
    // Another article still shows this one.
    expect(fs.existsSync(shared.absolutePath)).toBe(true);
  });
});
