import { expect, test } from "@playwright/test";
import { canonicalHref, db, metaContent, serverHtml, withSiteLock } from "./site-helpers";
import { expectNoAxeViolations } from "./axe";

// Every test here reads or changes the training formats: all take the "formats" lock.

function formatIds(): number[] {
  return (
    db().prepare("select id from training_formats order by order_index, id").all() as {
      id: number;
    }[]
  ).map((row) => row.id);
}

test.describe("/entrainements", () => {
  test("the server's HTML holds one section per format, anchored by its id", async ({
    request,
  }) => {
    await withSiteLock("formats", async () => {
      const html = await serverHtml(request, "/entrainements");
      expect(html).toContain("<title>Nos formats d'entraînement | Boxing Club de Meyzieu</title>");
      expect(metaContent(html, "description")).toContain("Cours collectifs, coaching individuel");
      expect(canonicalHref(html)).toMatch(/\/entrainements$/);
      for (const id of formatIds()) expect(html).toContain(`<section id="format-${id}"`);
      expect(html).toContain("Ce qu'il faut apporter");
      expect(html).not.toContain("Aucun format disponible");
    });
  });

  test("each format has its icon, details, conclusion and contact button", async ({ page }) => {
    await withSiteLock("formats", async () => {
      await page.goto("/entrainements");
      const ids = formatIds();
      expect(ids).toHaveLength(3);
      const icons = ["lucide-users", "lucide-target", "lucide-heart"];
      for (const [index, id] of ids.entries()) {
        const section = page.locator(`section[id="format-${id}"]`);
        await expect(section.getByRole("heading", { level: 2 })).toBeVisible();
        await expect(section.locator(`svg.${icons[index]}`)).toHaveCount(1);
        expect(await section.getByRole("listitem").count()).toBeGreaterThan(2);
        await expect(section.getByRole("link", { name: "Nous contacter" })).toHaveAttribute(
          "href",
          "/contact",
        );
      }
      const trial = page.locator("section", {
        has: page.getByRole("heading", { name: "Cours d'essai gratuit" }),
      });
      await expect(trial.getByRole("heading", { name: "Ce qu'il faut apporter" })).toBeVisible();
      await expect(trial.getByRole("listitem")).toHaveCount(6);
      await expect(trial.getByText("Une bouteille d'eau")).toBeVisible();
      await expect(trial.getByRole("link", { name: "Réserver mon cours d'essai" })).toHaveAttribute(
        "href",
        "/essai",
      );
    });
  });

  test("a format's anchor from the home page leads to its section", async ({ page }) => {
    await withSiteLock("formats", async () => {
      await page.goto("/");
      const link = page.getByRole("link", { name: /Voir le détail : Boxe santé et cardio/ });
      const href = (await link.getAttribute("href"))!;
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      const id = href.split("#")[1]!;
      await expect(page.locator(`[id="${id}"]`)).toBeInViewport();
    });
  });

  test("without any format, the empty state shows", async ({ page, request }) => {
    await withSiteLock("formats", async () => {
      const rows = db().prepare("select * from training_formats").all() as Record<
        string,
        unknown
      >[];
      expect(rows.length).toBeGreaterThan(0);
      db().prepare("delete from training_formats").run();
      try {
        const html = await serverHtml(request, "/entrainements");
        expect(html).toContain("Aucun format disponible");
        expect(html).toContain("Aucun format d'entraînement n'est actuellement configuré.");
        await page.goto("/entrainements");
        await expect(page.getByRole("heading", { name: "Aucun format disponible" })).toBeVisible();
        await expect(page.getByText("Ce qu'il faut apporter")).toBeVisible();
      } finally {
        const columns = Object.keys(rows[0]!);
        const insert = db().prepare(
          `insert into training_formats (${columns.join(", ")}) values (${columns
            .map((c) => `@${c}`)
            .join(", ")})`,
        );
        db().transaction(() => rows.forEach((row) => insert.run(row)))();
      }
      expect(formatIds()).toHaveLength(rows.length);
    });
  });

  test("no accessibility violation", async ({ page }) => {
    await withSiteLock("formats", async () => {
      await page.goto("/entrainements");
      await expectNoAxeViolations(page);
    });
  });
});
