import type { Locator, Page } from "@playwright/test";
import { deleteActivitiesTitled, insertActivity } from "./admin-schedule-db";
import { expect, test } from "./fixtures";
import { db, deletePosts, insertPost, unique, withDbLock } from "./public-db";
import { withSiteLock } from "./site-helpers";
import { axeCheck } from "./axe";

/* What a volunteer does never surprises the public site, and the home fits a phone. */

/** axe finds nothing on the page, or on the part of it `include` selects. */
async function axeClean(page: Page, include?: string) {
  // The colour sample shows the volunteer's choice as it is, unreadable or not: the warning
  // beside it is the point (contrast-warning.tsx).
  const builder = axeCheck(page).exclude("[data-colour-sample]");
  const results = await (include ? builder.include(include) : builder).analyze();
  const summary = results.violations.map((v) => ({
    id: v.id,
    targets: v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")}: ${n.failureSummary}`),
  }));
  expect(summary).toEqual([]);
}

const guidOf = (xml: string, title: string) => {
  const item = xml.split("<item>").find((part) => part.includes(`<title>${title}</title>`));
  return item?.match(/<guid[^>]*>([^<]+)<\/guid>/)?.[1] ?? null;
};

/** The icon names as the editors show them, and the lucide icon each one previews. */
const FRENCH_ICON_NAMES = [
  ["Groupe (Users)", "users"],
  ["Cible (Target)", "target"],
  ["Cœur (Heart)", "heart"],
  ["Mallette (Briefcase)", "briefcase"],
  ["Calendrier (CalendarDays)", "calendar-days"],
  ["Haltère (Dumbbell)", "dumbbell"],
  ["Cœur et pouls (HeartPulse)", "heart-pulse"],
  ["Bouclier (Shield)", "shield"],
  ["Trophée (Trophy)", "trophy"],
] as const;

const PLACEHOLDER_IMAGE = "/images/placeholder.webp";

/**
 * Runs `fn` while the newest published article is an « Événement » without a picture, its
 * title in mixed case; removed after. Under the lock of the specs reading the blog.
 */
async function withArticle(fn: (post: { title: string; slug: string }) => Promise<void>) {
  const title = unique("Gala de Noël des Jeunes");
  const slug = unique("gala-sans-image");
  await withDbLock(async () => {
    const id = insertPost({
      slug,
      title,
      category: "evenement",
      image_url: "",
      published_at: new Date(Date.now() - 1000).toISOString(),
    });
    try {
      await fn({ title, slug });
    } finally {
      deletePosts([id]);
    }
  });
}

/** The card of the article titled `title` in a list (home or /blog). */
const articleCard = (page: Page, title: string) =>
  page.getByRole("article").filter({ has: page.getByRole("link", { name: title, exact: true }) });

/** The image is on screen and drawn: loaded, not an empty block. */
async function expectDrawn(image: Locator) {
  await image.scrollIntoViewIfNeeded();
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);
}

