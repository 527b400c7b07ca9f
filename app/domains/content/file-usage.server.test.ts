import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { getFileUsage, uploadPathsIn } from "./file-usage.server";

const inUse = async (url: string) => (await getFileUsage()).has(url);

const stamp = "2025-01-01T00:00:00.000Z";
const u = (name: string) => `/uploads/site-images/${name}`;

beforeAll(async () => {
  const db = getDb();
  await db
    .insertInto("site_settings")
    .values([
      { category: "logo", settings: JSON.stringify({ url: u("logo.png") }), updated_at: stamp },
      {
        category: "home_video",
        settings: JSON.stringify({
          url: u("hero.mp4"),
          title: "Vidéo",
          storage_path: "hero.mp4",
        }),
        updated_at: stamp,
      },
      {
        category: "social",
        settings: JSON.stringify({
          links: [
            {
              id: "1",
              name: "Instagram",
              url: "https://instagram.com/club",
              icon: u("social-icons/insta.png"),
            },
          ],
        }),
        updated_at: stamp,
      },
      {
        category: "tarifs_pdf",
        settings: JSON.stringify({
          url: "/uploads/site-documents/tarifs/tarifs.pdf",
          filename: "tarifs.pdf",
        }),
        updated_at: stamp,
      },
      { category: "hours", settings: JSON.stringify({ sunday: "Fermé" }), updated_at: stamp },
      { category: "broken", settings: "{not json", updated_at: stamp },
    ])
    .execute();
  await db
    .insertInto("site_content")
    .values([
      {
        category: "home",
        section: "hero",
        content: JSON.stringify({
          title: "Bienvenue",
          backgroundImage: u("content-hero.jpg"),
          cards: [{ nested: { picture: u("content-deep.webp") } }],
          text: `Un texte avec une image ${u("content-inline.jpg")} au milieu.`,
        }),
        updated_at: stamp,
      },
    ])
    .execute();
  await db
    .insertInto("disciplines")
    .values({
      image: "/uploads/disciplines/boxe.jpg",
      order_index: 0,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  await db
    .insertInto("training_formats")
    .values({
      image: "/uploads/training-formats/cardio.jpg",
      order_index: 0,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  await db
    .insertInto("blog_posts")
    .values({
      slug: "gala",
      title: "Gala",
      image_url: u("blog/cover.jpg"),
      content: [
        "Premier paragraphe.",
        `![Le ring](${u("blog/ring.jpg")})`,
        `  ![Podium](https://cdn.exemple.fr/podium.jpg)  `,
        "Dernier paragraphe.",
      ].join("\n"),
      published_at: stamp,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  await db
    .insertInto("schedule_activities")
    .values({
      title: "Boxe enfants",
      images: JSON.stringify([
        "/uploads/schedule-activities/banner.jpg",
        "/uploads/schedule-activities/galerie.jpg",
      ]),
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  await db
    .insertInto("inscription_forms")
    .values({
      title: "Adultes",
      file_url: "/uploads/site-documents/inscriptions/adultes.pdf",
      order_index: 0,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  await db
    .insertInto("site_pages")
    .values({
      title: "Histoire",
      slug: "/histoire",
      content: `<p>Le club</p><img src="${u("page-photo.jpg")}" alt=""><a href='/uploads/site-documents/statuts.pdf'>Statuts</a>`,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  await db
    .insertInto("menu_items")
    .values({
      label: "Règlement",
      path: "/uploads/site-documents/reglement.pdf",
      order_index: 0,
      updated_at: stamp,
    })
    .execute();
});

describe("getFileUsage", () => {
  it("finds the references in every source", async () => {
    const usage = await getFileUsage();
    const expected = {
      "settings (logo)": u("logo.png"),
      "settings (home video)": u("hero.mp4"),
      "settings (nested social icon)": u("social-icons/insta.png"),
      "settings (external link)": "https://instagram.com/club",
      "settings (tarifs PDF)": "/uploads/site-documents/tarifs/tarifs.pdf",
      "content (field)": u("content-hero.jpg"),
      "content (nested)": u("content-deep.webp"),
      "content (inside a text)": u("content-inline.jpg"),
      "disciplines.image": "/uploads/disciplines/boxe.jpg",
      "training_formats.image": "/uploads/training-formats/cardio.jpg",
      "blog_posts.image_url": u("blog/cover.jpg"),
      "blog markdown image line": u("blog/ring.jpg"),
      "blog markdown image line, external": "https://cdn.exemple.fr/podium.jpg",
      "schedule banner": "/uploads/schedule-activities/banner.jpg",
      "schedule gallery": "/uploads/schedule-activities/galerie.jpg",
      "inscription_forms.file_url": "/uploads/site-documents/inscriptions/adultes.pdf",
      "site page img": u("page-photo.jpg"),
      "site page link": "/uploads/site-documents/statuts.pdf",
      "menu entry": "/uploads/site-documents/reglement.pdf",
    };
    for (const [source, url] of Object.entries(expected)) {
      expect(usage.has(url), source).toBe(true);
    }
    // Plain texts are not URLs; storage paths alone are not URLs either.
    expect(usage.has("Fermé")).toBe(false);
    expect(usage.has("Bienvenue")).toBe(false);
    expect(usage.has("hero.mp4")).toBe(false);
  });
});

describe("in use", () => {
  it("is computed from the references, so it changes with them", async () => {
    expect(await inUse(u("blog/cover.jpg"))).toBe(true);
    expect(await inUse(u("jamais-utilisee.jpg"))).toBe(false);

    await getDb()
      .updateTable("blog_posts")
      .set({ image_url: "" })
      .where("slug", "=", "gala")
      .execute();
    expect(await inUse(u("blog/cover.jpg"))).toBe(false);
    // The markdown image of the same article is still in use.
    expect(await inUse(u("blog/ring.jpg"))).toBe(true);
  });
});

describe("uploadPathsIn", () => {
  it("finds upload paths in any text, without query strings, with and without a final dot", () => {
    expect(
      uploadPathsIn(
        `Voir https://club.example/uploads/site-images/a.jpg?v=2 et <img src="/uploads/b/c.png">, ` +
          `puis ![x](/uploads/site-documents/tarifs/t.pdf). Fin : /uploads/site-images/d.webp.`,
      ),
    ).toEqual([
      "/uploads/site-images/a.jpg",
      "/uploads/b/c.png",
      "/uploads/site-documents/tarifs/t.pdf",
      "/uploads/site-images/d.webp.",
      "/uploads/site-images/d.webp",
    ]);
    expect(uploadPathsIn("Aucun fichier ici, ni /images/logo.png")).toEqual([]);
  });
});
