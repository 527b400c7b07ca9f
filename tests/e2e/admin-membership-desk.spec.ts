import { hydrated, toast } from "./admin-disciplines-db";
import { ensureVolunteer, expect, test } from "./fixtures";
import { insertTwoChildrenFile } from "./membership-desk-db";
import { db } from "./e2e-data";
import { monthLabel } from "../../app/domains/membership/membership-form";
import { clubMonth, monthAfter } from "../months";
import { expectNoAxeViolations } from "./axe";
import { screenshot } from "./screenshots";

/*
 * The club's membership desk: the treasurer receives a two-children file's three cheques
 * (the same number typed twice is questioned), ticks the certificates, marks the licence,
 * sees the file paid; the cheques wait in « Chèques à déposer » (opened on the current
 * month), are marked deposited after a question for the one promised later, their slip
 * prints; the slip is undone, one cheque deposited again comes back « Rejeté » and the
 * file is to pay again. Without script, a payment sent again records once. A coach is
 * refused.
 */

const SHOTS = "test-results/membership-desk";

test(
  "the treasurer receives three cheques, ticks the certificates and the licence, then deposits the cheques",
  { tag: "@phone" },
  async ({ page, login }, testInfo) => {
    test.setTimeout(120_000);
    const width = testInfo.project.name === "mobile" ? 390 : 1280;
    const lastName = `Desk${testInfo.project.name}${Date.now().toString(36)}`;
    // Last month's cheque, this month's, and one promised for two months from now.
    const months = [-1, 0, 2].map((n) => monthAfter(clubMonth(), n));
    const file = insertTwoChildrenFile(lastName, { months });
    ensureVolunteer("tresorier-e2e", "tresorier");
    await login("tresorier-e2e");

    await page.goto(`/admin/adhesions?q=${lastName}`);
    await hydrated(page);
    await expect(page.getByRole("navigation", { name: "Adhésions" })).toBeVisible();
    await expect(page.getByText("1 dossier")).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, { path: `${SHOTS}/list-${width}.png`, fullPage: true });
    await page.getByRole("link", { name: file.reference }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: `Réception du dossier ${file.reference}` }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, { path: `${SHOTS}/file-${width}.png`, fullPage: true });

    const numbers = [1, 2, 3].map((i) => `${Date.now().toString().slice(-6)}${i}${width}`);
    for (const [i, number] of numbers.entries()) {
      const cheque = page.getByRole("article", { name: /^Chèque attendu/ }).first();
      await cheque.getByLabel("N° du chèque").fill(i === 2 ? numbers[0]! : number);
      await cheque.getByLabel("Banque").fill("Crédit Mutuel");
      await cheque.getByRole("button", { name: "Marquer comme reçu" }).click();
      if (i === 2) {
        // The first cheque's number again: questioned, what was typed kept; corrected.
        await expect(cheque.getByRole("alert")).toContainText(
          `Le chèque n° ${numbers[0]} de la banque Crédit Mutuel est déjà enregistré sur ce dossier`,
        );
        await expect(
          cheque.getByRole("button", { name: "C'est un autre chèque : l'enregistrer" }),
        ).toBeVisible();
        await expect(cheque.getByLabel("N° du chèque")).toHaveValue(numbers[0]!);
        await cheque.getByLabel("N° du chèque").fill(number);
        await cheque.getByRole("button", { name: "Marquer comme reçu" }).click();
      }
      await expect(toast(page, "Paiement enregistré.")).toBeVisible();
      await expect(page.getByText(`n° ${number}`)).toBeVisible();
    }
    await expect(page.getByText("Aucun paiement attendu.")).toBeVisible();
    await expect(page.getByText("Payé", { exact: true })).toBeVisible();

    for (const name of ["Léa", "Hugo"]) {
      await page.getByRole("link", { name: `${name} ${lastName}` }).click();
      await expect(
        page.getByRole("heading", { level: 1, name: `${name} ${lastName}` }),
      ).toBeVisible();
      await page.getByLabel("Date du certificat").fill("2026-08-20");
      await page.getByRole("button", { name: "Certificat vu" }).click();
      await expect(
        page.getByText(/^Certificat daté du 20\/08\/2026 vu le .* par tresorier-e2e$/),
      ).toBeVisible();
      await page.getByLabel("Numéro de licence").fill(`FFB-${name === "Léa" ? 1 : 2}${width}`);
      await page.getByLabel("Licence prise sur le site de la fédération").check();
      await page.getByRole("button", { name: "Enregistrer la licence" }).click();
      await expect(page.getByText(/^Licence prise sur le site de la fédération le /)).toBeVisible();
      if (name === "Hugo") {
        await expectNoAxeViolations(page);
        await screenshot(page, { path: `${SHOTS}/member-${width}.png`, fullPage: true });
      }
      await page.getByRole("link", { name: "Le dossier" }).click();
    }
    await expect(page.getByText("Complet", { exact: true })).toBeVisible();
    await expect(page.getByText("Certificat manquant")).toHaveCount(0);

    await page
      .getByRole("navigation", { name: "Adhésions" })
      .getByRole("link", { name: "Chèques à déposer" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Chèques à déposer" })).toBeVisible();
    const chequeBox = (number: string) =>
      page.getByRole("checkbox", { name: new RegExp(`n° ${number}`) });
    // The list opens on this month: last month's cheque is under « Tous les mois ».
    await expect(
      page.getByRole("link", { name: new RegExp(`^${monthLabel(months[1]!)} ·`) }),
    ).toHaveAttribute("aria-current", "true");
    await expect(chequeBox(numbers[1]!)).toBeVisible();
    await expect(chequeBox(numbers[0]!)).toHaveCount(0);
    await page.getByRole("link", { name: /^Tous les mois/ }).click();
    for (const number of numbers) await chequeBox(number).check();
    await expectNoAxeViolations(page);
    await screenshot(page, { path: `${SHOTS}/cheques-ticked-${width}.png`, fullPage: true });
    await page.getByRole("button", { name: "Marquer comme déposés" }).click();
    await expect(page.getByRole("alert")).toContainText(
      `Des chèques cochés sont promis pour plus tard : ${monthLabel(months[2]!)}`,
    );
    await page
      .getByRole("button", { name: "Déposer aussi les chèques promis pour plus tard" })
      .click();
    const slip = page.getByRole("region", { name: /Bordereau de remise de chèques/ });
    await expect(slip.getByRole("row")).toHaveCount(1 + 3 + 1);
    await expect(slip.getByText("Total : 3 chèques")).toBeVisible();
    for (const number of numbers) {
      await expect(page.getByRole("checkbox", { name: new RegExp(`n° ${number}`) })).toHaveCount(0);
    }
    await expectNoAxeViolations(page);
    await screenshot(page, { path: `${SHOTS}/cheques-${width}.png`, fullPage: true });
    const csv = await page.request.get(
      (await slip.getByRole("link", { name: "CSV" }).getAttribute("href"))!,
    );
    expect(await csv.text()).toContain(
      `${file.reference};Claire ${lastName};Crédit Mutuel;${numbers[0]}`,
    );

    await page.emulateMedia({ media: "print" });
    await expect(slip).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Adhésions" })).toBeHidden();
    await expect(slip.getByRole("button", { name: "Imprimer" })).toBeHidden();
    // Paper starts at the top of the document, where the slip is laid out.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, { path: `${SHOTS}/slip-print-${width}.png` });
    await page.emulateMedia({ media: "screen" });

    // The slip undone: its cheques are to deposit again.
    await slip.getByRole("button", { name: "Annuler cette remise" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Annuler la remise" }).click();
    await expect(toast(page, "Remise annulée : 3 chèques de nouveau à déposer.")).toBeVisible();
    await expect(chequeBox(numbers[1]!)).toBeVisible();

    // This month's cheque deposited again, then returned by the bank: the file owes it again.
    await chequeBox(numbers[1]!).check();
    await page.getByRole("button", { name: "Marquer comme déposés" }).click();
    await expect(slip.getByText("Total : 1 chèque")).toBeVisible();
    await page.goto(`/admin/adhesions/dossiers/${file.fileId}`);
    await hydrated(page);
    await page.getByRole("button", { name: "Chèque rejeté" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Marquer rejeté" }).click();
    await expect(
      toast(page, "Chèque marqué rejeté : son montant est de nouveau dû."),
    ).toBeVisible();
    await expect(page.getByText("Rejeté", { exact: true })).toBeVisible();
    await expect(page.getByText(/^Un chèque a été rejeté par la banque/)).toBeVisible();
    await expect(page.getByText("À payer", { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, { path: `${SHOTS}/file-rejected-${width}.png`, fullPage: true });
  },
);

test.describe("without script", () => {
  test.use({ javaScriptEnabled: false });

  // Chromium sends one post for a double click; reloading the answer sends the form again.
  test("a payment sent again (the answer reloaded) records once", async ({ page, login }) => {
    const file = insertTwoChildrenFile(`NoScript${Date.now().toString(36)}`);
    ensureVolunteer("tresorier-e2e", "tresorier");
    await login("tresorier-e2e");
    await page.goto(`/admin/adhesions/dossiers/${file.fileId}`);
    const add = page.getByRole("region", { name: "Ajouter un paiement reçu" });
    await add.getByText("Un paiement qui n'était pas prévu").click();
    await add.getByLabel("Moyen de paiement").selectOption({ label: "Espèces" });
    await add.getByLabel("Montant (€)").fill("12");
    let posts = 0;
    page.on("request", (request) => {
      if (request.method() === "POST") posts += 1;
    });
    await add.getByRole("button", { name: "Enregistrer le paiement" }).click();
    await expect(page.getByText(/^Espèces de 12/)).toHaveCount(1);
    await page.reload();
    await expect(page.getByText(/^Espèces de 12/)).toHaveCount(1);
    expect(posts).toBe(2);
    const cash = db()
      .prepare(
        "select count(*) as n from membership_payments where file_id = ? and method = 'cash'",
      )
      .get(file.fileId) as { n: number };
    expect(cash.n).toBe(1);
  });
});

test("a coach is refused on every membership screen", async ({ page, login }) => {
  const file = insertTwoChildrenFile(`Coach${Date.now().toString(36)}`);
  ensureVolunteer("coach-e2e", "coach");
  await login("coach-e2e");
  for (const path of [
    "/admin/adhesions/cheques/bordereau.csv",
    "/admin/adhesions",
    `/admin/adhesions/dossiers/${file.fileId}`,
    `/admin/adhesions/adherents/${file.registrationIds[0]}`,
    "/admin/adhesions/cheques",
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
  }
  await expect(page.getByRole("heading", { level: 1, name: "Accès refusé" })).toBeVisible();
});
