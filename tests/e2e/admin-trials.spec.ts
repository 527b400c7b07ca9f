import { addDays, parisToday, weekdayOfDate } from "../../app/core/club-time";
import { hydrated, toast } from "./admin-disciplines-db";
import { openSchedule } from "./admin-schedule-db";
import { expect, test } from "./fixtures";
import { db, unique } from "./public-db";
import {
  bookingsOf,
  deleteBookingsOf,
  deleteClass,
  firstSessionDate,
  insertBooking,
  insertTrialClass,
  outboxMailsTo,
  withTrialSeason,
} from "./trial-e2e";
import { expectNoAxeViolations } from "./axe";

/*
 * The back office's side of the trial sessions: the Essais screen (attendance after a session, the
 * club's cancellation behind a confirmation, which mails the person and gives the place to
 * the first waitlisted one), its CSV export (guarded), and an activity's trial settings
 * saved from its dialog and seen on its public page; a deleted activity's bookings kept
 * as cancelled, under its title.
 */

/** The Wednesday 1 to 7 days before today: a session of the last seven days. */
function lastWednesday(): string {
  const today = parisToday();
  return addDays(today, -((weekdayOfDate(today) - 2 + 7) % 7 || 7));
}

const attendanceOf = (email: string) =>
  (
    db().prepare("select attendance from trial_bookings where email = ?").get(email) as {
      attendance: string;
    }
  ).attendance;

