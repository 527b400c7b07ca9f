import type { Locator } from "@playwright/test";
import { addDays, parisToday, weekdayOfDate } from "../../app/core/club-time";
import { hydrated, toast } from "./admin-disciplines-db";
import {
  deleteRows,
  expectParams,
  inOneGo,
  insertDraftPage,
  insertMediaItem,
  insertMessage,
  insertNamedBooking,
  listSummary,
  literal,
  oldStamp,
  openAndSearch,
  pagination,
} from "./admin-lists-db";
import { expect, test } from "./fixtures";
import { db, insertPost, unique, withDbLock } from "./public-db";
import { deleteClass, insertTrialClass } from "./trial-e2e";
import { axeCheck } from "./axe";

/*
 * The back office's one list pattern (app/components/admin/list/) on real rows, as a
 * volunteer uses it: a search, the pages, the filters as links with their counts, an item
 * opened by its address, and the state kept in the URL through a save, back, forward and a
 * reload. Each test writes many rows carrying its own word (unique), searches for it (the
 * lists hold the other tests' rows too) and removes them at the end.
 */

/** "01"…"60": in titles, so that n°1 never matches n°10. */
const pad = (n: number) => String(n).padStart(2, "0");
/** from…to, in that order (either way). */
const range = (from: number, to: number) =>
  Array.from({ length: Math.abs(to - from) + 1 }, (_, i) => (from <= to ? from + i : from - i));

/** A filter link: its label then its count ("Brouillons (6)"). */
const filterLink = (nav: Locator, label: string, count: number) =>
  nav.getByRole("link", { name: new RegExp(`^${literal(label)}\\s*\\(${count}\\)$`) });

test.beforeEach(async ({ login }) => {
  await login();
});

