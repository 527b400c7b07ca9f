import fs from "node:fs";
import type { Page } from "@playwright/test";
import {
  BAD_IMAGES,
  db,
  MINIMAL_PDF,
  mp4,
  png,
  removeUpload,
  tagged,
  uploadPath,
  webmLasting,
} from "./admin-media-files";
import { expect, test } from "./fixtures";
import { withSiteLock } from "./site-helpers";

/*
 * The logo and the home video change what every visitor sees: these tests run on the
 * desktop project only, one at a time, under the locks the public specs take for the
 * same settings ("logo", "home-video"), and put the settings back afterwards.
 */

test.describe.configure({ mode: "serial", timeout: 90_000 });

type SettingsRow = { settings: string; updated_at: string };
const readSettings = (category: string) =>
  db()
    .prepare("select settings, updated_at from site_settings where category = ?")
    .get(category) as SettingsRow;
const restoreSettings = (category: string, row: SettingsRow) =>
  db()
    .prepare("update site_settings set settings = ?, updated_at = ? where category = ?")
    .run(row.settings, row.updated_at, category);

const toasts = (page: Page) => page.getByRole("region", { name: /^Notifications/ });

async function openTab(page: Page, tab: string) {
  await page.goto("/admin/media");
  await page.locator("[data-shell-ready]").waitFor();
  await page.getByRole("tab", { name: tab }).click();
}

test("a new logo shows in the public header and footer, and in the library as used", async ({
  page,
  login,
  browser,
}) => {
  await withSiteLock("logo", async () => {
    const original = readSettings("logo");
    let newUrl = "";
    try {
      await login();
      await openTab(page, "Logo");
      await page.getByLabel("Nouveau logo").setInputFiles(await png("nouveau-logo.png", "#d4af37"));
      await expect(toasts(page).getByText("Logo mis à jour avec succès")).toBeVisible();
      await expect
        .poll(() => (JSON.parse(readSettings("logo").settings) as { url: string }).url)
        .toMatch(/^\/uploads\/site-images\/\d+-nouveau-logo\.png$/);
      newUrl = (JSON.parse(readSettings("logo").settings) as { url: string }).url;
      await expect(page.getByRole("img", { name: "Logo actuel" })).toHaveAttribute("src", newUrl);

      // A visitor sees it.
      const visitor = await browser.newPage();
      await visitor.goto("/");
      await expect(visitor.getByRole("banner").locator("img").first()).toHaveAttribute(
        "src",
        newUrl,
      );
      await expect(
        visitor.getByRole("contentinfo").getByRole("img", { name: /^Logo du / }),
      ).toHaveAttribute("src", newUrl);
      await visitor.close();

      // It is in the library, used, so it cannot be deleted.
      await page.getByRole("tab", { name: "Images du site" }).click();
      const card = page
        .getByRole("list", { name: "Images du site" })
        .getByRole("listitem")
        .filter({
          // The card shows the logo's smallest WebP variant (or the file itself).
          has: page.locator(`img[src^="${newUrl.replace(/\.png$/, "")}"]`),
        });
      await expect(card.getByText("Utilisée sur le site").first()).toBeVisible();
      await expect(card.getByRole("button", { name: /Supprimer/ })).toBeDisabled();
    } finally {
      restoreSettings("logo", original);
      if (newUrl) {
        db().prepare("delete from media_items where url = ?").run(newUrl);
        removeUpload(newUrl);
      }
    }
  });
});

