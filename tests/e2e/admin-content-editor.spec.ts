import { BAD_IMAGES, png, removeUpload, tagged } from "./admin-media-files";
import {
  hydrated,
  restoreContent,
  slowPosts,
  snapshotContent,
  storedContent,
  toast,
} from "./admin-content-db";
import { expect, test } from "./fixtures";
import { withDbLock } from "./public-db";
import { db, withSiteLock } from "./site-helpers";
import { expectNoAxeViolations } from "./axe";

/*
 * The content editor (/admin/content): tabs over the page blocks, pending edits with the
 * unsaved banner, one save for all, validation, stale refusal, and the public page
 * showing what was saved. Saves change what visitors see: they run on the desktop project
 * only, each restoring the block's row; the hero's title is changed under the "hero" lock
 * that the specs reading it take too.
 */

const TABS = [
  "Accueil",
  "À propos",
  "Disciplines",
  "Entraînements",
  "Entreprise",
  "Pages",
  "Contact",
];
const UNSAVED = "Vous avez des modifications non sauvegardées";

test.beforeEach(async ({ login }) => {
  await login();
});

test("tabs, fields drawn from each block, unsaved banner and Save states", async ({ page }) => {
  await page.goto("/admin/content");
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Contenu du site", level: 1 })).toBeVisible();
  await expect(page.getByRole("tab")).toHaveText(TABS);
  await expect(page.getByRole("tab", { name: "Accueil" })).toHaveAttribute("aria-selected", "true");

  const hero = page.getByRole("region", { name: "Bannière d'accueil · Principal" });
  const title = hero.getByLabel("Titre", { exact: true });
  await expect(title).toHaveValue("Boxing Club de Meyzieu");
  // A long default gets a text area; an image field an upload and an address.
  await expect(hero.getByRole("textbox", { name: "Sous-titre" })).toHaveJSProperty(
    "tagName",
    "TEXTAREA",
  );
  await expect(hero.getByLabel("Image de fond", { exact: true })).toHaveAttribute("type", "file");
  await expect(hero.getByLabel("Adresse de l'image (image de fond)")).toHaveValue(/^\/uploads\//);

  const save = page.getByRole("button", { name: "Sauvegarder" });
  await expect(save).toBeDisabled();
  await expect(page.getByText(UNSAVED)).toBeHidden();
  // Pressing the disabled button says there is nothing to save.
  await save.focus();
  await page.keyboard.press("Enter");
  await expect(toast(page, "Aucune modification à sauvegarder")).toBeVisible();

  await title.fill("Titre en cours");
  await expect(page.getByText(UNSAVED)).toBeVisible();
  await expect(save).toBeEnabled();
  await expect(hero.getByText("Modifié")).toBeVisible();
  await expect(page.getByRole("tab", { name: "Accueil (modifié)" })).toBeVisible();
  // Back to the loaded text: nothing pending any more.
  await title.fill("Boxing Club de Meyzieu");
  await expect(page.getByText(UNSAVED)).toBeHidden();
  await expect(save).toBeDisabled();

  // Lists: a list of texts and a list of objects, with add and remove.
  await page.getByRole("tab", { name: "À propos" }).click();
  await expect(page).toHaveURL(/tab=a-propos/);
  const about = page.getByRole("region", { name: "À propos · Principal" });
  const paragraphs = about.getByRole("group", { name: "Paragraphes" });
  await expect(paragraphs.getByRole("textbox")).toHaveCount(3);
  await paragraphs.getByRole("button", { name: /Ajouter un élément/ }).click();
  await expect(paragraphs.getByRole("textbox")).toHaveCount(4);
  await expect(paragraphs.getByLabel("Paragraphe 4", { exact: true })).toBeFocused();
  await expect(page.getByText(UNSAVED)).toBeVisible();
  const highlights = about.getByRole("group", { name: "Chiffres clés", exact: true });
  await highlights.getByRole("button", { name: "Supprimer chiffre clé 3" }).click();
  await expect(highlights.getByRole("group")).toHaveCount(2);

  // Actualiser with pending edits asks first, then drops them.
  await page.getByRole("button", { name: "Actualiser" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Abandonner les modifications ?" });
  await dialog.getByRole("button", { name: "Abandonner et actualiser" }).click();
  await expect(paragraphs.getByRole("textbox")).toHaveCount(3);
  await expect(highlights.getByRole("group")).toHaveCount(3);
  await expect(page.getByText(UNSAVED)).toBeHidden();
});

test("an uploaded image fills the image address; leaving with pending edits asks first", async ({
  page,
}) => {
  await page.goto("/admin/content?tab=a-propos");
  await hydrated(page);
  const about = page.getByRole("region", { name: "À propos · Principal" });
  const address = about.getByLabel("Adresse de l'image (image)");
  const before = await address.inputValue();
  await about.getByLabel("Image", { exact: true }).setInputFiles(await png("club.png"));
  await expect(toast(page, "Image uploadée avec succès")).toBeVisible();
  await expect(address).toHaveValue(/^\/uploads\/site-images\/\d+-club\.png$/);
  expect(await address.inputValue()).not.toBe(before);
  await expect(page.getByText(UNSAVED)).toBeVisible();

  await page
    .getByRole("navigation", { name: "Administration" })
    .getByRole("link", { name: "Menu" })
    .click();
  const leave = page.getByRole("alertdialog", { name: "Quitter sans sauvegarder ?" });
  await expect(leave).toBeVisible();
  await leave.getByRole("button", { name: "Rester sur la page" }).click();
  await expect(page).toHaveURL(/\/admin\/content/);
  await expect(address).toHaveValue(/club\.png$/);
});

test("an upload shows 'Upload en cours...' and a rising progress bar, then its success", async ({
  page,
}) => {
  await page.goto("/admin/content?tab=a-propos");
  await hydrated(page);
  const about = page.getByRole("region", { name: "À propos · Principal" });
  const address = about.getByLabel("Adresse de l'image (image)");
  // Every value the bar shows, sampled in the page until it goes away.
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { progressSeen: number[] }).progressSeen = seen;
    const sample = () => {
      const bar = document.querySelector("progress");
      if (bar && seen.at(-1) !== bar.value) seen.push(bar.value);
      requestAnimationFrame(sample);
    };
    sample();
  });
  // The upload is throttled to about 1 MB/s (Chromium's network emulation) so that its
  // bytes leave over about two seconds and the bar can be seen rising.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 1_000_000,
  });
  const file = await png("progression.png");
  file.buffer = Buffer.concat([file.buffer, Buffer.alloc(2_000_000)]);
  await about.getByLabel("Image", { exact: true }).setInputFiles(file);
  await expect(toast(page, "Upload en cours...")).toBeVisible();
  const bar = about.getByRole("progressbar", { name: "Envoi de progression.png" });
  await expect(bar).toBeVisible();
  await expect(about.getByRole("button", { name: "Annuler l'upload" })).toBeVisible();
  // Caught half-way: the bar and its text say the same share, between 0 and 100.
  await expect(bar).toHaveAttribute("aria-valuetext", /^[1-9]\d? %$/);
  // Read at the same instant: the value keeps moving.
  const shown = await bar.evaluate((el: HTMLProgressElement) => ({
    value: `${el.value} %`,
    valuetext: el.getAttribute("aria-valuetext"),
    text: el.nextElementSibling?.textContent,
  }));
  expect(shown.valuetext).toBe(shown.value);
  expect(shown.text).toBe(shown.value);

  await expect(toast(page, "Image uploadée avec succès")).toBeVisible();
  await expect(toast(page, "Upload en cours...")).toHaveCount(0);
  await expect(bar).toHaveCount(0);
  await expect(address).toHaveValue(/^\/uploads\/site-images\/\d+-progression\.png$/);
  const seen = await page.evaluate(
    () => (window as unknown as { progressSeen: number[] }).progressSeen,
  );
  // From 0, only ever up, through several steps on the way.
  expect(seen[0]).toBe(0);
  expect(seen).toEqual([...seen].sort((a, b) => a - b));
  expect(new Set(seen).size).toBe(seen.length);
  expect(seen.filter((value) => value > 0 && value < 100).length).toBeGreaterThanOrEqual(3);
  removeUpload(await address.inputValue());
});