test("Blog: 60 articles searched, paged, filtered to drafts, one edited from page 2; back, forward, reload and Effacer", async ({
  page,
}) => {
  // The lock may be held a while by the public specs (and this test's other project).
  test.setTimeout(90_000);
  const word = unique("gala");
  const title = (n: number) => `Gala ${word} n°${pad(n)}`;
  const text = (n: number) => `Le compte rendu complet du gala n°${pad(n)} (${word}).`;
  const DRAFTS = [3, 14, 27, 31, 48, 59];
  // Published articles show on /blog: under the public specs' lock, like the blog editor's.
  await withDbLock(async () => {
    const ids = new Map<number, number>();
    try {
      inOneGo(() => {
        for (const n of range(1, 60)) {
          const id = insertPost({
            slug: `${word}-${n}`,
            title: title(n),
            content: text(n),
            author: "Le bureau",
            is_published: DRAFTS.includes(n) ? 0 : 1,
            // Newest first: n°60 heads the list, n°1 ends it.
            published_at: oldStamp(n * 60),
          });
          ids.set(n, id);
        }
      });

      const searchbox = await openAndSearch(page, {
        url: "/admin/blog",
        field: "Rechercher un article",
        word,
      });
      const found = (shown: number, onPage: number, pages: number) =>
        listSummary(
          page,
          new RegExp(
            `^${shown} articles trouvés sur \\d[\\d\\s]* articles${pages > 1 ? ` · page ${onPage} sur ${pages}` : ""}$`,
          ),
        );
      await expect(found(60, 1, 3)).toBeVisible();
      // Out of all the articles: these 60 and the others.
      const all = Number(
        /sur ([\d\s]+) articles/
          .exec((await found(60, 1, 3).textContent())!)![1]!
          .replace(/\s/g, ""),
      );
      expect(all).toBeGreaterThan(60);
      const articles = page.getByRole("list", { name: "Articles" });
      await expect(articles.getByRole("heading")).toHaveText(range(60, 36).map(title));

      const pages = pagination(page);
      const pageLink = (n: number) => pages.getByRole("link", { name: `Page ${n}`, exact: true });
      await pages.getByRole("link", { name: "Suivante" }).click();
      await expectParams(page, { q: word, page: "2" });
      await expect(found(60, 2, 3)).toBeVisible();
      await expect(pageLink(2)).toHaveAttribute("aria-current", "page");
      await expect(articles.getByRole("heading")).toHaveText(range(35, 11).map(title));
      await pageLink(3).click();
      await expectParams(page, { q: word, page: "3" });
      await expect(found(60, 3, 3)).toBeVisible();
      await expect(articles.getByRole("heading")).toHaveText(range(10, 1).map(title));
      await expect(pages.getByRole("link", { name: "Suivante" })).toHaveCount(0);

      // The status links count the search's articles; Brouillons keeps only the drafts.
      const status = page.getByRole("navigation", { name: "Statut des articles" });
      await expect(filterLink(status, "Tous", 60)).toHaveAttribute("aria-current", "true");
      await expect(filterLink(status, "Publiés", 60 - DRAFTS.length)).toBeVisible();
      await filterLink(status, "Brouillons", DRAFTS.length).click();
      await expectParams(page, { q: word, statut: "brouillon" });
      await expect(filterLink(status, "Brouillons", DRAFTS.length)).toHaveAttribute(
        "aria-current",
        "true",
      );
      await expect(found(DRAFTS.length, 1, 1)).toBeVisible();
      await expect(articles.getByRole("heading")).toHaveText([...DRAFTS].reverse().map(title));
      await expect(articles.getByText("Brouillon", { exact: true })).toHaveCount(DRAFTS.length);
      await expect(articles.getByText("Publié", { exact: true })).toHaveCount(0);
      await filterLink(status, "Tous", 60).click();
      await expectParams(page, { q: word });
      await pageLink(2).click();
      await expectParams(page, { q: word, page: "2" });

      // The list does not carry the articles' text: the editor loads it when opened.
      const listed = await (await page.request.get(`/admin/blog?q=${word}&page=2`)).text();
      expect(listed).toContain(title(30));
      expect(listed).not.toContain(text(30));
      const row = articles
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { name: title(30), exact: true }) });
      await row.getByRole("button", { name: /^Modifier/ }).click();
      const dialog = page.getByRole("dialog", { name: "Modifier l'article" });
      await expect(dialog.getByRole("textbox", { name: "Contenu", exact: true })).toHaveValue(
        text(30),
      );
      await expectParams(page, { q: word, page: "2", modifier: String(ids.get(30)) });
      await dialog.getByLabel("Auteur").fill("Coach Samia");
      await dialog.getByRole("button", { name: "Enregistrer" }).click();
      await expect(toast(page, "Article mis à jour avec succès")).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect
        .poll(() => db().prepare("select author from blog_posts where id = ?").get(ids.get(30)))
        .toEqual({ author: "Coach Samia" });
      // Still page 2 of the same search.
      await expectParams(page, { q: word, page: "2" });
      await expect(pageLink(2)).toHaveAttribute("aria-current", "page");
      await expect(found(60, 2, 3)).toBeVisible();
      await expect(row).toContainText("par Coach Samia");

      // The browser's back and forward, and a reload, keep the search and the page.
      await pageLink(3).click();
      await expectParams(page, { q: word, page: "3" });
      await expect(found(60, 3, 3)).toBeVisible();
      await page.goBack();
      await expectParams(page, { q: word, page: "2" });
      await expect(found(60, 2, 3)).toBeVisible();
      await expect(pageLink(2)).toHaveAttribute("aria-current", "page");
      await expect(row).toContainText("par Coach Samia");
      await page.goForward();
      await expectParams(page, { q: word, page: "3" });
      await expect(found(60, 3, 3)).toBeVisible();
      await page.reload();
      await hydrated(page);
      await expect(found(60, 3, 3)).toBeVisible();
      await expect(pageLink(3)).toHaveAttribute("aria-current", "page");
      await expect(searchbox).toHaveValue(word);
      await expect(articles.getByRole("heading")).toHaveText(range(10, 1).map(title));

      // Effacer: every article again, from the first page.
      await page.getByRole("search").getByRole("link", { name: "Effacer" }).click();
      await expectParams(page, {});
      await expect(listSummary(page, /^\d[\d\s]* articles · page 1 sur \d+$/)).toBeVisible();
      await expect(searchbox).toHaveValue("");
      await expect(page.getByRole("search").getByRole("link", { name: "Effacer" })).toHaveCount(0);
    } finally {
      deleteRows("blog_posts", [...ids.values()]);
    }
  });
});

