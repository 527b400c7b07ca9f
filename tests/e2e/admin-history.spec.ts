import {
  hydrated,
  restoreContent,
  snapshotContent,
  storedContent,
  toast,
} from "./admin-content-db";
import { expect, test } from "./fixtures";
import { withSiteLock } from "./site-helpers";

/*
 * The Historique panel, as a new volunteer uses it: the home's title changed three times
 * in Contenu, then the first text found in the panel (its words shown struck and added)
 * and restored after the confirmation; the editor and the home page show it again. Under
 * the "hero" lock the other specs reading the home's title take; the block's row is put
 * back afterwards.
 */

test.beforeEach(async ({ login }) => {
  await login();
});

test("the home's title changed three times, then the first text restored", async ({
  page,
}, testInfo) => {
  await withSiteLock("hero", async () => {
    const snapshot = snapshotContent("hero", "main");
    const stamp = `${testInfo.project.name}-${Date.now().toString(36)}`;
    const titles = [
      `Premier titre ${stamp}`,
      `Deuxième titre ${stamp}`,
      `Troisième titre ${stamp}`,
    ];
    try {
      await page.goto("/admin/content");
      await hydrated(page);
      const hero = page.getByRole("region", { name: "Bannière d'accueil · Principal" });
      const title = hero.getByLabel("Titre", { exact: true });
      const save = page.getByRole("button", { name: "Sauvegarder" });
      for (const text of titles) {
        await title.fill(text);
        await save.click();
        await expect(save).toBeDisabled();
        await expect.poll(() => storedContent("hero", "main")?.title).toBe(text);
      }

      await hero.getByRole("button", { name: "Historique" }).click();
      const panel = page.getByRole("dialog", { name: "Historique" });
      const versions = panel.getByRole("list", { name: "Versions" }).getByRole("button");
      await expect(versions.first()).toContainText("Modification");
      await expect(versions.first()).toContainText("(version actuelle)");
      await expect(versions.first()).toContainText("par admin");
      // Newest first: the first title is the third version from the top.
      await versions.nth(2).click();
      await expect(panel.getByText("De cette version à l'état actuel :")).toBeVisible();
      const change = panel.locator("dd").first();
      await expect(change.locator("del")).toHaveText("Premier");
      await expect(change.locator("ins")).toHaveText("Troisième");
      await expect(panel.getByRole("term").first()).toHaveText("Titre");

      const count = await versions.count();
      await panel.getByRole("button", { name: "Restaurer cette version" }).click();
      const confirm = panel.getByRole("group", { name: "Confirmer la restauration" });
      await expect(confirm).toContainText("Restaurer cette version ?");
      await confirm.getByRole("button", { name: "Restaurer", exact: true }).click();
      await expect(toast(page, "Version restaurée")).toBeVisible();
      await expect(panel).toBeHidden();
      await expect(title).toHaveValue(titles[0]!);
      expect(storedContent("hero", "main")).toMatchObject({ title: titles[0] });

      // The restore is a new version on top; nothing was rewritten.
      await hero.getByRole("button", { name: "Historique" }).click();
      await expect(versions.first()).toContainText("Restauration");
      await expect(versions).toHaveCount(count + 1);
      await page.keyboard.press("Escape");

      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(titles[0]!);
    } finally {
      restoreContent(snapshot);
    }
  });
});
