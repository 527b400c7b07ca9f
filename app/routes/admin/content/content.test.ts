import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { URL_MESSAGE } from "~/domains/content/content-schema";
import { PAGE_TEXTS } from "~/domains/content/page-texts";
import { getDb } from "~/db/client.server";
import { getContentBlock } from "~/domains/content/content.server";
import { STALE_SAVE_MESSAGE } from "~/utils/stale.server";
import { callRoute, createUser, getRequest, postRequest, signIn } from "../../../../tests/auth";
import { action, loader } from "./content";

let cookie: string;

beforeAll(async () => {
  cookie = (await signIn(await createUser("contenu", "mot-de-passe"))).cookie;
});

beforeEach(async () => {
  await getDb().deleteFrom("site_content").execute();
});

type Change = { category: string; section: string; content: unknown; loadedAt: string | null };

function save(changes: Change[] | string) {
  return callRoute(
    action,
    postRequest(
      "/admin/content",
      { intent: "save", changes: typeof changes === "string" ? changes : JSON.stringify(changes) },
      { cookie },
    ),
  );
}

const heroWith = (patch: Record<string, unknown>) => ({ ...PAGE_TEXTS.hero.main, ...patch });

describe("content editor loader", () => {
  it("gives every block with its stored fields and stamp", async () => {
    const stamp = "2025-01-01T00:00:00.000Z";
    await getDb()
      .insertInto("site_content")
      .values({
        category: "hero",
        section: "main",
        content: JSON.stringify({ title: "T" }),
        updated_at: stamp,
      })
      .execute();
    const answer = await callRoute(loader, getRequest("/admin/content", { cookie }));
    const { blocks } = answer.data as {
      blocks: {
        category: string;
        section: string;
        content: { title: string };
        updatedAt: string | null;
      }[];
    };
    const hero = blocks.find((b) => b.category === "hero" && b.section === "main")!;
    expect(hero.content.title).toBe("T");
    expect(hero.updatedAt).toBe(stamp);
    expect(blocks.filter((b) => b.updatedAt === null).length).toBe(blocks.length - 1);
  });
});

describe("content editor save", () => {
  it("saves the pending blocks and says so", async () => {
    const answer = await save([
      {
        category: "hero",
        section: "main",
        content: heroWith({ title: "Boxe à Meyzieu" }),
        loadedAt: null,
      },
      {
        category: "contact",
        section: "map",
        content: { ...PAGE_TEXTS.contact.map, title: "Plan" },
        loadedAt: null,
      },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      toast: { type: "success", message: "Modifications sauvegardées avec succès" },
      errors: {},
    });
    expect(Object.keys((answer.data as { saved: object }).saved).sort()).toEqual([
      "contact/map",
      "hero/main",
    ]);
    expect((await getContentBlock({ category: "hero", section: "main" })).title).toBe(
      "Boxe à Meyzieu",
    );
    expect((await getContentBlock({ category: "contact", section: "map" })).title).toBe("Plan");
  });

  it("answers 'Aucune modification à sauvegarder' when nothing is pending", async () => {
    const answer = await save([]);
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      toast: { type: "info", message: "Aucune modification à sauvegarder" },
    });
  });

  it("refuses a field of the wrong type or a bad link with 400 and saves nothing", async () => {
    const answer = await save([
      {
        category: "about",
        section: "main",
        content: { ...PAGE_TEXTS.about.main, paragraphs: "pas une liste" },
        loadedAt: null,
      },
      {
        category: "hero",
        section: "main",
        content: heroWith({ primaryButtonLink: "javascript:alert(1)" }),
        loadedAt: null,
      },
    ]);
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      toast: { type: "error" },
      errors: {
        "about/main": { paragraphs: "Ce champ doit être une liste" },
        "hero/main": { primaryButtonLink: URL_MESSAGE },
      },
      saved: null,
    });
    expect(await getDb().selectFrom("site_content").selectAll().execute()).toEqual([]);
  });

  it("refuses a block that is not one of the site's", async () => {
    const answer = await save([
      { category: "hero", section: "piege", content: {}, loadedAt: null },
    ]);
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      errors: { "hero/piege": { "": "Bloc de contenu inconnu" } },
    });
  });

  it("refuses a malformed body with 'Erreur lors de la sauvegarde'", async () => {
    const answer = await save("{pas du json");
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      toast: { type: "error", message: "Erreur lors de la sauvegarde" },
    });
  });

  it("refuses a stale block with 409 and the stale message, saving none of the others", async () => {
    const first = await save([
      {
        category: "hero",
        section: "main",
        content: heroWith({ title: "Onglet A" }),
        loadedAt: null,
      },
    ]);
    expect(first.status).toBe(200);
    const answer = await save([
      {
        category: "footer",
        section: "about",
        content: { description: "Onglet B" },
        loadedAt: null,
      },
      // Loaded before tab A saved: stale.
      {
        category: "hero",
        section: "main",
        content: heroWith({ title: "Onglet B" }),
        loadedAt: null,
      },
    ]);
    expect(answer.status).toBe(409);
    expect(answer.data).toMatchObject({ toast: { type: "error", message: STALE_SAVE_MESSAGE } });
    expect((await getContentBlock({ category: "hero", section: "main" })).title).toBe("Onglet A");
    expect((await getContentBlock({ category: "footer", section: "about" })).description).toBe(
      PAGE_TEXTS.footer.about.description,
    );
  });

  it("saves over the stamp it loaded", async () => {
    const first = await save([
      { category: "hero", section: "main", content: heroWith({ title: "Un" }), loadedAt: null },
    ]);
    const stamp = (first.data as { saved: Record<string, string> }).saved["hero/main"]!;
    const second = await save([
      { category: "hero", section: "main", content: heroWith({ title: "Deux" }), loadedAt: stamp },
    ]);
    expect(second.status).toBe(200);
    expect((await getContentBlock({ category: "hero", section: "main" })).title).toBe("Deux");
  });
});
