import { expect, test } from "@playwright/test";
import {
  canonicalHref,
  metaContent,
  serverHtml,
  waitForSiteScript,
  withSetting,
  withSiteLock,
} from "./site-helpers";
import { expectNoAxeViolations } from "./axe";

test.describe("/entreprise", () => {
  test("hero, three features with icons, the flexibility block and the contact button", async ({
    page,
    request,
  }) => {
    const html = await serverHtml(request, "/entreprise");
    expect(html).toContain("<title>La boxe en entreprise | Boxing Club de Meyzieu</title>");
    expect(metaContent(html, "description")).toContain(
      "Séances de boxe anglaise pour les entreprises",
    );
    expect(canonicalHref(html)).toMatch(/\/entreprise$/);
    expect(metaContent(html, "og:image")).toMatch(/^http/);
    expect(html).toContain("Une formule souple");

    await page.goto("/entreprise");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("La boxe en entreprise");
    const features = page.getByRole("article");
    await expect(features.getByRole("heading")).toHaveText([
      "Cohésion d'équipe",
      "Bien-être et gestion du stress",
      "Séances sur mesure",
    ]);
    await expect(features.locator("svg")).toHaveCount(3);
    await expect(page.getByRole("complementary", { name: "Une formule souple" })).toBeVisible();
    const quote = page.getByRole("main").getByRole("link", { name: "Demander un devis" });
    await expect(quote).toHaveCount(2);
    await expect(quote.last()).toHaveAttribute("href", "/contact");
  });

  test("no accessibility violation", async ({ page }) => {
    await page.goto("/entreprise");
    await expectNoAxeViolations(page);
  });
});

test.describe("/contact", () => {
  test("the server's HTML holds the details, hours, access and JSON-LD, but no map", async ({
    request,
  }) => {
    const html = await serverHtml(request, "/contact");
    expect(html).toContain("<title>Nous contacter | Boxing Club de Meyzieu</title>");
    expect(metaContent(html, "description")).toContain("Contactez le club de boxe anglaise");
    expect(canonicalHref(html)).toMatch(/\/contact$/);
    for (const text of [
      "Rue de la République",
      "69330 MEYZIEU",
      'href="tel:0612345678"',
      'href="mailto:contact@boxingclub-meyzieu.fr"',
      "17h00-21h00",
      "10h00-13h00",
      "Tram T3",
      "Afficher la carte",
      '"@type":"SportsClub"',
    ]) {
      expect(html).toContain(text);
    }
    expect(html).not.toContain("<iframe");
    // The embed address waits in the button's data-map-src until the visitor asks; nothing
    // that the browser would load names it.
    expect(html).not.toMatch(/\s(src|href)="https:\/\/www\.google\.com\/maps\?q=/);
    expect(html).toContain('data-map-src="https://www.google.com/maps?q=');
  });

  test("contact links, free trial call button and the map loaded on demand", async ({ page }) => {
    const mapRequests: string[] = [];
    await page.route("https://www.google.com/**", (route) => {
      mapRequests.push(route.request().url());
      return route.fulfill({ status: 200, contentType: "text/html", body: "<p>carte</p>" });
    });
    await page.goto("/contact");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "06 12 34 56 78" }).first()).toHaveAttribute(
      "href",
      "tel:0612345678",
    );
    await expect(main.getByRole("link", { name: "contact@boxingclub-meyzieu.fr" })).toHaveAttribute(
      "href",
      "mailto:contact@boxingclub-meyzieu.fr",
    );
    await expect(main.getByRole("heading", { name: "Horaires d'accueil" })).toBeVisible();
    // The hours of Paramètres > Horaires, the footer's: the two never disagree.
    const days = ["Lundi", "Mardi", "Mercredi", "Jeudi", "Vendredi", "Samedi", "Dimanche"];
    await expect(main.getByRole("term")).toHaveText(days);
    await expect(main.getByRole("definition").first()).toHaveText("17h00-21h00");
    await expect(main.getByRole("definition").last()).toHaveText("Fermé");
    for (const text of ["Métro et tram", "Bus", "Voiture"]) {
      await expect(main.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(main.getByRole("link", { name: /Appeler le club/ })).toHaveAttribute(
      "href",
      "tel:0612345678",
    );
    await expect(main.getByRole("link", { name: "Voir le planning des cours" })).toHaveAttribute(
      "href",
      "/planning",
    );
    await expect(main.getByRole("link", { name: "Ouvrir dans Google Maps" })).toHaveAttribute(
      "href",
      "https://www.google.com/maps/search/?api=1&query=Meyzieu%2069330",
    );

    await waitForSiteScript(page);
    expect(mapRequests).toEqual([]);
    await expect(page.locator("iframe")).toHaveCount(0);
    await main.getByRole("button", { name: "Afficher la carte" }).click();
    const map = page.locator("iframe");
    await expect(map).toHaveAttribute(
      "src",
      "https://www.google.com/maps?q=Rue%20de%20la%20R%C3%A9publique%2069330%20MEYZIEU&output=embed",
    );
    await expect(map).toHaveAttribute("title", /^Carte : Rue de la République 69330 MEYZIEU$/);
    await expect.poll(() => mapRequests.length).toBeGreaterThan(0);
    await expect(main.getByRole("button", { name: "Afficher la carte" })).toHaveCount(0);
  });

  test("no accessibility violation", async ({ page }) => {
    await page.goto("/contact");
    await expectNoAxeViolations(page);
  });
});