test("an image field refuses what is not an image; the address and the page stay as they were", async ({
  page,
}) => {
  await page.goto("/admin/content?tab=a-propos");
  await hydrated(page);
  const about = page.getByRole("region", { name: "À propos · Principal" });
  const address = about.getByLabel("Adresse de l'image (image)");
  const before = await address.inputValue();
  for (const { label, file } of BAD_IMAGES.filter((bad) => bad.file.name.endsWith(".png"))) {
    const upload = tagged(file);
    await about.getByLabel("Image", { exact: true }).setInputFiles(upload.file);
    await expect(about.getByText("Veuillez sélectionner une image"), label).toBeVisible();
    await expect(address).toHaveValue(before);
    expect(upload.stored(), label).toEqual([]);
  }
  await expect(page.getByText(UNSAVED)).toBeHidden();
});

test.describe("saving", () => {
  test.describe.configure({ mode: "serial" });

  test("the hero title: saved, shown after a reload and on /, then restored", async ({ page }) => {
    await withSiteLock("hero", async () => {
      const snapshot = snapshotContent("hero", "main");
      const title = `Boxe à Meyzieu ${Date.now().toString(36)}`;
      try {
        await page.goto("/admin/content");
        await hydrated(page);
        const hero = page.getByRole("region", { name: "Bannière d'accueil · Principal" });
        await hero.getByLabel("Titre", { exact: true }).fill(title);
        await slowPosts(page, "/admin/content");
        const save = page.getByRole("button", { name: "Sauvegarder" });
        await save.click();
        await expect(page.getByRole("button", { name: "Sauvegarde..." })).toBeDisabled();
        await expect(toast(page, "Modifications sauvegardées avec succès")).toBeVisible();
        await expect(page.getByText(UNSAVED)).toBeHidden();
        await expect(save).toBeDisabled();
        expect(storedContent("hero", "main")).toMatchObject({ title });

        await page.reload();
        await expect(hero.getByLabel("Titre", { exact: true })).toHaveValue(title);
        await page.goto("/");
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      } finally {
        restoreContent(snapshot);
      }
    });
  });

  test("an invalid link is refused with its message and nothing is saved", async ({ page }) => {
    const snapshot = snapshotContent("inscription", "forms");
    try {
      await page.goto("/admin/content?tab=pages");
      await hydrated(page);
      const block = page.getByRole("region", { name: "Inscription · Formulaires" });
      await block.getByLabel("Titre", { exact: true }).fill("Formulaires à remplir");
      await page.getByRole("tab", { name: "Accueil" }).click();
      const link = page
        .getByRole("region", { name: "Bannière d'accueil · Principal" })
        .getByLabel("Lien du bouton principal");
      await link.fill("javascript:alert(1)");
      await page.getByRole("button", { name: "Sauvegarder" }).click();
      const message =
        "Adresse invalide : elle doit commencer par / (page du site) ou par http:// ou https://";
      await expect(page.getByText(message)).toBeVisible();
      await expect(link).toHaveAttribute("aria-invalid", "true");
      await expect(toast(page, /Certains champs sont invalides/)).toBeVisible();
      // Nothing half-saved: the valid block waits with the invalid one.
      expect(storedContent("inscription", "forms")).toEqual(
        snapshot.row ? JSON.parse(snapshot.row.content) : null,
      );
      await expect(page.getByText(UNSAVED)).toBeVisible();
      await expect(link).toHaveValue("javascript:alert(1)");
      // Fixing the field clears its message.
      await link.fill("/contact");
      await expect(page.getByText(message)).toBeHidden();
    } finally {
      restoreContent(snapshot);
    }
  });

  test("a save the server fails says so and loses nothing: pending edits, banner, nothing half-saved", async ({
    page,
  }) => {
    const hero = snapshotContent("blog", "hero");
    const feed = snapshotContent("blog", "feed");
    const trigger = (event: "insert" | "update") =>
      `create trigger e2e_content_fail_${event} before ${event} on site_content
       when new.category = 'blog' and new.section = 'feed'
       begin select raise(abort, 'e2e: write refused'); end`;
    const allowWrites = () => {
      for (const event of ["insert", "update"]) {
        db().exec(`drop trigger if exists e2e_content_fail_${event}`);
      }
    };
    // The blog's own texts: under the lock the public blog specs take.
    await withDbLock(async () => {
      try {
        await page.goto("/admin/content?tab=pages");
        await hydrated(page);
        const heroTitle = page
          .getByRole("region", { name: "Blog · Bannière" })
          .getByLabel("Titre", { exact: true });
        const feedTitle = page
          .getByRole("region", { name: "Blog · Flux RSS" })
          .getByLabel("Titre", { exact: true });
        await heroTitle.fill("Actualités jamais enregistrées");
        await feedTitle.fill("Flux jamais enregistré");
        await expect(page.getByText(UNSAVED)).toBeVisible();

        // The database refuses the second block inside the server's one transaction.
        allowWrites();
        db().exec(trigger("insert"));
        db().exec(trigger("update"));
        const save = page.getByRole("button", { name: "Sauvegarder" });
        await save.click();
        await expect(toast(page, /^Erreur lors de la sauvegarde$/)).toBeVisible();
        await expect(page.getByText(UNSAVED)).toBeVisible();
        await expect(heroTitle).toHaveValue("Actualités jamais enregistrées");
        await expect(feedTitle).toHaveValue("Flux jamais enregistré");
        await expect(save).toBeEnabled();
        // All or nothing: neither block was written, not even the one the database accepts.
        expect(snapshotContent("blog", "hero")).toEqual(hero);
        expect(snapshotContent("blog", "feed")).toEqual(feed);

        // The kept edits save as they are once the database accepts them.
        allowWrites();
        await save.click();
        await expect(toast(page, "Modifications sauvegardées avec succès")).toBeVisible();
        await expect(page.getByText(UNSAVED)).toBeHidden();
        expect(storedContent("blog", "hero")).toMatchObject({
          title: "Actualités jamais enregistrées",
        });
        expect(storedContent("blog", "feed")).toMatchObject({ title: "Flux jamais enregistré" });
      } finally {
        allowWrites();
        restoreContent(hero);
        restoreContent(feed);
      }
    });
  });
});

