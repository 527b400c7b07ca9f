import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import {
  contentHrefOf,
  RESERVED_SEGMENTS,
  SitePageSchema,
  slugFollowsTitle,
  slugFromTitle,
} from "~/domains/content/page-schema";
import { getMenu } from "~/domains/content/menu.server";
import {
  getSitePage,
  getSitePagesForAdmin,
  seedMainPages,
} from "~/domains/content/site-page.server";
import { STALE_SAVE_MESSAGE } from "~/utils/stale.server";
import routes from "~/routes";
import { callRoute, createUser, getRequest, postRequest, signIn } from "../../../../tests/auth";
import { action, loader } from "./pages";

let cookie: string;

beforeAll(async () => {
  await getDb().deleteFrom("users").execute();
  ({ cookie } = await signIn(await createUser("coach", "mot-de-passe")));
});

beforeEach(async () => {
  await getDb().deleteFrom("site_pages").execute();
  await getDb()
    .transaction()
    .execute((trx) => seedMainPages(trx, new Date().toISOString()));
});

const post = (fields: Record<string, string>) =>
  callRoute(action, postRequest("/admin/pages", fields, { cookie }));

type Body = { toast?: { type: string; message: string }; errors?: Record<string, string> } & Record<
  string,
  unknown
>;
const body = (answer: { data: unknown }) => answer.data as Body;

async function newPage() {
  const created = await post({ intent: "create" });
  return (await getSitePage({ id: body(created).createdId as number }))!;
}

function saveFields(
  page: { id: number; updated_at: string },
  overrides: Record<string, string> = {},
) {
  return {
    intent: "save",
    id: String(page.id),
    updated_at: page.updated_at,
    title: "Mentions légales",
    slug: "/reglement-interieur",
    content: "<p>Édité par le club.</p>",
    is_published: "true",
    template: "sidebar",
    order_index: "8",
    ...overrides,
  };
}

describe("pages loader", () => {
  it("lists every page, main pages flagged", async () => {
    const answer = await callRoute(loader, getRequest("/admin/pages", { cookie }));
    const { list, selected } = answer.data as PagesData;
    expect(list.rows.map((p) => [p.slug, p.is_main])).toEqual([
      ["/", true],
      ["/disciplines", true],
      ["/entrainements", true],
      ["/tarifs", true],
      ["/contact", true],
    ]);
    // The rows carry no text; a main page is never opened in the editor.
    expect(list.rows[0]).not.toHaveProperty("content");
    expect(selected).toBeNull();
  });

  it("opens the first page of its own, with its text and whether the menu leads to it", async () => {
    const page = await newPage();
    const answer = await callRoute(loader, getRequest("/admin/pages", { cookie }));
    expect(answer.data).toMatchObject({
      selected: { id: page.id, content: expect.any(String) },
      inMenu: false,
    });
  });

  it("searches the pages and opens the one in ?id", async () => {
    const tarifs = (await getSitePagesForAdmin()).find((p) => p.slug === "/tarifs")!;
    const load = async (query: string) =>
      (await callRoute(loader, getRequest(`/admin/pages${query}`, { cookie }))).data as PagesData;
    const found = await load(`?q=TARIF&id=${tarifs.id}`);
    expect(found.list.rows.map((p) => p.slug)).toEqual(["/tarifs"]);
    // A main page in ?id opens no editor.
    expect(found.selected).toBeNull();
    const page = await newPage();
    expect((await load(`?id=${page.id}`)).selected).toMatchObject({ id: page.id });
    expect((await load("?q=introuvable")).list.total).toBe(0);
  });
});

interface PagesData {
  list: { rows: { slug: string; is_main: boolean }[]; total: number };
  selected: { id: number; slug: string; content: string } | null;
}

