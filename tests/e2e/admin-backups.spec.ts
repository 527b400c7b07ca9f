import fs from "node:fs";
import { gunzipSync } from "node:zlib";
import { expect, test } from "./fixtures";
import { hydrated, toast } from "./admin-disciplines-db";
import { expectNoAxeViolations } from "./axe";

/*
 * Sauvegardes (/admin/sauvegardes): an admin makes a backup with « Sauvegarder
 * maintenant », sees it in the list and downloads it: a gzip'd tar ending with its
 * manifest.
 */

const list = (page: import("@playwright/test").Page) =>
  page.getByRole("list", { name: "Sauvegardes, de la plus récente à la plus ancienne" });

test("an admin backs the site up now, sees the archive listed and downloads it", async ({
  page,
  login,
}) => {
  // One click per run: the two projects would otherwise back up at the same second.
  await login();
  await page.goto("/admin/sauvegardes");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Sauvegardes" })).toBeVisible();
  // The night's first backup (a minute after the server started) may be listed or not.
  const manual = list(page).getByRole("listitem").filter({ hasText: "Manuelle" });
  const before = await manual.count();

  await page.getByRole("button", { name: "Sauvegarder maintenant" }).click();
  await expect(toast(page, /^Sauvegarde faite : sauvegarde-/)).toBeVisible();
  await expect(manual).toHaveCount(before + 1);
  const newest = manual.first();
  await expect(page.getByText(/^Dernière sauvegarde :/)).toBeVisible();

  const downloading = page.waitForEvent("download");
  await newest.getByRole("link", { name: /^Télécharger/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^sauvegarde-.+Z\.tar\.gz$/);
  const bytes = fs.readFileSync((await download.path())!);
  expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]); // gzip
  const tar = gunzipSync(bytes);
  expect(tar.includes(Buffer.from("manifest.json"))).toBe(true);
  expect(tar.includes(Buffer.from('"format": "club-backup/1"'))).toBe(true);
  await expectNoAxeViolations(page);
});

test(
  "the screen reads on a phone: status, list and how to restore",
  { tag: "@phone" },
  async ({ page, login, isMobile }) => {
    test.skip(!isMobile, "the desktop test above covers the wide layout");
    await login();
    await page.goto("/admin/sauvegardes");
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "État des sauvegardes" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Restaurer une sauvegarde" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Sauvegarder maintenant" })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await expectNoAxeViolations(page);
  },
);
