import { expect, test } from "./fixtures";
import { db, deletePosts, insertPost, unique, withDbLock } from "./public-db";
import { withSiteLock } from "./site-helpers";
import { axeCheck } from "./axe";

/*
 * The dashboard's cards show live counts. Other specs may add disciplines or formats to
 * the shared e2e database while this one runs, so the figure shown is compared with the
 * database's count read just before the page (retried until both agree), and the
 * seeded rows are checked to be there.
 */

function count(table: "disciplines" | "training_formats"): number {
  return (db().prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
}

test("the four cards show the live counts: 6 seeded disciplines, 3 formats", async ({
  page,
  login,
}) => {
  await login();
  await page.goto("/admin/dashboard");
  const card = (title: string) =>
    page.getByRole("listitem").filter({
      has: page.getByRole("heading", { name: title, exact: true }),
    });
  await expect(card("Disciplines")).toBeVisible();

  // Under the locks the specs deleting all but one discipline or format take: this test
  // never sees their emptied tables.
  await withSiteLock("disciplines", () =>
    withSiteLock("formats", async () => {
      expect(count("disciplines")).toBeGreaterThanOrEqual(6);
      expect(count("training_formats")).toBeGreaterThanOrEqual(3);
      await expect(async () => {
        const disciplines = count("disciplines");
        const formats = count("training_formats");
        await page.reload();
        await expect(card("Disciplines").getByText(/^\d+$/)).toHaveText(String(disciplines), {
          timeout: 1000,
        });
        await expect(card("Formats d'entraînement").getByText(/^\d+$/)).toHaveText(
          String(formats),
          {
            timeout: 1000,
          },
        );
      }).toPass({ timeout: 15_000 });
    }),
  );
  // Unread contact messages: front-desk.spec.ts may send some meanwhile.
  await expect(card("Messages").getByText(/^\d+$/)).toHaveText(/^\d+$/);
  await expect(card("Événements").getByText(/^\d+$/)).toHaveText(/^\d+$/);

  await expect(page.getByRole("heading", { name: "Guide rapide" })).toBeVisible();
  const quick = page.getByRole("region", { name: "Accès rapide" });
  await expect(quick.getByRole("link", { name: /Contenu/ })).toHaveAttribute(
    "href",
    "/admin/content",
  );
  await expect(quick.getByRole("link", { name: /Changer le mot de passe/ })).toHaveAttribute(
    "href",
    "/admin/settings/account",
  );
});

test("the Événements card counts the published articles of the evenement category, live", async ({
  page,
  login,
}) => {
  await login();
  const published = () =>
    (
      db()
        .prepare(
          "select count(*) as n from blog_posts where category = 'evenement' and is_published = 1",
        )
        .get() as { n: number }
    ).n;
  const events = page.getByRole("listitem").filter({
    has: page.getByRole("heading", { name: "Événements", exact: true }),
  });
  // Articles are published by other specs under this lock: the count is stable inside it.
  await withDbLock(async () => {
    const ids: number[] = [];
    try {
      const before = published();
      await page.goto("/admin/dashboard");
      await expect(events.getByText(/^\d+$/)).toHaveText(String(before));
      const slug = unique("evenement-tableau");
      ids.push(insertPost({ slug, title: slug, category: "evenement" }));
      // Neither a draft event nor a published article of another category counts.
      ids.push(
        insertPost({
          slug: `${slug}-brouillon`,
          title: `${slug} b`,
          category: "evenement",
          is_published: 0,
        }),
      );
      ids.push(insertPost({ slug: `${slug}-stage`, title: `${slug} s`, category: "stage" }));
      await page.reload();
      await expect(events.getByText(/^\d+$/)).toHaveText(String(before + 1));
    } finally {
      deletePosts(ids);
    }
  });
});

test("the dashboard has no accessibility violation", async ({ page, login }) => {
  await login();
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("heading", { name: "Tableau de bord", level: 1 })).toBeVisible();
  const results = await axeCheck(page).analyze();
  expect(
    results.violations.map((v) => ({
      id: v.id,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
    })),
  ).toEqual([]);
});