test("a save that gets no answer (connection lost) says so and loses nothing", async ({ page }) => {
  await page.goto("/admin/content?tab=pages");
  await hydrated(page);
  const heroTitle = page
    .getByRole("region", { name: "Blog · Bannière" })
    .getByLabel("Titre", { exact: true });
  await heroTitle.fill("Titre tapé hors connexion");
  // The POST never reaches the server; nothing is written, so no lock is needed.
  await page.route("**/admin/content*", (route) =>
    route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue(),
  );
  await page.getByRole("button", { name: "Sauvegarder" }).click();
  await expect(toast(page, /^Le serveur ne répond pas : rien n'a été enregistré/)).toBeVisible();
  await expect(page.getByText("Une erreur est survenue")).toHaveCount(0);
  await expect(page.getByText(UNSAVED)).toBeVisible();
  await expect(heroTitle).toHaveValue("Titre tapé hors connexion");
  await expect(page.getByRole("button", { name: "Sauvegarder" })).toBeEnabled();
});

test("the content editor passes axe on each tab", async ({ page }) => {
  test.setTimeout(120_000); // seven tabs, one axe run each
  await page.goto("/admin/content");
  await hydrated(page);
  for (const name of TABS) {
    await page.getByRole("tab", { name }).click();
    await expect(page.getByRole("tab", { name })).toHaveAttribute("aria-selected", "true");
    await expectNoAxeViolations(page);
  }
});
