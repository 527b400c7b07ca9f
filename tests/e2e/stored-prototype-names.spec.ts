import { expect, test } from "@playwright/test";
import { withDbLock } from "./public-db";
import { db, withSetting, withSiteLock } from "./site-helpers";

/*
 * Stored text used as a lookup key: an icon, a social network or an activity
 * category named like a property of Object.prototype must not take a public page down.
 * Such rows cannot be saved through the back office any more; they are written here
 * directly, as an old row or a restored backup could hold them.
 */

const PROTOTYPE_NAMES = ["constructor", "__proto__", "hasOwnProperty", "valueOf"];

test("/entreprise answers 200 with its three features when icons hold prototype names", async ({
  page,
}) => {
  await withSiteLock("entreprise-main", async () => {
    const select = db().prepare(
      "select content, updated_at from site_content where category = 'entreprise' and section = 'main'",
    );
    const original = select.get() as { content: string; updated_at: string } | undefined;
    const features = PROTOTYPE_NAMES.slice(0, 3).map((icon, index) => ({
      title: `Atout ${index + 1}`,
      text: "Texte",
      icon,
    }));
    db()
      .prepare(
        `insert into site_content (category, section, content, updated_at)
         values ('entreprise', 'main', ?, ?)
         on conflict (category, section) do update set content = excluded.content,
           updated_at = excluded.updated_at`,
      )
      .run(JSON.stringify({ features }), new Date().toISOString());
    try {
      const response = await page.goto("/entreprise");
      expect(response?.status()).toBe(200);
      const articles = page.getByRole("article");
      await expect(articles.getByRole("heading")).toHaveText(["Atout 1", "Atout 2", "Atout 3"]);
      await expect(articles.locator("svg")).toHaveCount(3);
    } finally {
      if (original) {
        db()
          .prepare(
            "update site_content set content = ?, updated_at = ? where category = 'entreprise' and section = 'main'",
          )
          .run(original.content, original.updated_at);
      } else {
        db()
          .prepare("delete from site_content where category = 'entreprise' and section = 'main'")
          .run();
      }
    }
  });
});

test("the footer's social links and /planning survive prototype names", async ({ page }) => {
  const links = PROTOTYPE_NAMES.map((name, index) => ({
    id: `proto-${index}`,
    name,
    url: `https://example.org/${index}`,
    icon: "",
  }));
  await withSiteLock("social", () =>
    withSetting("social", { links }, async () => {
      const response = await page.goto("/contact");
      expect(response?.status()).toBe(200);
      const social = page.getByRole("list", { name: "Réseaux sociaux" });
      // An unknown network reads as a plain web link, with its lucide icon.
      await expect(
        social.getByRole("link", { name: "Site web (nouvel onglet)", exact: true }),
      ).toHaveCount(PROTOTYPE_NAMES.length);
      await expect(social.locator("img")).toHaveCount(0);
    }),
  );

  await withDbLock(async () => {
    const stamp = new Date().toISOString();
    const inserted = db()
      .prepare(
        `insert into schedule_activities (title, day, start_time, end_time, category, color, images, created_at, updated_at)
         values ('Séance prototype', 'Dimanche', '10:00', '11:00', 'constructor', '', '[]', ?, ?)`,
      )
      .run(stamp, stamp);
    try {
      const response = await page.goto("/planning?semaine=type");
      expect(response?.status()).toBe(200);
      // An unknown category reads as the default one, « Adultes ».
      await expect(
        page
          .getByRole("link", { name: /Séance prototype/ })
          .filter({ visible: true })
          .first(),
      ).toContainText("Adultes");
    } finally {
      db().prepare("delete from schedule_activities where id = ?").run(inserted.lastInsertRowid);
    }
  });
});