describe("pages action", () => {
  it("adds a draft page: 'Nouvelle page ajoutée'", async () => {
    const created = await post({ intent: "create" });
    expect(body(created).toast).toEqual({ type: "success", message: "Nouvelle page ajoutée" });
    expect(await getSitePage({ id: body(created).createdId as number })).toMatchObject({
      title: "Nouvelle page",
      is_published: false,
    });
  });

  it("saves a page with cleaned HTML: 'Pages sauvegardées avec succès'", async () => {
    const page = await newPage();
    const answer = await post(
      saveFields(page, {
        content:
          '<p onclick="alert(1)">Texte</p><script>alert(2)</script><a href="javascript:x">lien</a>',
      }),
    );
    expect(answer.status).toBe(200);
    expect(body(answer).toast?.message).toBe("Pages sauvegardées avec succès");
    expect(await getSitePage({ id: page.id })).toMatchObject({
      title: "Mentions légales",
      slug: "/reglement-interieur",
      template: "sidebar",
      is_published: true,
      order_index: 8,
      content: "<p>Texte</p><a>lien</a>",
    });
  });

  it.each([
    [{ title: "  " }, "title", "Le titre est obligatoire"],
    [{ slug: "" }, "slug", "L'URL est obligatoire"],
    [{ slug: "mentions" }, "slug", "L'URL doit commencer par /"],
    [
      { slug: "/Mentions Légales" },
      "slug",
      "L'URL ne peut contenir que des lettres minuscules sans accents, des chiffres et des tirets, séparés par des /",
    ],
    [
      { slug: "/blog" },
      "slug",
      "Cette URL est celle d'une page existante du site : choisissez-en une autre",
    ],
    [
      { slug: "/admin/pages" },
      "slug",
      "Cette URL est celle d'une page existante du site : choisissez-en une autre",
    ],
    [
      { slug: "/disciplines" },
      "slug",
      "Cette URL est celle d'une page existante du site : choisissez-en une autre",
    ],
    [{ template: "magazine" }, "template", "Choisissez un modèle de page"],
    [{ order_index: "-1" }, "order_index", "L'ordre doit être un nombre entier entre 0 et 9999"],
  ])("refuses %o with its message", async (overrides, field, message) => {
    const page = await newPage();
    const answer = await post(saveFields(page, overrides));
    expect(answer.status).toBe(400);
    expect(body(answer).errors?.[field]).toBe(message);
    expect((await getSitePage({ id: page.id }))?.title).toBe("Nouvelle page");
  });

  it("refuses a slug another page has: 'Erreur: Les URLs des pages doivent être uniques'", async () => {
    const first = await newPage();
    await post(saveFields(first));
    const second = await newPage();
    const answer = await post(saveFields(second, { title: "Copie" }));
    expect(answer.status).toBe(400);
    expect(body(answer).toast).toEqual({
      type: "error",
      message: "Erreur: Les URLs des pages doivent être uniques",
    });
    expect(body(answer).errors).toEqual({
      slug: "Erreur: Les URLs des pages doivent être uniques",
    });
  });

  it("refuses a stale save", async () => {
    const page = await newPage();
    await post(saveFields(page));
    const answer = await post(saveFields(page, { title: "Autre onglet" }));
    expect(answer.status).toBe(409);
    expect(body(answer).toast).toEqual({ type: "error", message: STALE_SAVE_MESSAGE });
    expect((await getSitePage({ id: page.id }))?.title).toBe("Mentions légales");
  });

  it("refuses to edit or publish a main page, in French, changing nothing", async () => {
    for (const main of await getSitePagesForAdmin()) {
      const answer = await post(
        saveFields(main, { title: "Nos tarifs", slug: main.slug, is_published: "true" }),
      );
      expect(answer.status).toBe(400);
      expect(body(answer).toast).toEqual({
        type: "error",
        message:
          "Cette page principale est toujours publiée et ses textes se modifient dans Contenu : elle ne se modifie pas ici",
      });
      expect(await getSitePage({ id: main.id })).toEqual(main);
    }
  });

  it("deletes a page ('Page supprimée') but never a main page", async () => {
    const page = await newPage();
    const deleted = await post({ intent: "delete", id: String(page.id) });
    expect(body(deleted).toast?.message).toBe("Page supprimée");
    expect(await getSitePage({ id: page.id })).toBeNull();

    for (const main of await getSitePagesForAdmin()) {
      const refused = await post({ intent: "delete", id: String(main.id) });
      expect(refused.status).toBe(400);
      expect(body(refused).toast?.message).toBe(
        "Vous ne pouvez pas supprimer cette page principale",
      );
    }
    expect(await getSitePagesForAdmin()).toHaveLength(5);
  });

  it("adds a published page to the menu once: 'Page ajoutée au menu'", async () => {
    const page = await newPage();
    await post(saveFields(page, { title: "Nos partenaires", slug: "/partenaires" }));
    const menuBefore = await getMenu();

    const added = await post({ intent: "add-to-menu", id: String(page.id) });
    expect(added.status).toBe(200);
    expect(body(added)).toMatchObject({
      toast: { type: "success", message: "Page ajoutée au menu" },
      inMenu: true,
    });
    const again = await post({ intent: "add-to-menu", id: String(page.id) });
    expect(body(again).toast).toEqual({
      type: "info",
      message: "Cette page est déjà dans le menu",
    });

    const menu = await getMenu();
    expect(menu).toHaveLength(menuBefore.length + 1);
    expect(menu.at(-1)).toMatchObject({ label: "Nos partenaires", path: "/partenaires" });
    const loaded = await callRoute(loader, getRequest(`/admin/pages?id=${page.id}`, { cookie }));
    expect(loaded.data).toMatchObject({ inMenu: true });
  });

  it("refuses to add a draft, a main page or a missing page to the menu", async () => {
    const menuBefore = await getMenu();
    const draft = await newPage();
    const refusedDraft = await post({ intent: "add-to-menu", id: String(draft.id) });
    expect(refusedDraft.status).toBe(400);
    expect(body(refusedDraft).toast?.message).toBe("Publiez la page avant de l'ajouter au menu");

    const tarifs = (await getSitePagesForAdmin()).find((p) => p.slug === "/tarifs")!;
    const refusedMain = await post({ intent: "add-to-menu", id: String(tarifs.id) });
    expect(refusedMain.status).toBe(400);
    expect(body(refusedMain).toast?.message).toMatch(/^Cette page principale/);

    const missing = await post({ intent: "add-to-menu", id: "999999" });
    expect(missing.status).toBe(404);
    const noId = await post({ intent: "add-to-menu", id: "abc" });
    expect(body(noId).toast?.message).toBe("Aucune page sélectionnée");
    expect(await getMenu()).toEqual(menuBefore);
  });

  it("says 'Aucune page sélectionnée' without an id", async () => {
    const answer = await post({ intent: "save", id: "" });
    expect(body(answer).toast?.message).toBe("Aucune page sélectionnée");
  });
});

