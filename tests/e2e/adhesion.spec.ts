import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { dataDir } from "./e2e-data";
import { unique } from "./public-db";
import { axeCheck } from "./axe";
import { screenshot } from "./screenshots";

/*
 * /adhesion (online membership) as a parent on a phone and on a computer with script, and
 * on a phone without: two children registered, paying at the club in three cheques; every
 * step axe-clean and photographed; the confirmation mail, read from the outbox, holds the
 * reference and what is still missing.
 */

const outboxTexts = () => {
  const dir = path.join(dataDir(), "outbox");
  return fs.existsSync(dir)
    ? fs.readdirSync(dir).map((name) => fs.readFileSync(path.join(dir, name), "utf8"))
    : [];
};

/** An .eml's text with its quoted-printable body decoded. */
const decoded = (eml: string) =>
  Buffer.from(
    eml
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");

async function expectNoViolations(page: Page) {
  const results = await axeCheck(page).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

const year = Number(new Date().toISOString().slice(0, 4));

for (const javaScriptEnabled of [false, true]) {
  test.describe(javaScriptEnabled ? "with script" : "without script", () => {
    test.use({ javaScriptEnabled });

    test(
      "a parent registers two children and pays in three cheques",
      { tag: javaScriptEnabled ? "@phone" : "@phone-only" },
      async ({ page }, info) => {
        test.setTimeout(120_000);
        const shots = `${process.env.ADHESION_SHOTS ?? "test-results"}/adhesion-${info.project.name}${javaScriptEnabled ? "-js" : ""}`;
        const shoot = async (step: string) => {
          // axe runs in the page: with script only (the HTML is the same without).
          if (javaScriptEnabled) await expectNoViolations(page);
          await screenshot(page, { path: `${shots}-${step}.png`, fullPage: true });
        };
        const email = `${unique("parent")}@example.fr`.toLowerCase();

        await page.goto("/inscription");
        await page.getByRole("link", { name: "S'inscrire en ligne" }).click();
        await expect(page).toHaveURL(/\/adhesion$/);
        await shoot("1-coordonnees");
        // A wrong postal code: the form comes back with what was typed.
        await page.getByLabel("E-mail").fill(email);
        await page.getByLabel("Téléphone").fill("06 12 34 56 78");
        await page.getByLabel("Adresse").fill("12 rue des Lilas");
        await page.getByLabel("Code postal").fill("693");
        await page.getByLabel("Commune").fill("Meyzieu");
        await page.getByRole("button", { name: "Continuer : les membres" }).click();
        await expect(page.getByText("Le code postal s'écrit en 5 chiffres")).toBeVisible();
        await expect(page.getByLabel("E-mail")).toHaveValue(email);
        await shoot("1-erreur");
        await page.getByLabel("Code postal").fill("69330");
        await page.getByRole("button", { name: "Continuer : les membres" }).click();
        await expect(page).toHaveURL(/\/membres$/);

        for (const [first, born, sex] of [
          ["Léo", `${year - 9}-03-10`, "Masculin"],
          ["Inès", `${year - 7}-06-20`, "Féminin"],
        ] as const) {
          await page.getByRole("link", { name: "Ajouter un membre" }).click();
          await page.getByLabel("Prénom").fill(first);
          await page.getByLabel("Nom", { exact: true }).fill("Martin");
          await page.getByLabel("Date de naissance").fill(born);
          await page.getByLabel(sex).check();
          await page.getByLabel("Pratique").selectOption("educative");
          if (first === "Léo") await shoot("2-membre");
          await page.getByRole("button", { name: "Enregistrer ce membre" }).click();
          await expect(page).toHaveURL(/\/membres$/);
        }
        await expect(page.getByRole("heading", { name: "Inès Martin" })).toBeVisible();
        await shoot("2-membres");
        await page.getByRole("button", { name: "Continuer" }).click();

        await expect(page).toHaveURL(/\/responsables$/);
        await page.getByLabel("Prénom").first().fill("Claire");
        await page.getByLabel("Nom", { exact: true }).first().fill("Martin");
        await page.getByLabel("Lien avec l'enfant").first().fill("mère");
        await page.getByLabel("Téléphone").first().fill("06 12 34 56 78");
        await page.getByLabel("E-mail").first().fill("claire@example.fr");
        await shoot("3-responsables");
        await page.getByRole("button", { name: "Continuer : autorisations" }).click();

        await expect(page).toHaveURL(/\/autorisations$/);
        for (const label of [
          "J'ai lu et j'accepte le règlement intérieur du club.",
          "J'autorise mon enfant à pratiquer la boxe anglaise au club.",
          "J'autorise le club à faire donner les soins d'urgence nécessaires à mon enfant.",
          "Je remettrai le certificat au club.",
        ]) {
          for (const box of await page.getByLabel(label).all()) await box.check();
        }
        // The right to the image is never pre-ticked.
        for (const box of await page.getByLabel(/J'accepte que le club publie/).all()) {
          await expect(box).not.toBeChecked();
        }
        await page.getByLabel("Code Pass'Sport").nth(1).fill("PS-2026-ABCD");
        await shoot("4-autorisations");
        await page.getByRole("button", { name: "Continuer : récapitulatif" }).click();

        await expect(page).toHaveURL(/\/recapitulatif$/);
        await expect(page.getByText("Réduction famille")).toBeVisible();
        await expect(page.getByText("Pass'Sport", { exact: true })).toBeVisible();
        await shoot("5-recapitulatif");
        await page.getByRole("button", { name: "Continuer : paiement" }).click();

        await expect(page).toHaveURL(/\/paiement$/);
        await page.getByLabel(/^Chèque \(1 à 3/).check();
        await page.getByLabel("Nombre de chèques").selectOption("3");
        await shoot("6-paiement");
        await page.getByRole("button", { name: "Envoyer mon dossier" }).click();

        await expect(page.getByRole("heading", { name: "Dossier envoyé" })).toBeVisible();
        const reference = (await page
          .getByText(/ADH-\d{4}-\d{3}/)
          .first()
          .textContent())!.match(/ADH-\d{4}-\d{3}/)![0];
        await expect(page.getByText("Chèque 3 :")).toBeVisible();
        // Each member's state agrees with the member.
        await expect(page.getByText(/^Inès Martin · .+ · Inscrite$/)).toBeVisible();
        await expect(page.getByText(/^Léo Martin · .+ · Inscrit$/)).toBeVisible();
        await shoot("7-confirmation");

        await expect
          .poll(
            () =>
              outboxTexts()
                .map(decoded)
                .filter((mail) => mail.includes(reference)).length,
          )
          .toBe(1);
        const mail = outboxTexts()
          .map(decoded)
          .find((one) => one.includes(reference))!;
        expect(mail).toContain(email);
        expect(mail).toContain("Ce qui manque encore");
        expect(mail).toContain("Léo Martin : le certificat médical de la saison");
        expect(mail).toContain(`Au dos de chaque chèque, écrivez : ${reference}`);
      },
    );
  });
}