test(
  "Messages: 30 messages searched and paged; one opened whole; the folders count the search",
  { tag: "@phone" },
  async ({ page }, testInfo) => {
    const word = unique("renseignements");
    const name = (n: number) => `Camille ${word} ${pad(n)}`;
    const body = (n: number) =>
      `Bonjour, ${"je voudrais des renseignements sur les cours de boxe éducative pour mon fils. ".repeat(5)}Fin du message ${pad(n)}.`;
    const ids: number[] = [];
    try {
      inOneGo(() => {
        // 1…30 unread in the inbox, n°1 the newest; 31…33 archived, 34 and 35 spam, read.
        for (const n of range(1, 35)) {
          const folder = n <= 30 ? "inbox" : n <= 33 ? "archive" : "spam";
          ids.push(
            insertMessage({
              name: name(n),
              email: `camille.${pad(n)}@example.fr`,
              subject: "Renseignements",
              message: body(n),
              folder,
              createdAt: oldStamp(100 - n),
              read: folder !== "inbox",
            }),
          );
        }
      });

      const searchbox = await openAndSearch(page, {
        url: "/admin/messages",
        field: "Rechercher un message",
        word,
      });
      const folders = page.getByRole("navigation", { name: "Dossiers" });
      await expect(filterLink(folders, "Boîte de réception", 30)).toHaveAttribute(
        "aria-current",
        "true",
      );
      await expect(filterLink(folders, "Archives", 3)).toBeVisible();
      await expect(filterLink(folders, "Spam", 2)).toBeVisible();
      await expect(listSummary(page, /^30 messages · page 1 sur 2$/)).toBeVisible();
      const messages = page.getByRole("list", { name: "Messages" });
      await expect(messages.getByRole("link")).toHaveCount(25);
      await expect(messages.getByRole("link")).toContainText(range(1, 25).map(name));

      await pagination(page).getByRole("link", { name: "Suivante" }).click();
      await expectParams(page, { q: word, page: "2" });
      await expect(listSummary(page, /^30 messages · page 2 sur 2$/)).toBeVisible();
      await expect(messages.getByRole("link")).toHaveCount(5);
      await expect(messages.getByRole("link")).toContainText(range(26, 30).map(name));

      // The row shows the start of the text; the message opened shows it whole.
      const row = messages.getByRole("link", { name: new RegExp(literal(name(28))) });
      await expect(row).toContainText(`Renseignements · ${body(28).slice(0, 60)}`);
      await expect(row).toContainText("…");
      await expect(row).not.toContainText("Fin du message 28");
      await row.click();
      await expectParams(page, { q: word, page: "2", id: String(ids[27]) });
      const opened = page.getByRole("article");
      await expect(opened.getByRole("heading", { name: "Renseignements" })).toBeVisible();
      await expect(opened).toContainText(name(28));
      await expect(opened).toContainText(body(28));
      // Read now, it stays on this page (read messages come last). On a phone the opened
      // message replaces the list, and a link leads back to it.
      if (testInfo.project.name === "mobile") {
        await expect(messages).toBeHidden();
        await page.getByRole("link", { name: "Retour aux messages" }).click();
        await expectParams(page, { q: word, page: "2" });
      } else {
        await expect(row).toHaveAttribute("aria-current", "true");
      }
      await expect(row).not.toContainText("Non lu");
      await expect
        .poll(() => db().prepare("select read_at from contact_messages where id = ?").get(ids[27]))
        .not.toEqual({ read_at: null });

      // Another folder, the same search.
      await filterLink(folders, "Archives", 3).click();
      await expectParams(page, { q: word, dossier: "archives" });
      await expect(listSummary(page, /^3 messages$/)).toBeVisible();
      await expect(messages.getByRole("link")).toHaveCount(3);
      await expect(messages.getByRole("link")).toContainText(range(31, 33).map(name));
      await expect(filterLink(folders, "Archives", 3)).toHaveAttribute("aria-current", "true");

      // A narrower search: the folders count what it finds.
      await searchbox.fill(`${word} ${pad(33)}`);
      await page.getByRole("search").getByRole("button", { name: "Rechercher" }).click();
      await expectParams(page, { q: `${word} 33`, dossier: "archives" });
      await expect(filterLink(folders, "Boîte de réception", 0)).toBeVisible();
      await expect(filterLink(folders, "Archives", 1)).toHaveAttribute("aria-current", "true");
      await expect(filterLink(folders, "Spam", 0)).toBeVisible();
      await expect(messages.getByRole("link")).toHaveCount(1);
      await expect(messages.getByRole("link")).toContainText(name(33));
    } finally {
      deleteRows("contact_messages", ids);
    }
  },
);

