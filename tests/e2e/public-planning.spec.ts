import { expect, test as base } from "@playwright/test";
import { activityId, getSetting, withDbLock } from "./public-db";

// The admin-schedule specs add activities and change the display settings and the title
// under the public lock: every test here reads the week while holding it.
const test = base.extend<{ planningLock: void }>({
  planningLock: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => withDbLock(() => provide()),
    { auto: true },
  ],
});

const isDesktop = (width: number | undefined) => (width ?? 0) >= 768;

/**
 * The title /planning shows while the club typed none: the season's months and years
 * (the default season, 1 September to 30 June, unless one is set in Changements).
 */
function seasonTitle(): string {
  const season = getSetting<{ start?: string; end?: string }>("season");
  const months = ["JANVIER", "FÉVRIER", "MARS", "AVRIL", "MAI", "JUIN", "JUILLET", "AOÛT"].concat([
    "SEPTEMBRE",
    "OCTOBRE",
    "NOVEMBRE",
    "DÉCEMBRE",
  ]);
  const said = (date: string) => `${months[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;
  if (season.start && season.end) return `PLANNING - ${said(season.start)} - ${said(season.end)}`;
  const [year, month] = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" })
    .format(new Date())
    .split("-")
    .map(Number) as [number, number];
  const first = month >= 7 ? year : year - 1;
  return `PLANNING - SEPTEMBRE ${first} - JUIN ${first + 1}`;
}

test.describe("planning", () => {
  test("the server's HTML holds the title, both timetable layouts and the feed link", async ({
    request,
  }) => {
    const response = await request.get("/planning?semaine=type");
    expect(response.status()).toBe(200);
    const html = await response.text();
    // The spec's default title (stored by the seed) gives way to the season's.
    expect(html).not.toContain("SEPTEMBRE 2024 - JUIN 2025");
    expect(html).toContain(seasonTitle());
    expect(html).toContain('data-testid="timetable-grid"');
    expect(html).toContain('data-testid="timetable-list"');
    expect(html).toContain("Boxe anglaise loisir");
    expect(html).toContain("Ajouter le planning à mon agenda");
    expect(html).toContain("69330 MEYZIEU");
  });

  test("shows the planning title, the club address and the calendar link", async ({ page }) => {
    await page.goto("/planning");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(seasonTitle());
    const main = page.getByRole("main");
    await expect(main.getByText("69330 MEYZIEU")).toBeVisible();
    await expect(main.getByText("Rue de la République")).toBeVisible();
    await expect(
      page.getByRole("link", { name: "Ajouter le planning à mon agenda" }),
    ).toHaveAttribute("href", "/planning.ics");
  });

  test("desktop: day columns Lundi to Dimanche on a time axis, blocks sized by duration", async ({
    page,
  }) => {
    await page.goto("/planning?semaine=type");
    const grid = page.getByTestId("timetable-grid");
    await expect(grid).toBeVisible();
    await expect(page.getByTestId("timetable-list")).toBeHidden();
    await expect(grid.getByRole("heading", { level: 3 })).toHaveText([
      "Lundi",
      "Mardi",
      "Mercredi",
      "Jeudi",
      "Vendredi",
      "Samedi",
      "Dimanche",
    ]);
    await expect(grid.getByText("6h00", { exact: true })).toBeVisible();
    await expect(grid.getByText("22h00", { exact: true })).toBeVisible();

    const monday = grid.getByRole("group", { name: "Lundi" });
    const loisir = monday.getByRole("link", { name: /^Boxe anglaise loisir/ });
    await expect(loisir).toContainText("19h00 – 20h30");
    await expect(loisir).toContainText("Adultes");
    // 1h30 = 3 half-hours × 40 px; a 1 h class is 80 px; the column is at least 600 px.
    const loisirBlock = monday
      .getByTestId("timetable-block")
      .filter({ has: page.getByRole("link", { name: /^Boxe anglaise loisir/ }) });
    expect((await loisirBlock.boundingBox())?.height).toBeCloseTo(120, 0);
    const ados = monday.getByTestId("timetable-block").filter({ hasText: "Boxe ados" });
    expect((await ados.boundingBox())?.height).toBeCloseTo(80, 0);
    // 18h00 sits one hour (80 px) above 19h00.
    const adosBox = await ados.boundingBox();
    const loisirBox = await loisirBlock.boundingBox();
    expect(loisirBox!.y - adosBox!.y).toBeCloseTo(80, 0);
    const column = monday.getByRole("list");
    expect((await column.boundingBox())!.height).toBeGreaterThanOrEqual(600);

    // Dark ink on the light teal block (contrast AA).
    await expect(loisir).toHaveCSS("color", "rgb(17, 24, 39)");
  });

  test(
    "mobile: a list of the days that have classes, sorted by start time",
    { tag: "@phone" },
    async ({ page, viewport }) => {
      test.skip(isDesktop(viewport?.width), "mobile layout");
      await page.goto("/planning?semaine=type");
      const list = page.getByTestId("timetable-list");
      await expect(list).toBeVisible();
      await expect(page.getByTestId("timetable-grid")).toBeHidden();
      await expect(list.getByRole("heading", { level: 3 })).toHaveText([
        "Lundi",
        "Mardi",
        "Mercredi",
        "Jeudi",
        "Vendredi",
        "Samedi",
      ]);
      await expect(list.getByRole("heading", { name: "Dimanche" })).toHaveCount(0);
      // Each row: the class's link, and its trial link.
      const monday = list.getByRole("group", { name: "Lundi" }).getByRole("listitem");
      await expect(monday).toHaveCount(2);
      await expect(monday.nth(0)).toContainText("18h00 – 19h00");
      await expect(monday.nth(0)).toContainText("Boxe ados");
      await expect(monday.nth(1)).toContainText("19h00 – 20h30");
      await expect(monday.nth(1)).toContainText("Boxe anglaise loisir");
    },
  );

  test("a block leads to its activity page", async ({ page }) => {
    await page.goto("/planning?semaine=type");
    const id = activityId("Lundi", "Boxe anglaise loisir");
    const link = page
      .getByRole("group", { name: "Lundi" })
      .filter({ visible: true })
      .getByRole("link", { name: /^Boxe anglaise loisir/ });
    await expect(link).toHaveAttribute("href", `/activite/${id}`);
    await link.click();
    await expect(page).toHaveURL(`/activite/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Boxe anglaise loisir");
  });
});

