import type { Page } from "@playwright/test";
import { MINIMAL_PDF, png } from "./admin-media-files";
import {
  hydrated,
  restoreSetting,
  snapshotSetting,
  storedSetting,
  toast,
} from "./admin-content-db";
import { expect, test } from "./fixtures";
import { withSiteLock } from "./site-helpers";
import { expectNoAxeViolations } from "./axe";

/*
 * The Settings screen (/admin/settings): its eight tabs, every validation message, the
 * global save, social icons saved on upload, the price list PDF, the stale refusal.
 * Saves run on the desktop project only, under the locks the public specs reading the
 * same settings take ("social", "tarifs-pdf"), and put the rows back exactly.
 */

const TABS = [
  "Général",
  "Adresse",
  "Horaires",
  "Réseaux sociaux",
  "PDF Tarifs",
  "Affichage Planning",
  "Compte",
  "Informations légales",
];

const saveButton = (page: Page) => page.getByRole("button", { name: "Sauvegarder les paramètres" });

async function open(page: Page, tab = "") {
  await page.goto(`/admin/settings${tab ? `?tab=${tab}` : ""}`);
  await hydrated(page);
}

test.beforeEach(async ({ login }) => {
  await login();
});

test("eight tabs, the global save enabled only with changes", async ({ page }) => {
  await open(page);
  await expect(page.getByRole("heading", { name: "Paramètres", level: 1 })).toBeVisible();
  await expect(page.getByRole("tab")).toHaveText(TABS);
  await expect(saveButton(page)).toBeDisabled();
  await page.getByLabel("Slogan").fill("Un autre slogan");
  await expect(saveButton(page)).toBeEnabled();
  await expect(page.getByText("Vous avez des modifications non sauvegardées")).toBeVisible();
  await expect(page.getByRole("tab", { name: "Général (modifié)" })).toBeVisible();
  // The edit survives a change of tab.
  await page.getByRole("tab", { name: "Horaires" }).click();
  await expect(page.getByLabel("Dimanche")).toHaveValue(/./);
  await page.getByRole("tab", { name: "Général" }).click();
  await expect(page.getByLabel("Slogan")).toHaveValue("Un autre slogan");
});