test("Médias: 30 images searched and paged; the switch keeps the used ones, in the URL", async ({
  page,
}) => {
  const word = unique("affiche");
  const title = (n: number) => `Affiche ${word} ${pad(n)}`;
  // A real image at 30 addresses of their own (the query string is ignored when served).
  const url = (n: number) => `/images/placeholder.webp?affiche=${word}-${pad(n)}`;
  const ids: number[] = [];
  let articleId: number | undefined;
  try {
    inOneGo(() => {
      for (const n of range(1, 30)) ids.push(insertMediaItem(title(n), url(n), oldStamp(100 - n)));
    });
    // A draft article has n°07 as its cover: the site uses that one.
    articleId = insertPost({
      slug: `couverture-${word}`,
      title: `Couverture ${word}`,
      is_published: 0,
      image_url: url(7),
    });

    const panel = page.getByRole("tabpanel", { name: "Images du site" });
    await openAndSearch(page, {
      url: "/admin/media?tab=images",
      field: "Rechercher un média",
      word,
      within: panel,
      params: { tab: "images" },
    });
    await expect(listSummary(page, /^30 médias affichés sur 30 · page 1 sur 2$/)).toBeVisible();
    await expect(panel.getByText("1 utilisé sur le site · 29 inutilisés")).toBeVisible();
    const titles = panel
      .getByRole("list", { name: "Images du site" })
      .getByRole("textbox", { name: "Titre du média" });
    await expect(titles).toHaveCount(24);
    await expect(titles.first()).toHaveValue(title(1));

    // The library's pages come first; the site's other images have their own below.
    await pagination(panel).first().getByRole("link", { name: "Suivante" }).click();
    await expectParams(page, { tab: "images", q: word, page: "2" });
    await expect(listSummary(page, /^30 médias affichés sur 30 · page 2 sur 2$/)).toBeVisible();
    await expect(titles).toHaveCount(6);
    for (const [i, n] of range(25, 30).entries()) await expect(titles.nth(i)).toHaveValue(title(n));

    const onlyUsed = panel.getByRole("switch", {
      name: "Afficher uniquement les images utilisées",
    });
    await expect(onlyUsed).not.toBeChecked();
    await onlyUsed.click();
    await expectParams(page, { tab: "images", q: word, utilisation: "utilisees" });
    await expect(onlyUsed).toBeChecked();
    await expect(listSummary(page, /^1 média affiché sur 30$/)).toBeVisible();
    await expect(titles).toHaveCount(1);
    await expect(titles).toHaveValue(title(7));
    // Reloaded, the address still says so.
    await page.reload();
    await hydrated(page);
    await expect(onlyUsed).toBeChecked();
    await expect(titles).toHaveValue(title(7));
  } finally {
    deleteRows("media_items", ids);
    if (articleId) deleteRows("blog_posts", [articleId]);
  }
});

