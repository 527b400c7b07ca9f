import { expect, test } from "@playwright/test";
import {
  activityId,
  deleteInscriptionForms,
  deleteSitePages,
  insertInscriptionForm,
  insertSitePage,
  unique,
  withDbLock,
  seededPostsInBlogOrder,
} from "./public-db";

test.describe("inscription", () => {
  test.describe.configure({ timeout: 120_000 });

  test("says so when no form is active", async ({ page }) => {
    await withDbLock(async () => {
      const inactive = insertInscriptionForm({
        title: "Formulaire désactivé",
        description: "",
        file_url: "/uploads/site-documents/inscriptions/ancien.pdf",
        order_index: 0,
        is_active: 0,
      });
      try {
        await page.goto("/inscription");
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Inscription");
        await expect(
          page.getByText("Aucun formulaire d'inscription disponible pour le moment."),
        ).toBeVisible();
        await expect(page.getByText("Formulaire désactivé")).toHaveCount(0);
      } finally {
        deleteInscriptionForms([inactive]);
      }
    });
  });

  test("lists active forms in order: a download link, or a disabled button without a file", async ({
    page,
    request,
  }) => {
    await withDbLock(async () => {
      const ids = [
        insertInscriptionForm({
          title: "Formulaire mineurs",
          description: "Pour les enfants et les ados.",
          file_url: null,
          order_index: 2,
        }),
        insertInscriptionForm({
          title: "Formulaire adultes",
          description: "Pour les adhérents majeurs.",
          file_url: "/uploads/site-documents/inscriptions/formulaire-adultes.pdf",
          order_index: 1,
        }),
      ];
      try {
        const html = await (await request.get("/inscription")).text();
        expect(html).toContain("Formulaire adultes");
        expect(html).toContain("Télécharger le formulaire");

        await page.goto("/inscription");
        const forms = page.getByRole("main").getByRole("heading", { level: 3 });
        await expect(forms).toHaveText(["Formulaire adultes", "Formulaire mineurs"]);
        const download = page.getByRole("link", { name: "Télécharger le formulaire" });
        await expect(download).toHaveCount(1);
        await expect(download).toHaveAttribute(
          "href",
          "/uploads/site-documents/inscriptions/formulaire-adultes.pdf",
        );
        await expect(download).toHaveAttribute("download", "formulaire-adultes.pdf");
        const soon = page.getByRole("button", { name: "Formulaire bientôt disponible" });
        await expect(soon).toBeDisabled();
        await expect(page.getByText("Pour les enfants et les ados.")).toBeVisible();
        await expect(
          page.getByText("Aucun formulaire d'inscription disponible pour le moment."),
        ).toHaveCount(0);
      } finally {
        deleteInscriptionForms(ids);
      }
    });
  });
});

test.describe("site pages", () => {
  test("a published page is served at its slug in its template, its HTML cleaned", async ({
    page,
    request,
  }) => {
    const sidebar = unique("/mentions-legales");
    const fullWidth = unique("/partenaires");
    const ids = [
      insertSitePage({
        title: "Mentions légales",
        slug: sidebar,
        template: "sidebar",
        is_published: 1,
        content:
          '<h2>Éditeur du site</h2><p onclick="alert(1)">Le site est édité par le club.</p><script>document.title="piraté"</script><a href="javascript:alert(1)">lien piégé</a>',
      }),
      insertSitePage({
        title: "Nos partenaires",
        slug: fullWidth,
        template: "full-width",
        is_published: 1,
        content: "<p>Merci à nos partenaires.</p>",
      }),
    ];
    try {
      const response = await request.get(sidebar);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toContain("Le site est édité par le club.");
      expect(html).not.toContain("piraté");
      expect(html).not.toContain("onclick");
      expect(html).not.toContain("javascript:");

      await page.goto(sidebar);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mentions légales");
      await expect(page.getByRole("heading", { name: "Éditeur du site" })).toBeVisible();
      const aside = page.getByRole("complementary");
      await expect(aside.getByRole("heading", { name: "Nos coordonnées" })).toBeVisible();
      await expect(aside.getByText("69330 MEYZIEU")).toBeVisible();
      await expect(aside.getByRole("link", { name: /^mailto:|@/ })).toHaveAttribute(
        "href",
        /^mailto:/,
      );

      await page.goto(fullWidth);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nos partenaires");
      await expect(page.getByText("Merci à nos partenaires.")).toBeVisible();
      await expect(page.getByRole("complementary")).toHaveCount(0);
    } finally {
      deleteSitePages(ids);
    }
  });

  test("a draft page and unknown paths answer the English 404", async ({ page }) => {
    const slug = unique("/brouillon");
    const ids = [
      insertSitePage({
        title: "Page brouillon",
        slug,
        template: "default",
        is_published: 0,
        content: "<p>Pas encore prête.</p>",
      }),
    ];
    try {
      const response = await page.goto(slug);
      expect(response?.status()).toBe(404);
      await expect(page.getByText("Oops! Page not found")).toBeVisible();
      await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
      await expect(page.getByText("Pas encore prête.")).toHaveCount(0);
    } finally {
      deleteSitePages(ids);
    }
  });

  test("a site page cannot shadow a real page", async ({ request }) => {
    // The slug is unique in the table: one project at a time.
    await withDbLock(async () => {
      const ids = [
        insertSitePage({
          title: "Fausse page d'inscription",
          slug: "/inscription",
          template: "default",
          is_published: 1,
          content: "<p>Contenu fantôme</p>",
        }),
      ];
      try {
        const html = await (await request.get("/inscription")).text();
        expect(html).not.toContain("Contenu fantôme");
      } finally {
        deleteSitePages(ids);
      }
    });
  });
});

test("the sitemap lists every public URL with absolute addresses", async ({ request }) => {
  const slug = unique("/reglement-interieur");
  const ids = [
    insertSitePage({
      title: "Règlement intérieur",
      slug,
      template: "default",
      is_published: 1,
      content: "<p>Règlement</p>",
    }),
  ];
  try {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    expect(xml).toContain('xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"');
    const origin = new URL(response.url()).origin;
    for (const path of [
      "/",
      "/disciplines",
      "/entrainements",
      "/entreprise",
      "/contact",
      "/planning",
      "/essai",
      "/infos-pratiques",
      "/tarifs",
      "/blog",
      "/inscription",
    ]) {
      expect(xml).toContain(`<loc>${origin}${path}</loc>`);
    }
    expect(xml).toMatch(
      new RegExp(
        `<loc>${origin}/blog/${seededPostsInBlogOrder()[0]!.slug}</loc>\\s*<lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>\\s*<image:image><image:loc>${origin}/uploads/`,
      ),
    );
    const id = activityId("Lundi", "Boxe anglaise loisir");
    expect(xml).toMatch(
      new RegExp(`<loc>${origin}/activite/${id}</loc>[\\s\\S]*?<image:loc>${origin}/uploads/`),
    );
    expect(xml).toContain(`<loc>${origin}${slug}</loc>`);
    expect(xml).not.toContain("/admin");
  } finally {
    deleteSitePages(ids);
  }
});

test("robots.txt keeps crawlers out of /admin and points to the sitemap", async ({ request }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/plain; charset=utf-8");
  const text = await response.text();
  expect(text).toContain("Disallow: /admin");
  expect(text).toMatch(/^Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml$/m);
});