test("home video: real progress, unplayable preview error, replacement deletes the old file, long video warning, public hero", async ({
  page,
  login,
  browser,
  context,
}) => {
  const longVideo = await webmLasting(browser, 45);
  await withSiteLock("home-video", async () => {
    const original = readSettings("home_video");
    const uploaded: string[] = [];
    try {
      await login();
      await openTab(page, "Vidéo d'accueil");
      await page.getByLabel("Titre de la vidéo").fill("Entraînement du samedi");

      // Slow uploads, so the progress bar is seen moving with the bytes sent.
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: 400 * 1024,
      });
      await page
        .getByLabel("Nouvelle vidéo")
        .setInputFiles({ name: "entrainement.mp4", mimeType: "video/mp4", buffer: mp4(1_500_000) });
      const progress = page.getByRole("progressbar", { name: "Envoi de entrainement.mp4" });
      await expect(progress).toBeVisible();
      await expect
        .poll(async () => Number(await progress.getAttribute("value").catch(() => "100")))
        .toBeGreaterThan(0);
      await expect(toasts(page).getByText(/^Vidéo chargée avec succès/)).toBeVisible({
        timeout: 30_000,
      });
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      const first = JSON.parse(readSettings("home_video").settings) as {
        url: string;
        title: string;
      };
      expect(first.url).toMatch(/^\/uploads\/site-images\/\d+-entrainement\.mp4$/);
      expect(first.title).toBe("Entraînement du samedi");
      uploaded.push(first.url);
      expect(fs.existsSync(uploadPath(first.url))).toBe(true);
      // This MP4 holds no picture: the admin's preview says so.
      await expect(page.getByText("Erreur lors du chargement de la vidéo")).toBeVisible();

      // A real 45 s video replaces it: the old file is deleted, the length is warned about.
      await page
        .getByLabel("Nouvelle vidéo")
        .setInputFiles({ name: "gala.webm", mimeType: "video/webm", buffer: longVideo });
      await expect(
        toasts(page).getByText("Vidéo chargée avec succès - L'ancienne vidéo a été supprimée"),
      ).toBeVisible();
      const second = JSON.parse(readSettings("home_video").settings) as { url: string };
      expect(second.url).toMatch(/^\/uploads\/site-images\/\d+-gala\.webm$/);
      uploaded.push(second.url);
      expect(fs.existsSync(uploadPath(first.url))).toBe(false);
      await expect(page.getByLabel("Aperçu de la vidéo d'accueil")).toHaveAttribute(
        "src",
        second.url,
      );
      await expect(
        page.getByText(
          "Cette vidéo dure 45 secondes : moins de 30 secondes sont recommandées pour la page d'accueil.",
        ),
      ).toBeVisible();

      // The public home page plays it in its hero.
      const html = await (await page.request.get("/")).text();
      expect(html).toMatch(new RegExp(`<video[^>]*src="${second.url}"`));
    } finally {
      restoreSettings("home_video", original);
      for (const url of uploaded) removeUpload(url);
    }
  });
});

test("a file that is not a video, or not an image, is refused by the video and logo uploads; nothing changes", async ({
  page,
  login,
}) => {
  // Under both locks: the settings compared at the end are not changed by another spec.
  await withSiteLock("home-video", () => withSiteLock("logo", () => refusals(page, login)));
});

async function refusals(page: Page, login: () => Promise<string>) {
  const logo = readSettings("logo");
  const video = readSettings("home_video");
  await login();
  await openTab(page, "Vidéo d'accueil");
  const uploads = [
    tagged({ name: "clip.mp4", mimeType: "video/mp4", buffer: Buffer.from("Pas une vidéo.\n") }),
    tagged({ name: "tarifs.mp4", mimeType: "video/mp4", buffer: MINIMAL_PDF }),
    tagged(BAD_IMAGES.find((bad) => bad.label === "an SVG holding a script")!.file),
  ];
  await page.getByLabel("Nouvelle vidéo").setInputFiles(uploads[0]!.file);
  await expect(
    page.getByText("Format vidéo non pris en charge (MP4, WebM ou OGG)").first(),
  ).toBeVisible();
  await page.getByLabel("Nouvelle vidéo").setInputFiles(uploads[1]!.file);
  await expect(
    page.getByText("Format vidéo non pris en charge (MP4, WebM ou OGG)").first(),
  ).toBeVisible();

  await page.getByRole("tab", { name: "Logo" }).click();
  await page.getByLabel("Nouveau logo").setInputFiles(uploads[2]!.file);
  await expect(page.getByText("Veuillez sélectionner une image").first()).toBeVisible();
  await expect(toasts(page).getByText("Logo mis à jour avec succès")).toHaveCount(0);

  expect(readSettings("logo")).toEqual(logo);
  expect(readSettings("home_video")).toEqual(video);
  expect(uploads.flatMap((upload) => upload.stored())).toEqual([]);
}