test.describe("the design review's fixes", () => {
  test(
    "D2: renaming a published article warns, then its old address answers 301 and its RSS guid stays",
    { tag: "@phone" },
    async ({ page, login, request }) => {
      await login();
      const title = unique("Gala de Noel");
      const slug = title.toLowerCase().replaceAll(" ", "-");
      // A published article joins the lists every public spec reads: one writer at a time
      // (the lock also kept this test off a database another spec was writing).
      await withDbLock(async () => {
        const id = insertPost({ slug, title, published_at: new Date().toISOString() });
        try {
          const guidBefore = guidOf(await (await request.get("/blog/rss.xml")).text(), title);
          expect(guidBefore).toMatch(new RegExp(`/blog/${slug}$`));

          await page.goto("/admin/blog");
          await page.locator("[data-shell-ready]").waitFor();
          await page.getByRole("button", { name: `Modifier : ${title}` }).click();
          const dialog = page.getByRole("dialog");
          await expect(dialog.getByText(`/blog/${slug}`, { exact: true })).toBeVisible();
          const renamed = `${title} renomme`;
          await dialog.getByRole("textbox", { name: "Titre", exact: true }).fill(renamed);
          await expect(
            dialog.getByText(/Le nouveau titre change l'adresse de l'article/),
          ).toBeVisible();
          await expect(dialog.getByText(/redirigera vers la nouvelle/)).toBeVisible();
          await axeClean(page);
          await dialog.getByRole("button", { name: "Enregistrer" }).click();
          await expect(dialog).toBeHidden();

          const answer = await request.get(`/blog/${slug}`, { maxRedirects: 0 });
          expect(answer.status()).toBe(301);
          expect(answer.headers().location).toBe(`/blog/${slug}-renomme`);
          await page.goto(`/blog/${slug}`);
          await expect(page).toHaveURL(new RegExp(`/blog/${slug}-renomme$`));
          await expect(page.getByRole("heading", { level: 1 })).toHaveText(renamed);

          const xml = await (await request.get("/blog/rss.xml")).text();
          expect(guidOf(xml, renamed)).toBe(guidBefore);
        } finally {
          deletePosts([id]);
        }
      });
    },
  );

  // Each screen whose "Ajouter" inserts a row at once (the others open a form first), under
  // the lock the public specs reading those rows take.
  for (const { what, lock, admin, table, publicPath, title } of [
    {
      what: "discipline",
      lock: "disciplines",
      admin: "/admin/disciplines",
      table: "disciplines",
      publicPath: "/disciplines",
      title: "Boxe educative",
    },
    {
      what: "format",
      lock: "formats",
      admin: "/admin/training",
      table: "training_formats",
      publicPath: "/entrainements",
      title: "Cours du dimanche",
    },
  ]) {
    test(
      `D3: « Ajouter » changes no public page until the ${what} is saved with a title`,
      { tag: "@phone" },
      async ({ page, login }) => {
        await login();
        const named = unique(title);
        await withSiteLock(lock, async () => {
          const before = (
            db().prepare(`select max(id) as id from ${table}`).get() as { id: number }
          ).id;
          try {
            await page.goto(admin);
            await page.locator("[data-shell-ready]").waitFor();
            await page.getByRole("button", { name: "Ajouter", exact: true }).click();
            await expect(page.getByText(/Brouillon : invisible pour les visiteurs/)).toBeVisible();
            // The editor holding the notice (admin-*-editor.spec.ts run axe on the whole screen).
            await axeClean(page, 'section[aria-labelledby="editeur-titre"]');
            expect(
              db().prepare(`select count(*) as n from ${table} where id > ?`).get(before),
            ).toEqual({ n: 1 });
            const publicPage = await page.context().newPage();
            for (const path of [publicPath, "/"]) {
              await publicPage.goto(path);
              await expect(publicPage.getByRole("main")).not.toContainText("Sans titre");
            }
            await page.getByRole("textbox", { name: "Titre", exact: true }).fill(named);
            await page.getByRole("button", { name: "Sauvegarder" }).click();
            await expect(page.getByText(/Brouillon : invisible pour les visiteurs/)).toBeHidden();
            for (const path of [publicPath, "/"]) {
              await publicPage.goto(path);
              await expect(publicPage.getByRole("main")).toContainText(named);
            }
          } finally {
            db().prepare(`delete from ${table} where id > ?`).run(before);
          }
        });
      },
    );
  }

  test(
    "C2: black text on navy is flagged and the nearest readable colour is offered",
    { tag: "@phone" },
    async ({ page, login }) => {
      await login();
      await page.goto("/admin/disciplines");
      await page.locator("[data-shell-ready]").waitFor();
      await page.getByRole("tab", { name: "Apparence" }).click();
      await page.getByRole("textbox", { name: "Couleur de fond", exact: true }).fill("#001F3F");
      await page.getByRole("textbox", { name: "Couleur du titre", exact: true }).fill("#000000");
      const warning = page.getByText(/Contraste insuffisant pour le titre/);
      await expect(warning).toBeVisible();
      await axeClean(page);
      await page.getByRole("button", { name: /^Utiliser #[0-9A-F]{6} pour le titre$/ }).click();
      await expect(warning).toBeHidden();
      await expect(
        page.getByRole("textbox", { name: "Couleur du titre", exact: true }),
      ).not.toHaveValue("#000000");
    },
  );

  test(
    "C3: the library lists the images uploaded in Disciplines, with where they are used",
    { tag: "@phone" },
    async ({ page, login }) => {
      await login();
      const { title, image } = db()
        .prepare("select title, image from disciplines where image like '/uploads/%' limit 1")
        .get() as { title: string; image: string };
      await page.goto("/admin/media?tab=images");
      await page.locator("[data-shell-ready]").waitFor();
      const others = page.getByRole("list", { name: "Autres images utilisées sur le site" });
      const card = others.getByRole("listitem").filter({ hasText: `Discipline « ${title} »` });
      await expect(card.first()).toBeVisible();
      await expect(card.first().getByRole("link")).toHaveAttribute("href", image);
      await axeClean(page);
    },
  );

  test(
    "C1: the Entreprise tab's icon choices read French names, each beside its icon",
    { tag: "@phone" },
    async ({ page, login }) => {
      await login();
      await page.goto("/admin/content");
      await page.locator("[data-shell-ready]").waitFor();
      await page.getByRole("tab", { name: "Entreprise" }).click();
      // The first feature of the company page (page-texts.ts): "Users".
      const icons = page.getByRole("tabpanel").getByRole("group", { name: "Icône" }).first();
      const choices = icons.getByRole("radio");
      await expect(choices).toHaveCount(FRENCH_ICON_NAMES.length);
      for (const [index, [name, icon]] of FRENCH_ICON_NAMES.entries()) {
        await expect(choices.nth(index)).toHaveAccessibleName(name);
        const tile = icons
          .locator("label")
          .filter({ has: page.getByRole("radio", { name, exact: true }) });
        await expect(tile.locator(`svg.lucide-${icon}`)).toBeVisible();
      }
      await expect(icons.getByRole("radio", { name: "Groupe (Users)" })).toBeChecked();
      // The icon choices only: admin-content-editor.spec.ts runs axe on the whole tab.
      await axeClean(page, 'fieldset:has(> div > label > input[name^="icone-"])');
    },
  );

  test("C4: the RSS feed names an article's category in French", async ({ request }) => {
    await withArticle(async ({ title }) => {
      const xml = await (await request.get("/blog/rss.xml")).text();
      const item = xml.split("<item>").find((part) => part.includes(`<title>${title}</title>`));
      expect(item?.match(/<category>([^<]*)<\/category>/)?.[1]).toBe("Événement");
    });
  });

  test(
    "C5: an article without a picture shows the placeholder art on /blog and the home",
    { tag: "@phone" },
    async ({ page }) => {
      await withArticle(async ({ title }) => {
        await page.goto("/blog");
        const card = articleCard(page, title);
        await expect(card.locator("img")).toHaveAttribute("src", PLACEHOLDER_IMAGE);
        await expectDrawn(card.locator("img"));
        await axeClean(page);

        await page.goto("/");
        const homeCard = articleCard(page, title);
        await expect(homeCard.locator("img")).toHaveAttribute("src", PLACEHOLDER_IMAGE);
        // A phone's home card is its date and title alone (the home fits six screens).
        if ((page.viewportSize()?.width ?? 0) < 768)
          await expect(homeCard.locator("img")).toBeHidden();
        else await expectDrawn(homeCard.locator("img"));
      });
    },
  );

  test("C6: an article's title reads as typed on the home, /blog and its page, as an activity's does", async ({
    page,
  }) => {
    await withArticle(async ({ title, slug }) => {
      for (const path of ["/", "/blog", `/blog/${slug}`]) {
        await page.goto(path);
        const heading = page.getByRole("heading", { name: title, exact: true });
        // innerText is the text as drawn, text-transform applied.
        await expect(heading).toHaveText(title, { useInnerText: true });
        await expect(heading).toHaveCSS("text-transform", "none");
      }
      const activity = unique("Boxe du Dimanche");
      try {
        const id = insertActivity({
          title: activity,
          day: "Dimanche",
          start_time: "10h00",
          end_time: "11h30",
        });
        await page.goto(`/activite/${id}`);
        const heading = page.getByRole("heading", { level: 1 });
        await expect(heading).toHaveText(activity, { useInnerText: true });
        await expect(heading).toHaveCSS("text-transform", "none");
      } finally {
        deleteActivitiesTitled(activity);
      }
    });
  });

  test(
    "the home fits seven phone screens and leads to every discipline",
    { tag: "@phone" },
    async ({ page }) => {
      // Its height depends on how many disciplines and formats there are.
      await withSiteLock("disciplines", () => withSiteLock("formats", () => page.goto("/")));
      const link = page.getByRole("link", { name: "Voir toutes les disciplines" });
      await expect(link).toBeVisible();
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      // Six screens until the coaches and the parents' words joined the home (DESIGN.md: the
      // coaches' faces are real content a parent looks for); they fit in one more, compact.
      if ((page.viewportSize()?.width ?? 0) <= 390) expect(height).toBeLessThanOrEqual(7 * 844);
      // Every picture keeps its place while it loads: no jump.
      for (const img of await page.locator("main img").all()) {
        expect(await img.getAttribute("width")).toBeTruthy();
        expect(await img.getAttribute("height")).toBeTruthy();
      }
      await axeClean(page);
      await link.click();
      await expect(page).toHaveURL(/\/disciplines$/);
    },
  );
});