test("Essais: a person's name finds their sessions; the Période links change the URL and the list", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const word = unique("essai");
  const title = `Cours ${word}`;
  const today = parisToday();
  const wednesdayFrom = (date: string) => addDays(date, (2 - weekdayOfDate(date) + 7) % 7);
  // 29 to 35 days ago: past, and before the 7 days that "À venir" keeps for attendance.
  const past = wednesdayFrom(addDays(today, -35));
  const next = wednesdayFrom(addDays(today, 14));
  // A new activity shows on the public planning: under the public specs' lock.
  await withDbLock(async () => {
    const id = insertTrialClass({ title, day: "Mercredi", places: 4 });
    try {
      insertNamedBooking(id, next, { firstName: "Lina", lastName: word, email: `lina@${word}.fr` });
      insertNamedBooking(id, past, { firstName: "Noah", lastName: word, email: `noah@${word}.fr` });

      const searchbox = await openAndSearch(page, {
        url: "/admin/essais",
        field: "Rechercher une personne",
        word,
      });
      const period = page.getByRole("navigation", { name: "Période" });
      await expect(filterLink(period, "À venir", 1)).toHaveAttribute("aria-current", "true");
      await expect(filterLink(period, "Passées", 1)).toBeVisible();
      await expect(filterLink(period, "Toutes", 2)).toBeVisible();
      await expect(listSummary(page, /^1 personne$/)).toBeVisible();
      const sessions = page.getByRole("article", { name: title });
      await expect(sessions).toHaveCount(1);
      const upcoming = page.getByRole("region", { name: "À venir" }).getByRole("article", {
        name: title,
      });
      await expect(
        upcoming.getByRole("button", { name: `Annuler la réservation de Lina ${word}` }),
      ).toBeVisible();

      await filterLink(period, "Passées", 1).click();
      await expectParams(page, { q: word, periode: "passees" });
      await expect(filterLink(period, "Passées", 1)).toHaveAttribute("aria-current", "true");
      await expect(sessions).toHaveCount(1);
      const pastSession = page.getByRole("region", { name: "Passées" }).getByRole("article", {
        name: title,
      });
      await expect(
        pastSession.getByRole("group", { name: `Présence de Noah ${word}` }),
      ).toBeVisible();
      await expect(pastSession).not.toContainText("Lina");

      await filterLink(period, "Toutes", 2).click();
      await expectParams(page, { q: word, periode: "toutes" });
      await expect(listSummary(page, /^2 personnes$/)).toBeVisible();
      await expect(sessions).toHaveCount(2);

      // One person's name: only their session, in the period chosen.
      await searchbox.fill(`Noah ${word}`);
      await page.getByRole("search").getByRole("button", { name: "Rechercher" }).click();
      await expectParams(page, { q: `Noah ${word}`, periode: "toutes" });
      await expect(filterLink(period, "À venir", 0)).toBeVisible();
      await expect(filterLink(period, "Toutes", 1)).toHaveAttribute("aria-current", "true");
      await expect(sessions).toHaveCount(1);
      await expect(sessions).toContainText(`Noah ${word}`);
      await expect(sessions).not.toContainText("Lina");

      await filterLink(period, "À venir", 0).click();
      await expectParams(page, { q: `Noah ${word}` });
      await expect(listSummary(page, /^0 personne$/)).toBeVisible();
      await expect(sessions).toHaveCount(0);
    } finally {
      deleteClass(id);
    }
  });
});

test("Essais: 27 people of one session fill a page and go on over the next, each page saying so", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const word = unique("foule");
  const title = `Cours ${word}`;
  const today = parisToday();
  const next = addDays(today, 7 + ((3 - weekdayOfDate(today) + 7) % 7));
  await withDbLock(async () => {
    const id = insertTrialClass({ title, day: "Jeudi", places: 30 });
    try {
      inOneGo(() =>
        range(1, 27).forEach((n) =>
          insertNamedBooking(id, next, {
            firstName: `Élève${pad(n)}`,
            lastName: word,
            email: `eleve${pad(n)}@${word}.fr`,
          }),
        ),
      );
      await openAndSearch(page, { url: "/admin/essais", field: "Rechercher une personne", word });
      await expect(listSummary(page, /^27 personnes · page 1 sur 2$/)).toBeVisible();
      const session = page.getByRole("article", { name: title });
      await expect(session).toContainText("27 / 30 · 3 places restantes");
      await expect(session.getByRole("listitem")).toHaveCount(25);
      await expect(session).toContainText("2 personnes de cette séance sont sur la page suivante.");

      await pagination(page).getByRole("link", { name: "Page suivante" }).click();
      await expectParams(page, { q: word, page: "2" });
      await expect(session.getByRole("listitem")).toHaveCount(2);
      await expect(session).toContainText(`Élève27 ${word}`);
      await expect(session).toContainText(
        "25 personnes de cette séance sont sur la page précédente.",
      );
    } finally {
      deleteClass(id);
    }
  });
});

