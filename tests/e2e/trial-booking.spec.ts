import ICAL from "ical.js";
import type { Page } from "@playwright/test";
import { addDays, parisToday, weekdayOfDate } from "../../app/core/club-time";
import { frenchDay } from "../../app/core/date-format";
import { expect, test } from "./fixtures";
import { activityId, unique } from "./public-db";
import {
  bookingsOf,
  deleteBookingsOf,
  deleteClass,
  firstSessionDate,
  insertBooking,
  insertTrialClass,
  mimeParts,
  outboxMailsTo,
  withTrialSeason,
} from "./trial-e2e";
import { expectNoAxeViolations } from "./axe";

/*
 * The trial sessions as a visitor and a volunteer meet them: a trial booked from the contact
 * page's call to action ("Pour qui ?", then the next Monday adult class), its confirmation
 * (the person, the e-mail used, the club's address), its mail (a calendar file, a
 * cancellation link that asks before it cancels and works once), the booking on the
 * admin's Essais screen; French errors that keep what was typed; a full session's
 * waitlist; a parent booking two children from /disciplines with JavaScript off (kids-only
 * trial-children.spec.ts). Both projects (390 and 1280 px) run each test, axe on every page.
 */

/** "Lundi 30 novembre", as the session pages write a day. */
const dayLabel = (date: string) => {
  const day = frenchDay(date);
  return day.charAt(0).toUpperCase() + day.slice(1);
};

const PARIS_HOUR = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Paris",
  hour: "numeric",
  hourCycle: "h23",
});

/** The next Monday 19h00 class not yet begun: today's before 19h00 on a Monday. */
function nextMondaySession(): string {
  const today = parisToday();
  const weekday = weekdayOfDate(today);
  if (weekday === 0 && Number(PARIS_HOUR.format(new Date())) < 19) return today;
  return addDays(today, 7 - weekday);
}

const emailFor = (name: string) => `${name.toLowerCase().replace(/[^a-z0-9]/g, "")}@example.fr`;

/** Fills the identity fields of the booking form. */
async function fillPerson(page: Page, person: { first: string; last: string; email: string }) {
  await page.getByLabel("Votre prénom").fill(person.first);
  await page.getByLabel("Votre nom").fill(person.last);
  await page.getByLabel("E-mail").fill(person.email);
  await page.getByLabel("Téléphone").fill("06 12 34 56 78");
}