test.describe("admin trials", () => {
  test.beforeEach(async ({ login }) => {
    await login();
  });

  test("Essais: attendance after the session, the club's cancellation mails the person and promotes the waitlist, the CSV export", async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const title = unique("Essais admin");
    const tag = title.toLowerCase().replace(/[^a-z0-9]/g, "");
    const came = `venu-${tag}@example.fr`;
    const booked = `inscrit-${tag}@example.fr`;
    const waiting = `attente-${tag}@example.fr`;
    await withTrialSeason(async () => {
      const id = insertTrialClass({ title, day: "Mercredi", places: 1 });
      try {
        insertBooking(id, lastWednesday(), came);
        await page.goto(`/essai/${id}`);
        const next = await firstSessionDate(page, id);
        insertBooking(id, next, booked);
        db()
          .prepare(
            "insert into trial_bookings (activity_id, session_date, status, first_name, last_name, email, phone, child_first_name, child_last_name, child_birth_year, level, message, cancel_token_hash, attendance, created_at, updated_at) values (?, ?, 'waitlist', 'Lou', 'Attente', ?, '', 'Zoé', 'Attente', 2016, 'debutant', '', ?, '', ?, ?)",
          )
          .run(
            id,
            next,
            waiting,
            `hash-${tag}`,
            new Date().toISOString(),
            new Date().toISOString(),
          );

        await page.goto("/admin/essais");
        await hydrated(page);
        const sessions = page
          .getByRole("article")
          .filter({ has: page.getByRole("heading", { name: title }) });
        await expect(sessions).toHaveCount(2);
        const past = page
          .getByRole("region", { name: "Passées (7 derniers jours)" })
          .getByRole("article", {
            name: title,
          });
        const upcoming = page.getByRole("region", { name: "À venir" }).getByRole("article", {
          name: title,
        });
        await expect(upcoming).toContainText("Complet (1 place)");
        await expect(upcoming).toContainText("1 en attente");
        const waitlist = upcoming.getByRole("list", { name: `Liste d'attente : ${title}` });
        await expect(waitlist).toContainText(waiting);
        // A child's trial: the child in full with the birth year, and the parent who booked.
        await expect(waitlist).toContainText("Zoé Attente (enfant, né(e) en 2016)");
        await expect(waitlist).toContainText("Parent : Lou Attente");
        await expectNoAxeViolations(page);

        // After the session: present, then absent; nothing to cancel any more.
        const presence = past.getByRole("group", { name: /Présence d'Autre Personne/ });
        await presence.getByRole("button", { name: "Présent" }).click();
        await expect(toast(page, "Présence notée")).toBeVisible();
        await expect(presence.getByRole("button", { name: "Présent" })).toHaveAttribute(
          "aria-pressed",
          "true",
        );
        expect(attendanceOf(came)).toBe("present");
        await presence.getByRole("button", { name: "Absent" }).click();
        await expect(toast(page, "Absence notée")).toBeVisible();
        expect(attendanceOf(came)).toBe("absent");
        await expect(past.getByRole("button", { name: /^Annuler/ })).toHaveCount(0);

        // Before it: the club cancels a booking, after a confirmation.
        await upcoming
          .getByRole("list", { name: `Réservations : ${title}` })
          .getByRole("button", { name: "Annuler la réservation d'Autre Personne" })
          .click();
        const confirm = page.getByRole("alertdialog", { name: "Annuler cette réservation ?" });
        await expect(confirm).toContainText(
          `Autre Personne en est prévenu(e) par un e-mail à ${booked}.`,
        );
        await expectNoAxeViolations(page);
        await confirm.getByRole("button", { name: "Annuler la réservation" }).click();
        await expect(
          toast(page, "Réservation annulée : la personne est prévenue par e-mail"),
        ).toBeVisible();
        expect(bookingsOf(booked)).toEqual([{ status: "cancelled", session_date: next }]);
        expect(bookingsOf(waiting)).toEqual([{ status: "booked", session_date: next }]);
        await expect.poll(() => outboxMailsTo(booked).length).toBe(1);
        await expect.poll(() => outboxMailsTo(waiting).length).toBe(1);
        await expect(upcoming.getByRole("list", { name: `Réservations : ${title}` })).toContainText(
          waiting,
        );

        // The cancelled booking stays in view, under "Annulées", with its date.
        await page
          .getByRole("navigation", { name: "Statut" })
          .getByRole("link", { name: /^Annulées/ })
          .click();
        await expect(page).toHaveURL(/[?&]statut=annulees/);
        const cancellations = page
          .getByRole("region", { name: "À venir" })
          .getByRole("list", { name: `Annulations : ${title}` });
        await expect(cancellations).toContainText("Autre Personne");
        await expect(cancellations).toContainText(/Annulée le \d{1,2}(er)? \p{L}+ \d{4}/u);
        await expect(cancellations.getByRole("button")).toHaveCount(0);
        await expectNoAxeViolations(page);

        // The export: for the signed-in admin only.
        const csv = await page.request.get("/admin/essais/export.csv");
        expect(csv.status()).toBe(200);
        expect(csv.headers()["content-type"]).toMatch(/^text\/csv/);
        const text = (await csv.body()).toString("utf8");
        expect(text.startsWith("\uFEFF")).toBe(true);
        expect(text).toContain(waiting);
        expect(text).toContain(`;Lou;Attente;${waiting};;Zoé;Attente;2016;Lou Attente;`);
        const anonymous = await request.get("/admin/essais/export.csv", { maxRedirects: 0 });
        expect(anonymous.status()).toBe(302);
        expect(anonymous.headers()["location"]).toMatch(/^\/admin\/login/);
        await expect(page.getByRole("link", { name: "Exporter en CSV" })).toHaveAttribute(
          "href",
          "/admin/essais/export.csv",
        );
      } finally {
        deleteClass(id);
      }
    });
  });

  test("an activity's trial settings are saved from its dialog and lead its page to /essai", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const title = unique("Réglages essai");
    await withTrialSeason(async () => {
      const id = insertTrialClass({ title, day: "Jeudi", places: 3 });
      const row = () =>
        db()
          .prepare(
            "select trial_enabled, trial_places, trial_min_age from schedule_activities where id = ?",
          )
          .get(id);
      try {
        await openSchedule(page);
        await page.getByRole("button", { name: new RegExp(`^Modifier « ${title} »`) }).click();
        const dialog = page.getByRole("dialog", { name: "Modifier l'activité" });
        await expect(dialog.getByRole("switch", { name: "Accepte les essais" })).toBeChecked();
        await dialog.getByLabel("Places d'essai par séance").fill("0");
        await dialog.getByRole("button", { name: "Enregistrer les modifications" }).click();
        await expect(dialog.getByLabel("Places d'essai par séance")).toHaveAccessibleDescription(
          /nombre entier entre 1 et 50/,
        );
        await dialog.getByLabel("Places d'essai par séance").fill("5");
        await dialog.getByLabel("Âge minimum").fill("10");
        await expectNoAxeViolations(page);
        await dialog.getByRole("button", { name: "Enregistrer les modifications" }).click();
        await expect(toast(page, "Activité mise à jour avec succès")).toBeVisible();
        expect(row()).toEqual({ trial_enabled: 1, trial_places: 5, trial_min_age: 10 });

        const visitor = await page.context().browser()!.newPage();
        try {
          await visitor.goto(new URL(`/activite/${id}`, page.url()).href);
          await expect(
            visitor.getByRole("link", { name: "Réserver une séance d'essai" }),
          ).toHaveAttribute("href", `/essai/${id}`);

          await page.getByRole("button", { name: new RegExp(`^Modifier « ${title} »`) }).click();
          await dialog.getByRole("switch", { name: "Accepte les essais" }).click();
          await dialog.getByRole("button", { name: "Enregistrer les modifications" }).click();
          await expect(toast(page, "Activité mise à jour avec succès").last()).toBeVisible();
          await expect.poll(row).toEqual({ trial_enabled: 0, trial_places: 5, trial_min_age: 10 });
          await visitor.reload();
          await expect(
            visitor.getByRole("link", { name: "Réserver une séance d'essai" }),
          ).toHaveCount(0);
          // Without trials of its own, the page leads to the classes of its audience.
          await expect(
            visitor.getByRole("link", { name: "Réserver mon cours d'essai" }),
          ).toHaveAttribute("href", "/essai?pour=adulte");
          expect(
            (await visitor.request.get(new URL(`/essai/${id}`, page.url()).href)).status(),
          ).toBe(404);
        } finally {
          await visitor.close();
        }
      } finally {
        deleteClass(id);
      }
    });
  });

  test("a deleted activity's booking stays in Essais as cancelled, under the activity's title", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const title = unique("Cours supprimé");
    const tag = title.toLowerCase().replace(/[^a-z0-9]/g, "");
    const email = `supprime-${tag}@example.fr`;
    await withTrialSeason(async () => {
      const id = insertTrialClass({ title, day: "Mardi", places: 2 });
      try {
        await page.goto(`/essai/${id}`);
        const next = await firstSessionDate(page, id);
        insertBooking(id, next, email);

        await openSchedule(page);
        await page.getByRole("button", { name: new RegExp(`^Supprimer « ${title} »`) }).click();
        const confirm = page.getByRole("alertdialog", { name: `Supprimer « ${title} » ?` });
        await confirm.getByRole("button", { name: "Supprimer" }).click();
        await expect(toast(page, "Activité supprimée avec succès")).toBeVisible();
        expect(bookingsOf(email)).toEqual([{ status: "cancelled", session_date: next }]);
        await expect.poll(() => outboxMailsTo(email).length).toBe(1);

        await page.goto("/admin/essais?statut=annulees");
        await hydrated(page);
        const session = page
          .getByRole("region", { name: "À venir" })
          .getByRole("article", { name: title });
        await expect(session).toContainText("Cours supprimé");
        await expect(session).toContainText("20h45");
        const cancellations = session.getByRole("list", { name: `Annulations : ${title}` });
        await expect(cancellations).toContainText(email);
        await expect(cancellations).toContainText(
          /Annulée le \d{1,2}(er)? \p{L}+ \d{4} \(le cours n'est plus proposé\)/u,
        );
        await expectNoAxeViolations(page);

        const csv = (await (await page.request.get("/admin/essais/export.csv")).body()).toString(
          "utf8",
        );
        const line = csv.split("\r\n").find((row) => row.includes(email));
        expect(line).toContain(`${next};${title};20h45-21h45;Annulé;`);
      } finally {
        deleteBookingsOf(email);
        deleteClass(id);
      }
    });
  });
});