describe("reserved slugs", () => {
  /** First segments of every public URL declared in app/routes.ts. */
  function firstSegments(entries: typeof routes): string[] {
    return entries.flatMap((entry) => {
      const first = entry.path?.split("/")[0];
      const own = first && first !== "*" && !first.startsWith(":") ? [first] : [];
      return [...own, ...(entry.path ? [] : firstSegments(entry.children ?? []))];
    });
  }

  it("cover every route of app/routes.ts", () => {
    const segments = firstSegments(routes);
    expect(segments).toEqual(expect.arrayContaining(["blog", "planning", "admin", "tarifs"]));
    for (const segment of segments) expect(RESERVED_SEGMENTS).toContain(segment);
  });

  it("still allow ordinary addresses", () => {
    const valid = {
      title: "Partenaires",
      content: "",
      is_published: "false",
      template: "default",
      order_index: "0",
    };
    for (const slug of [
      "/partenaires",
      "/reglement-interieur",
      "/club/histoire-2024",
      "/blogueurs",
    ]) {
      expect(SitePageSchema.safeParse({ ...valid, slug }).success, slug).toBe(true);
    }
  });
});

describe("a new page's address", () => {
  it("is made from its title by the site's slug rule", () => {
    expect(slugFromTitle("Nos partenaires")).toBe("/nos-partenaires");
    expect(slugFromTitle("  Règlement intérieur 2025 ! ")).toBe("/reglement-interieur-2025");
    expect(slugFromTitle("Œuvres & été")).toBe("/oeuvres-ete");
    expect(slugFromTitle("???")).toBe("");
  });

  it("follows the title while it is the one the title gives, on a draft", () => {
    const draft = { title: "Nouvelle page", slug: "/nouvelle-page", is_published: false };
    expect(slugFollowsTitle(draft)).toBe(true);
    expect(slugFollowsTitle({ ...draft, slug: "/nouvelle-page-3" })).toBe(true);
    expect(slugFollowsTitle({ ...draft, slug: "/mon-adresse" })).toBe(false);
    expect(slugFollowsTitle({ ...draft, slug: "/nouvelle-page-bis" })).toBe(false);
    expect(slugFollowsTitle({ ...draft, is_published: true })).toBe(false);
  });

  it("leads each main page to its texts in Contenu", () => {
    expect(contentHrefOf("/")).toBe("/admin/content?tab=accueil");
    expect(contentHrefOf("/tarifs")).toBe("/admin/content?tab=pages");
    expect(contentHrefOf("/contact")).toBe("/admin/content?tab=contact");
  });
});