test.describe("/infos-pratiques", () => {
  test("equipment, house rules, health and useful information", async ({ page, request }) => {
    const html = await serverHtml(request, "/infos-pratiques");
    expect(html).toContain("<title>Infos pratiques | Boxing Club de Meyzieu</title>");
    expect(metaContent(html, "description")).toContain("Infos pratiques du club de boxe");
    expect(canonicalHref(html)).toMatch(/\/infos-pratiques$/);
    expect(html).toContain("Protège-dents");

    await page.goto("/infos-pratiques");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 2 })).toHaveText([
      "Équipement",
      "Règles de la salle",
      "Santé et sécurité",
      "Bon à savoir",
    ]);
    const region = (name: string) => main.getByRole("region", { name });
    await expect(region("Équipement").getByRole("listitem")).toHaveCount(6);
    await expect(region("Règles de la salle").getByRole("listitem")).toHaveCount(6);
    await expect(region("Santé et sécurité").getByRole("listitem")).toHaveCount(5);
    await expect(region("Bon à savoir").getByRole("listitem")).toHaveCount(5);
  });

  test("no accessibility violation", async ({ page }) => {
    await page.goto("/infos-pratiques");
    await expectNoAxeViolations(page);
  });
});

test.describe("/tarifs", () => {
  test("documents, payment modes and contact button", async ({ page, request }) => {
    const html = await serverHtml(request, "/tarifs");
    expect(html).toContain("<title>Tarifs et adhésion | Boxing Club de Meyzieu</title>");
    expect(metaContent(html, "description")).toContain("Tarifs et adhésion au club");
    expect(canonicalHref(html)).toMatch(/\/tarifs$/);

    await page.goto("/tarifs");
    const main = page.getByRole("main");
    await expect(
      main.getByRole("region", { name: "Documents à fournir" }).getByRole("listitem"),
    ).toHaveCount(5);
    const payment = main.getByRole("region", { name: "Modalités de paiement" });
    for (const text of [
      "Chèque, payable en 3 fois",
      "Pass'Sport accepté",
      "Certificat médical obligatoire pour valider l'inscription",
    ]) {
      await expect(payment.getByText(text)).toBeVisible();
    }
    await expect(main.getByRole("link", { name: "Nous contacter" })).toHaveAttribute(
      "href",
      "/contact",
    );
  });

  test("the prices button: a link to the printable page or the PDF, in a new tab", async ({
    page,
    request,
  }, testInfo) => {
    await withSiteLock("tarifs-pdf", async () => {
      // No PDF set: a link to the printable page, usable at once (without script too:
      // admin-prices.spec.ts).
      await page.goto("/tarifs");
      const button = page.getByRole("link", { name: "Télécharger la liste des tarifs (PDF)" });
      await expect(button).toHaveAttribute("href", "/tarifs/imprimer");
      await expect(button).toHaveAttribute("target", "_blank");
      const popupPromise = page.waitForEvent("popup");
      await button.click();
      const popup = await popupPromise;
      await popup.waitForLoadState();
      expect(new URL(popup.url()).pathname).toBe("/tarifs/imprimer");
      await popup.close();

      if (testInfo.project.name !== "desktop") return;
      // A PDF set (after trimming): a link that opens it in a new tab.
      await withSetting(
        "tarifs_pdf",
        { url: "  /uploads/site-documents/tarifs/e2e.pdf ", filename: "e2e.pdf" },
        async () => {
          const withPdf = await serverHtml(request, "/tarifs");
          expect(withPdf).toContain("Voir la liste des Tarifs (PDF)");
          expect(withPdf).not.toContain("Télécharger la liste des tarifs (PDF)");
          await page.goto("/tarifs");
          const link = page.getByRole("link", { name: "Voir la liste des Tarifs (PDF)" });
          await expect(link).toHaveAttribute("href", "/uploads/site-documents/tarifs/e2e.pdf");
          await expect(link).toHaveAttribute("target", "_blank");
          await expect(link).toHaveAttribute("rel", /noopener/);
        },
      );
      // A blank URL counts as none.
      await withSetting("tarifs_pdf", { url: "   ", filename: "" }, async () => {
        await page.goto("/tarifs");
        await expect(
          page.getByRole("link", { name: "Télécharger la liste des tarifs (PDF)" }),
        ).toHaveAttribute("href", "/tarifs/imprimer");
      });
    });
  });

  test("the printable page lists documents and payment modes and prints", async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await page.goto("/tarifs/imprimer");
    await expect(page.getByRole("banner")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tarifs et adhésion");
    await expect(page.getByRole("heading", { name: "Documents à fournir" })).toBeVisible();
    for (const text of [
      "Chèque, payable en 3 fois",
      "Pass'Sport accepté",
      "Certificat médical obligatoire",
    ]) {
      await expect(page.getByText(text)).toBeVisible();
    }
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    const print = page.getByRole("button", { name: "Imprimer" });
    await expect(print).toBeEnabled();
    await print.click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await expectNoAxeViolations(page);
  });

  test("no accessibility violation", async ({ page }) => {
    await page.goto("/tarifs");
    await expectNoAxeViolations(page);
  });
});