test("every validation message of Général, Adresse, Horaires and Affichage Planning", async ({
  page,
}) => {
  await open(page);
  await page.getByLabel("Nom du site").fill(" ");
  await page.getByLabel("Téléphone").fill("12 34");
  await page.getByLabel("E-mail", { exact: true }).fill("pas-un-mail");
  await saveButton(page).click();
  await expect(page.getByText("Le nom du site est obligatoire")).toBeVisible();
  await expect(
    page.getByText("Numéro de téléphone invalide (format français, ex. 06 12 34 56 78)"),
  ).toBeVisible();
  await expect(page.getByText("Adresse e-mail invalide")).toBeVisible();
  await expect(page.getByLabel("Téléphone")).toHaveAttribute("aria-invalid", "true");
  // Fixed as typed.
  await page.getByLabel("Téléphone").fill("+33 4 78 00 00 00");
  await expect(page.getByText("Numéro de téléphone invalide", { exact: false })).toBeHidden();

  await open(page, "adresse");
  await page.getByLabel("Rue").fill("");
  await page.getByLabel("Ville").fill("");
  await page.getByLabel("Code postal").fill("6933");
  await page.getByLabel("Lien Google Maps").fill("maps.google.com/club");
  await saveButton(page).click();
  for (const message of [
    "La rue est obligatoire",
    "La ville est obligatoire",
    "Le code postal doit comporter 5 chiffres",
    "Le lien Google Maps doit commencer par http:// ou https://",
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }

  await open(page, "horaires");
  await expect(page.getByLabel("Lundi")).toBeVisible();
  await page.getByLabel("Dimanche").fill("");
  await saveButton(page).click();
  await expect(page.getByText("Indiquez les horaires ou « Fermé »")).toBeVisible();

  await open(page, "planning");
  const days = page.getByRole("group", { name: "Jours affichés" });
  await expect(days.getByRole("checkbox")).toHaveCount(7);
  await page.getByLabel("Heure de début").fill("23");
  await page.getByLabel("Heure de fin").fill("8");
  await saveButton(page).click();
  await expect(
    page.getByText("L'heure de début doit être inférieure à l'heure de fin"),
  ).toBeVisible();
  await page.getByLabel("Heure de début").fill("30");
  await page.getByLabel("Heure de fin").fill("0");
  await expect(
    page.getByText("L'heure de début doit être un nombre entier entre 0 et 23"),
  ).toBeVisible();
  await expect(
    page.getByText("L'heure de fin doit être un nombre entier entre 1 et 24"),
  ).toBeVisible();
  // A message on another tab brings that tab to the front.
  await page.getByRole("tab", { name: "Général" }).click();
  await page.getByLabel("E-mail", { exact: true }).fill("faux");
  await saveButton(page).click();
  await expect(page.getByRole("tab", { name: /Général/ })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText("Adresse e-mail invalide")).toBeVisible();
});

test("social links, icons and the PDF refuse what they must", async ({ page }) => {
  // Another spec stores social links for a moment under this lock: the screen must open on
  // the seeded ones (none), so that the link added is "lien 1".
  await withSiteLock("social", async () => {
    await open(page, "reseaux");
    await page.getByRole("button", { name: "Ajouter un lien" }).click();
  });
  await page.getByLabel("Adresse du lien 1").fill("facebook.com/club");
  await saveButton(page).click();
  await expect(
    page.getByText("L'adresse du lien doit commencer par http:// ou https://"),
  ).toBeVisible();

  const network = page.getByLabel("Réseau social de l'icône");
  const refusal = "Veuillez d'abord sélectionner un réseau social (autre que 'Autre')";
  await page.getByRole("button", { name: "Choisir une icône" }).click();
  await expect(page.getByText(refusal).first()).toBeVisible();
  await network.selectOption({ label: "Autre" });
  await expect(page.getByRole("button", { name: "Choisir une icône" })).toBeVisible();
  await page.getByRole("button", { name: "Choisir une icône" }).click();
  await expect(network).toBeFocused();
  await expect(toast(page, refusal).first()).toBeVisible();
  // A network chosen: the image upload itself, which refuses a non-image.
  await network.selectOption({ label: "YouTube" });
  await page.getByLabel("Icône YouTube", { exact: true }).setInputFiles({
    name: "icone.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("pas une image"),
  });
  await expect(page.getByText("Veuillez sélectionner une image").first()).toBeVisible();

  await page.getByRole("tab", { name: "PDF Tarifs" }).click();
  await page.getByLabel(/PDF des tarifs/).setInputFiles({
    name: "tarifs.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("pas un PDF"),
  });
  await expect(page.getByText("Veuillez sélectionner un fichier PDF").first()).toBeVisible();
});

test("the password rules, now in Mon compte", async ({ page }) => {
  await page.goto("/admin/settings/account");
  await expect(page.getByRole("heading", { name: "Mon compte", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Nom d'utilisateur")).toHaveValue("admin");
  await expect(page.getByLabel("Nom d'utilisateur")).toHaveAttribute("readonly", "");
  const change = page.getByRole("button", { name: "Changer le mot de passe" });
  await change.click();
  await expect(page.getByText("Le mot de passe actuel est obligatoire")).toBeVisible();
  await page.getByLabel("Mot de passe actuel", { exact: true }).fill("peu-importe");
  await page.getByLabel("Nouveau mot de passe", { exact: true }).fill("abc");
  await page.getByLabel("Confirmer le nouveau mot de passe").fill("abc");
  await change.click();
  await expect(page.getByText("Le mot de passe doit contenir au moins 6 caractères")).toBeVisible();
  await page.getByLabel("Mot de passe actuel", { exact: true }).fill("peu-importe");
  await page.getByLabel("Nouveau mot de passe", { exact: true }).fill("abcdef");
  await page.getByLabel("Confirmer le nouveau mot de passe").fill("abcdeg");
  await change.click();
  await expect(page.getByText("Les mots de passe ne correspondent pas")).toBeVisible();
});

test.describe("saving", () => {
  test.describe.configure({ mode: "serial" });

  test("social link and slogan saved together, shown after a reload and in the footer; an icon uploaded then removed", async ({
    page,
  }) => {
    await withSiteLock("social", async () => {
      const snapshots = ["social", "social_icons", "general"].map(snapshotSetting);
      const slogan = `Slogan ${Date.now().toString(36)}`;
      try {
        await open(page, "reseaux");
        await page.getByRole("button", { name: "Ajouter un lien" }).click();
        const count = await page.getByRole("textbox", { name: /^Adresse du lien \d+$/ }).count();
        await page.getByLabel(`Réseau du lien ${count}`).selectOption({ label: "Instagram" });
        await page
          .getByLabel(`Adresse du lien ${count}`)
          .fill("https://www.instagram.com/club-e2e");
        await page.getByRole("tab", { name: "Général" }).click();
        await page.getByLabel("Slogan").fill(slogan);
        await saveButton(page).click();
        await expect(toast(page, "Paramètres sauvegardés avec succès")).toBeVisible();
        await expect(saveButton(page)).toBeDisabled();
        expect(storedSetting<{ tagline: string }>("general")?.tagline).toBe(slogan);

        await page.reload();
        await expect(page.getByLabel("Slogan")).toHaveValue(slogan);
        await page.getByRole("tab", { name: "Réseaux sociaux" }).click();
        await expect(page.getByLabel(`Adresse du lien ${count}`)).toHaveValue(
          "https://www.instagram.com/club-e2e",
        );

        // The icon: saved at once for the chosen network.
        await page.getByLabel("Réseau social de l'icône").selectOption({ label: "Instagram" });
        await page
          .getByLabel("Icône Instagram", { exact: true })
          .setInputFiles(await png("insta.png"));
        await expect(toast(page, "Icône Instagram uploadée avec succès")).toBeVisible();
        const icons = page.getByRole("list", { name: "Icônes enregistrées" });
        await expect(icons.getByRole("img", { name: "Icône Instagram" })).toBeVisible();
        expect(storedSetting<Record<string, string>>("social_icons")?.instagram).toMatch(
          /^\/uploads\/site-images\/social-icons\/\d+-insta\.png$/,
        );

        // The slogan is the club's description in the home page's JSON-LD.
        expect(await (await page.request.get("/")).text()).toContain(slogan);
        await page.goto("/contact");
        const link = page
          .getByRole("contentinfo")
          .getByRole("link", { name: "Instagram (nouvel onglet)" });
        await expect(link).toHaveAttribute("href", "https://www.instagram.com/club-e2e");
        await expect(link.locator("img")).toHaveAttribute("src", /social-icons\/\d+-insta\.png$/);

        await open(page, "reseaux");
        await page.getByRole("button", { name: "Supprimer l'icône Instagram" }).click();
        await page.getByRole("alertdialog").getByRole("button", { name: "Supprimer" }).click();
        await expect(toast(page, "Icône Instagram supprimée avec succès")).toBeVisible();
        expect(storedSetting<Record<string, string>>("social_icons")?.instagram).toBe("");
      } finally {
        snapshots.forEach(restoreSetting);
      }
    });
  });

  test("the price list PDF: uploaded, saved, opened by the Tarifs page", async ({ page }) => {
    await withSiteLock("tarifs-pdf", async () => {
      const snapshot = snapshotSetting("tarifs_pdf");
      try {
        await open(page, "tarifs");
        await page.getByLabel(/PDF des tarifs/).setInputFiles({
          name: "grille-tarifs.pdf",
          mimeType: "application/pdf",
          buffer: MINIMAL_PDF,
        });
        await expect(toast(page, "Fichier uploadé avec succès")).toBeVisible();
        const current = page.getByRole("link", { name: /grille-tarifs\.pdf/ });
        await expect(current).toHaveAttribute(
          "href",
          /^\/uploads\/site-documents\/tarifs\/\d+-grille-tarifs\.pdf$/,
        );
        await saveButton(page).click();
        await expect(toast(page, "Paramètres sauvegardés avec succès")).toBeVisible();
        expect(storedSetting("tarifs_pdf")).toMatchObject({ filename: "grille-tarifs.pdf" });

        await page.reload();
        await expect(current).toBeVisible();
        await page.goto("/tarifs");
        await expect(
          page
            .getByRole("link", { name: /Voir la liste des Tarifs \(PDF\)/ })
            .or(page.getByRole("button", { name: /Voir la liste des Tarifs \(PDF\)/ })),
        ).toBeVisible();

        // Removing it (after a confirmation) and saving brings the printable list back.
        await open(page, "tarifs");
        await page.getByRole("button", { name: "Retirer le PDF" }).click();
        await page.getByRole("alertdialog").getByRole("button", { name: "Retirer" }).click();
        await expect(
          page.getByText("Aucun PDF : la page Tarifs propose la liste imprimable."),
        ).toBeVisible();
        await saveButton(page).click();
        await expect(toast(page, "Paramètres sauvegardés avec succès")).toBeVisible();
        expect(storedSetting("tarifs_pdf")).toEqual({ url: "", filename: "" });
      } finally {
        restoreSetting(snapshot);
      }
    });
  });

  test("the club's notice of trial bookings: off by default, switched on and saved", async ({
    page,
  }) => {
    const snapshot = snapshotSetting("general");
    try {
      await open(page);
      const notify = page.getByRole("checkbox", {
        name: "Prévenir le club par e-mail de chaque réservation et annulation d'essai",
      });
      await expect(notify).not.toBeChecked();
      await notify.check();
      await saveButton(page).click();
      await expect(toast(page, "Paramètres sauvegardés avec succès")).toBeVisible();
      expect(storedSetting<{ notifyTrials: boolean }>("general")?.notifyTrials).toBe(true);
      await page.reload();
      await expect(notify).toBeChecked();
    } finally {
      restoreSetting(snapshot);
    }
  });
});

test("the settings screen passes axe on each tab", async ({ page }) => {
  test.setTimeout(120_000); // seven tabs, one axe run each
  await open(page);
  for (const name of TABS) {
    await page.getByRole("tab", { name }).click();
    await expect(page.getByRole("tab", { name })).toHaveAttribute("aria-selected", "true");
    await expectNoAxeViolations(page);
  }
});