test.describe("trial sessions", () => {
  test(
    "a visitor books next Monday's adult class from the contact page; the confirmation names them, the e-mail and the address; the mail's calendar and cancellation link work; the admin sees the booking",
    { tag: "@phone" },
    async ({ page, login, request }) => {
      test.setTimeout(90_000);
      const last = unique("Essai");
      const email = emailFor(last);
      const monday = nextMondaySession();
      const classId = activityId("Lundi", "Boxe anglaise loisir");
      await withTrialSeason(async () => {
        try {
          await page.goto("/contact");
          await page
            .locator("section", {
              has: page.getByRole("heading", { name: "Cours d'essai gratuit" }),
            })
            .getByRole("link", { name: "Réserver ma séance d'essai" })
            .click();
          await expect(page).toHaveURL(/\/essai$/);
          await expect(page.getByRole("heading", { name: "Pour qui ?" })).toBeVisible();
          await expectNoAxeViolations(page);
          await page.getByRole("link", { name: /Un adulte/ }).click();
          await expect(page).toHaveURL(/\/essai\?pour=adulte#cours$/);
          await expect(page.getByRole("link", { name: /Un adulte/ })).toHaveAttribute(
            "aria-current",
            "true",
          );
          await page
            .getByRole("list", { name: "Les cours pour les adultes" })
            .getByRole("link", { name: /Boxe anglaise loisir\s*Lundi/ })
            .click();

          await expect(page).toHaveURL(new RegExp(`/essai/${classId}\\?pour=adulte$`));
          await expect(page.getByRole("heading", { level: 1 })).toHaveText("Boxe anglaise loisir");
          await expectNoAxeViolations(page);
          await page
            .getByRole("link", { name: `Réserver cette séance : ${dayLabel(monday)}` })
            .click();

          await expect(page).toHaveURL(new RegExp(`/essai/${classId}/${monday}\\?pour=adulte$`));
          await expect(page.getByText(dayLabel(monday), { exact: true })).toBeVisible();
          // An adults-only class: no question about a child.
          await expect(page.getByLabel("La séance est pour mon enfant")).toHaveCount(0);
          await expect(page.getByLabel("Prénom de l'enfant")).toHaveCount(0);
          await fillPerson(page, { first: "Camille", last, email });
          await page.getByLabel("Débutant").check();
          await page.getByLabel("Message").fill("Première fois, j'ai des baskets et une gourde.");
          await expectNoAxeViolations(page);
          await page.getByRole("button", { name: "Réserver ma séance d'essai" }).click();

          await expect(page).toHaveURL(/\/essai\/confirmation\?/);
          expect(page.url()).not.toContain(email);
          const status = page.getByRole("status");
          await expect(status).toContainText("Votre séance d'essai est réservée.");
          await expect(status).toContainText(dayLabel(monday));
          await expect(status).toContainText(`Pour : Camille ${last}`);
          await expect(status).toContainText(`La confirmation part à ${email}`);
          const where = page.getByRole("region", { name: "Où venir ?" });
          await expect(where).toContainText("69330");
          await expect(where.getByRole("link", { name: /Voir le plan d'accès/ })).toHaveAttribute(
            "href",
            /^https:\/\//,
          );
          await expectNoAxeViolations(page);
          expect(bookingsOf(email)).toEqual([{ status: "booked", session_date: monday }]);
          const answer = await request.get("/essai");
          expect(answer.headers()["cache-control"]).toBe("private, no-store");

          // The confirmation mail: a calendar file for that session, and the cancellation link.
          await expect.poll(() => outboxMailsTo(email).length).toBe(1);
          const parts = mimeParts(outboxMailsTo(email)[0]!);
          const text = parts.find((part) => /content-type:\s*text\/plain/i.test(part.headers))!;
          const calendar = parts.find((part) =>
            /content-type:\s*text\/calendar/i.test(part.headers),
          )!;
          const event = new ICAL.Component(ICAL.parse(calendar.body)).getFirstSubcomponent(
            "vevent",
          )!;
          const start = event.getFirstProperty("dtstart")!;
          expect(start.getParameter("tzid")).toBe("Europe/Paris");
          expect(String(start.getFirstValue())).toBe(`${monday}T19:00:00`);
          expect(String(event.getFirstPropertyValue("dtend"))).toBe(`${monday}T20:30:00`);
          expect(String(event.getFirstPropertyValue("summary"))).toContain("Boxe anglaise loisir");
          expect(text.body).toContain(`Réservation faite avec l'adresse e-mail ${email}.`);
          expect(text.body).toMatch(/Plan d'accès : https:\/\//);
          const link = /https?:\/\/\S+\/essai\/annuler\/[A-Za-z0-9_-]+/.exec(text.body)?.[0];
          expect(link).toBeDefined();

          // The admin's Essais screen lists the person under that session.
          await login();
          await page.goto("/admin/essais");
          const session = page
            .getByRole("article")
            .filter({ has: page.getByRole("heading", { name: "Boxe anglaise loisir" }) })
            .filter({ hasText: dayLabel(monday) });
          const row = session.getByRole("listitem").filter({ hasText: email });
          await expect(row).toContainText(`Camille ${last}`);
          await expect(row).toContainText("Débutant");
          await expect(row).toContainText("Première fois");
          await expectNoAxeViolations(page);

          // The link asks first; the POST cancels; the link then says it was used.
          await page.goto(link!);
          await expect(
            page.getByRole("heading", { name: "Annuler cette séance d'essai ?" }),
          ).toBeVisible();
          await expect(page.getByText(dayLabel(monday))).toBeVisible();
          expect(bookingsOf(email)).toEqual([{ status: "booked", session_date: monday }]);
          await expectNoAxeViolations(page);
          await page.getByRole("button", { name: "Oui, annuler ma séance" }).click();
          await expect(page.getByRole("status")).toHaveText("Votre séance d'essai est annulée.");
          expect(bookingsOf(email)).toEqual([{ status: "cancelled", session_date: monday }]);
          await page.goto(link!);
          await expect(page.getByRole("alert")).toHaveText(
            "Cette séance d'essai est déjà annulée.",
          );
          await expectNoAxeViolations(page);
          await page.goto(`${link!.slice(0, -6)}abcdef`);
          await expect(page.getByRole("alert")).toHaveText(
            "Ce lien d'annulation n'est pas valable.",
          );

          await page.goto("/admin/essais");
          await expect(page.getByRole("listitem").filter({ hasText: email })).toHaveCount(0);
        } finally {
          deleteBookingsOf(email);
        }
      });
    },
  );

  test(
    "bad input gets French errors under the fields, focus on the first, nothing typed lost",
    { tag: "@phone" },
    async ({ page }) => {
      // Most of it may be spent waiting for the public lock, which the other project holds.
      test.setTimeout(90_000);
      const last = unique("Erreur");
      const email = emailFor(last);
      const youth = activityId("Lundi", "Boxe ados");
      await withTrialSeason(async () => {
        try {
          await page.goto(`/essai/${youth}`);
          const date = await firstSessionDate(page, youth);
          await page.goto(`/essai/${youth}/${date}`);
          // A teenagers' class: the child's part is there from the start, no box to tick.
          await expect(page.getByLabel("La séance est pour mon enfant")).toHaveCount(0);
          await page.getByLabel("Prénom de l'enfant").fill("Noé");
          await page.getByLabel("Votre prénom").fill("Léa");
          await page.getByLabel("E-mail").fill("lea-at-example");
          await page.getByLabel("Message").fill("Il a déjà fait un peu de judo.");
          await page.getByRole("button", { name: "Réserver ma séance d'essai" }).click();

          await expect(page.getByRole("alert")).toContainText("La réservation n'est pas faite");
          const childName = page.getByLabel("Nom de l'enfant", { exact: true });
          await expect(childName).toHaveAccessibleDescription("Indiquez le nom de l'enfant.");
          await expect(childName).toBeFocused();
          await expect(page.getByLabel("Votre nom")).toHaveAccessibleDescription(
            "Indiquez votre nom.",
          );
          await expect(page.getByLabel("E-mail")).toHaveAccessibleDescription(/n'est pas valide/);
          await expect(page.getByLabel("Téléphone")).toHaveAccessibleDescription(
            /Indiquez un numéro de téléphone/,
          );
          await expect(
            page.getByLabel("Année de naissance de l'enfant"),
          ).toHaveAccessibleDescription(/Indiquez l'année de naissance de l'enfant/);
          await expect(
            page.getByText("Choisissez votre niveau : débutant ou déjà pratiqué."),
          ).toBeVisible();
          // Everything typed is still there.
          await expect(page.getByLabel("Votre prénom")).toHaveValue("Léa");
          await expect(page.getByLabel("E-mail")).toHaveValue("lea-at-example");
          await expect(page.getByLabel("Prénom de l'enfant")).toHaveValue("Noé");
          await expect(page.getByLabel("Message")).toHaveValue("Il a déjà fait un peu de judo.");
          await expectNoAxeViolations(page);

          // Corrected, but the child is younger than the class allows (12): the model says so.
          await page.getByLabel("Nom de l'enfant", { exact: true }).fill(last);
          await page.getByLabel("Votre nom").fill(last);
          await page.getByLabel("E-mail").fill(email);
          await page.getByLabel("Téléphone").fill("06 12 34 56 78");
          const tooYoung = String(Number(date.slice(0, 4)) - 8);
          await page.getByLabel("Année de naissance de l'enfant").fill(tooYoung);
          await page.getByLabel("Déjà pratiqué").check();
          await page.getByRole("button", { name: "Réserver ma séance d'essai" }).click();
          await expect(
            page.getByLabel("Année de naissance de l'enfant"),
          ).toHaveAccessibleDescription(/à partir de 12 ans/);
          await expect(page.getByLabel("Année de naissance de l'enfant")).toHaveValue(tooYoung);
          await expect(page.getByLabel("Déjà pratiqué")).toBeChecked();
          expect(bookingsOf(email)).toEqual([]);
        } finally {
          deleteBookingsOf(email);
        }
      });
    },
  );

  test(
    "a full session offers its waitlist, also when it fills up while the form is open",
    { tag: "@phone" },
    async ({ page }) => {
      test.setTimeout(90_000);
      const title = unique("Essai complet");
      const last = unique("Attente");
      const email = emailFor(last);
      await withTrialSeason(async () => {
        const id = insertTrialClass({ title, day: "Mercredi", places: 1 });
        try {
          await page.goto(`/essai/${id}`);
          const first = await firstSessionDate(page, id);
          const second = addDays(first, 7);
          insertBooking(id, first, `autre-${email}`);
          await page.reload();
          const full = page.getByRole("listitem").filter({ hasText: dayLabel(first) });
          await expect(full).toContainText("Complet – liste d'attente");
          await expectNoAxeViolations(page);
          await full.getByRole("link", { name: /Rejoindre la liste d'attente/ }).click();
          await expect(page.getByText("Cette séance est complète.")).toBeVisible();
          await fillPerson(page, { first: "Sam", last, email });
          await page.getByLabel("Débutant").check();
          await expectNoAxeViolations(page);
          await page.getByRole("button", { name: "M'inscrire sur la liste d'attente" }).click();
          await expect(page.getByRole("status")).toContainText(
            "Votre inscription sur la liste d'attente est enregistrée.",
          );
          expect(bookingsOf(email)).toEqual([{ status: "waitlist", session_date: first }]);

          // The next week's place is taken while the form is open: the waitlist is offered,
          // with what was typed.
          // Another person of the same address (Sam already waits for a trial: one at a time).
          await page.goto(`/essai/${id}/${second}`);
          await fillPerson(page, { first: "Alex", last, email });
          await page.getByLabel("Déjà pratiqué").check();
          insertBooking(id, second, `autre2-${email}`);
          await page.getByRole("button", { name: "Réserver ma séance d'essai" }).click();
          await expect(page.getByRole("alert")).toContainText(
            "Cette séance vient d'être complète.",
          );
          await expect(page.getByLabel("E-mail")).toHaveValue(email);
          await expect(page.getByLabel("Déjà pratiqué")).toBeChecked();
          await page.getByRole("button", { name: "M'inscrire sur la liste d'attente" }).click();
          await expect(page.getByRole("status")).toContainText("liste d'attente est enregistrée");
          expect(bookingsOf(email)).toEqual([
            { status: "waitlist", session_date: first },
            { status: "waitlist", session_date: second },
          ]);
        } finally {
          deleteClass(id);
        }
      });
    },
  );
});