test("Pages: a search finds the pages of one word; the one opened by its address is in the editor", async ({
  page,
}) => {
  const word = unique("partenaires");
  const pages = ["a", "b", "c"].map((letter) => ({
    title: `Partenaires ${word} ${letter.toUpperCase()}`,
    slug: `/${word}-${letter}`,
    content: `<p>Texte de la page ${letter.toUpperCase()} (${word}).</p>`,
  }));
  const ids = inOneGo(() => pages.map(insertDraftPage));
  try {
    const list = page.getByRole("region", { name: "Liste des pages" });
    await openAndSearch(page, {
      url: "/admin/pages",
      field: "Rechercher une page",
      word,
      within: list,
    });
    await expect(listSummary(page, /^3 pages$/)).toBeVisible();
    const items = list.getByRole("listitem").getByRole("button");
    await expect(items).toHaveCount(3);
    await expect(items).toContainText(pages.map((p) => p.title));

    const editor = (n: number) => page.getByRole("region", { name: pages[n]!.title });
    const second = list.getByRole("button", { name: new RegExp(`^${literal(pages[1]!.title)}`) });
    await second.click();
    await expectParams(page, { q: word, id: String(ids[1]) });
    await expect(second).toHaveAttribute("aria-current", "true");
    await expect(editor(1).getByRole("textbox", { name: "Titre", exact: true })).toHaveValue(
      pages[1]!.title,
    );
    await expect(editor(1).getByRole("textbox", { name: "Contenu" })).toContainText(
      `Texte de la page B (${word}).`,
    );

    // The address opens the page with the list searched, as a shared link would.
    await page.goto(`/admin/pages?q=${word}&id=${ids[2]}`);
    await hydrated(page);
    await expect(listSummary(page, /^3 pages$/)).toBeVisible();
    await expect(
      list.getByRole("button", { name: new RegExp(`^${literal(pages[2]!.title)}`) }),
    ).toHaveAttribute("aria-current", "true");
    await expect(editor(2).getByRole("textbox", { name: "Contenu" })).toContainText(
      `Texte de la page C (${word}).`,
    );
  } finally {
    deleteRows("site_pages", ids);
  }
});

test("the blog list searched, on its page 2, passes axe", { tag: "@phone" }, async ({ page }) => {
  const word = unique("axe");
  // Drafts only: nothing a visitor sees changes, no lock needed.
  const ids = inOneGo(() =>
    range(1, 30).map((n) =>
      insertPost({
        slug: `${word}-${n}`,
        title: `Brouillon ${word} n°${pad(n)}`,
        is_published: 0,
        published_at: oldStamp(n),
      }),
    ),
  );
  try {
    await page.goto(`/admin/blog?q=${word}&page=2`);
    await hydrated(page);
    await expect(
      listSummary(page, /^30 articles trouvés sur \d[\d\s]* articles · page 2 sur 2$/),
    ).toBeVisible();
    await expect(
      pagination(page).getByRole("link", { name: "Page 2", exact: true }),
    ).toHaveAttribute("aria-current", "page");
    const results = await axeCheck(page).exclude("[data-sonner-toaster]").analyze();
    expect(
      results.violations.map((v) => ({
        id: v.id,
        targets: v.nodes.map((n) => n.target.join(" ")),
      })),
    ).toEqual([]);
  } finally {
    deleteRows("blog_posts", ids);
  }
});
