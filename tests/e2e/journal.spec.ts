import { hydrated, restoreContent, snapshotContent, toast } from "./admin-content-db";
import { ensureVolunteer, expect, test } from "./fixtures";
import { db, withSiteLock } from "./site-helpers";
import { expectNoAxeViolations } from "./axe";

/*
 * The Journal (/admin/journal): a volunteer of the « Rédaction » changes the home page's
 * title in Contenu; the admin's Journal shows who did it, and still does once that
 * volunteer is deactivated. Each project has its own volunteer; the hero's title is
 * changed under the "hero" lock the other specs reading it take, and put back.
 */

test("the admin's Journal shows who changed the home page's title, even after a deactivation", async ({
  page,
  login,
}, testInfo) => {
  const username = `redaction-${testInfo.project.name}`;
  ensureVolunteer(username, "redaction");
  const { id } = db().prepare("select id from users where username = ?").get(username) as {
    id: number;
  };
  const since = new Date().toISOString();

  await withSiteLock("hero", async () => {
    const snapshot = snapshotContent("hero", "main");
    try {
      await login(username);
      await page.goto("/admin/content");
      await hydrated(page);
      const hero = page.getByRole("region", { name: "Bannière d'accueil · Principal" });
      await hero.getByLabel("Titre", { exact: true }).fill(`Boxe à Meyzieu ${Date.now()}`);
      await page.getByRole("button", { name: "Sauvegarder" }).click();
      await expect(toast(page, "Modifications sauvegardées avec succès")).toBeVisible();
    } finally {
      restoreContent(snapshot);
    }
  });

  // The volunteer reads their own act in their Journal.
  await page.goto("/admin/journal");
  await expect(page.getByRole("heading", { name: "Journal", level: 1 })).toBeVisible();
  const rows = page
    .locator("table tbody tr:visible, ul[aria-label='Journal des modifications'] > li:visible")
    .filter({ hasText: "Bannière d'accueil · Principal" });
  await expect(rows.first()).toContainText("Modification");

  // The admin chooses that person in the filter (a plain GET form) and sees their name.
  await page.context().clearCookies();
  await login();
  await page.goto("/admin/journal");
  await hydrated(page);
  await page.getByLabel("Personne").selectOption({ label: username });
  await page.getByRole("button", { name: "Rechercher" }).click();
  await expect(page).toHaveURL(new RegExp(`personne=${id}`));
  const theirs = rows.filter({ hasText: username });
  await expect(theirs.first()).toContainText("Modification");
  await expect(theirs.first()).toContainText("Contenu");

  // Deactivated since: the row reads the same.
  db()
    .prepare("update users set deactivated_at = ? where id = ?")
    .run(new Date().toISOString(), id);
  try {
    await page.reload();
    await expect(theirs.first()).toContainText(username);
    await expect(theirs.first()).toContainText("Bannière d'accueil · Principal");
    const stored = db()
      .prepare(
        "select count(*) as count from activity_log where user_id = ? and action = 'save' and item_type = 'content' and created_at >= ?",
      )
      .get(id, since) as { count: number };
    expect(stored.count).toBe(1);
    await expectNoAxeViolations(page);
  } finally {
    db().prepare("update users set deactivated_at = null where id = ?").run(id);
  }
});