test.describe("activity page", () => {
  test("shows banner, descriptions, age range, category, day and times", async ({
    page,
    request,
  }) => {
    const id = activityId("Lundi", "Boxe anglaise loisir");
    const html = await (await request.get(`/activite/${id}`)).text();
    expect(html).toContain("Séance complète de boxe anglaise pour les adultes de tous niveaux.");

    await page.goto(`/activite/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Boxe anglaise loisir");
    const main = page.getByRole("main");
    await expect(main.getByText("Lundi · 19h00 – 20h30")).toBeVisible();
    await expect(
      main.getByText("Séance complète de boxe anglaise pour les adultes de tous niveaux."),
    ).toBeVisible();
    // Each line of the long description is its own paragraph.
    await expect(
      main.getByText("Oppositions légères à thème pour ceux qui le souhaitent.", { exact: true }),
    ).toBeVisible();
    await expect(
      main.getByText("Ouvert aux débutants comme aux confirmés.", { exact: true }),
    ).toBeVisible();
    // The "En bref" list (the aside also lists the next sessions, with their times).
    const facts = page.getByRole("complementary").getByRole("definition");
    await expect(facts.getByText("18 ans et +")).toBeVisible();
    await expect(facts.getByText("Adultes")).toBeVisible();
    await expect(facts.getByText("19h00 – 20h30")).toBeVisible();
    await expect(page.getByRole("link", { name: "Retour au planning" }).first()).toHaveAttribute(
      "href",
      "/planning",
    );
    const banner = main.locator("header img").first();
    await expect(banner).toHaveAttribute("loading", "eager");
    await expect(banner).toHaveAttribute("width", /\d+/);
    await expect(banner).toHaveAttribute("height", /\d+/);
    await expect(main.locator("header picture source")).not.toHaveCount(0);
  });

  for (const path of ["/activite/999999", "/activite/abc"]) {
    test(`${path} answers 404 with the spec's three texts`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Activité non trouvée");
      await expect(
        page.getByText("L'activité demandée n'existe pas ou a été supprimée"),
      ).toBeVisible();
      await expect(
        page.getByText("Désolé, nous n'avons pas pu trouver cette activité."),
      ).toBeVisible();
      await expect(
        page.getByRole("main").getByRole("link", { name: "Voir le planning" }),
      ).toHaveAttribute("href", "/planning");
    });
  }
});

test("the iCalendar feed holds one weekly event per class in Paris time", async ({ request }) => {
  const response = await request.get("/planning.ics");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const text = await response.text();
  expect(text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
  expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  const lines = text.replace(/\r\n /g, "").split("\r\n");
  expect(lines).toContain("BEGIN:VTIMEZONE");
  expect(lines).toContain("TZID:Europe/Paris");
  expect(lines.filter((l) => l === "BEGIN:VEVENT")).toHaveLength(14);
  const id = activityId("Lundi", "Boxe anglaise loisir");
  const event = text
    .replace(/\r\n /g, "")
    .split("BEGIN:VEVENT")
    .find((chunk) => chunk.includes(`UID:activite-${id}@`))!;
  expect(event).toContain("RRULE:FREQ=WEEKLY;BYDAY=MO");
  expect(event).toMatch(/DTSTART;TZID=Europe\/Paris:\d{8}T190000/);
  expect(event).toMatch(/DTEND;TZID=Europe\/Paris:\d{8}T203000/);
  expect(event).toContain("SUMMARY:Boxe anglaise loisir");
});
