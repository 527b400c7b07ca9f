import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { logActivity } from "~/domains/history/activity-log.server";
import { parisMidnight } from "~/core/club-time";
import { callRoute, createUser, getRequest, signIn } from "../../../../tests/auth";
import { createPost } from "../../../../tests/factories";
import { loader as dashboardLoader } from "../dashboard/dashboard";
import { loader } from "./journal";

/*
 * /admin/journal: the admin reads and filters everyone's rows; any other volunteer reads
 * their own only, whatever the address asks. The dashboard shows each role its own part.
 */

interface Row {
  username: string;
  action: string;
  itemType: string;
  itemLabel: string;
  href: string | null;
  createdAt: string;
}
interface JournalData {
  everyone: boolean;
  people: { userId: number; username: string }[];
  list: { rows: Row[]; total: number; page: number; pages: number };
}

let admin: { id: number; cookie: string };
let coach: { id: number; cookie: string };
let postId: number;

async function read(cookie: string, query = ""): Promise<JournalData> {
  const answer = await callRoute(loader, getRequest(`/admin/journal${query}`, { cookie }));
  expect(answer.status).toBe(200);
  return answer.data as JournalData;
}

const labels = (data: JournalData) => data.list.rows.map((row) => row.itemLabel);

beforeAll(async () => {
  const adminId = await createUser("presidente", "mot-de-passe", { email: "p@club.test" });
  const coachId = await createUser("coach-karim", "mot-de-passe", { roles: ["coach"] });
  admin = { id: adminId, cookie: (await signIn(adminId)).cookie };
  coach = { id: coachId, cookie: (await signIn(coachId)).cookie };
  postId = (await createPost({ title: "Gala" })).id;
  const asAdmin = { userId: adminId, username: "presidente", ip: "127.0.0.1" };
  const asCoach = { userId: coachId, username: "coach-karim", ip: "127.0.0.2" };
  await logActivity(asAdmin, { action: "login" }, { now: new Date("2026-03-01T08:00:00Z") });
  await logActivity(
    asAdmin,
    { action: "save", itemType: "post", itemId: postId, itemLabel: "Gala" },
    { now: new Date("2026-03-02T09:00:00Z") },
  );
  await logActivity(
    asAdmin,
    { action: "delete", itemType: "post", itemId: 999999, itemLabel: "Article disparu" },
    { now: new Date("2026-03-03T09:00:00Z") },
  );
  await logActivity(
    asCoach,
    { action: "create", itemType: "activity", itemId: 1, itemLabel: "Boxe du lundi" },
    // 23:30 in Paris on 4 March (UTC+1): the Paris day counts, not UTC's.
    { now: new Date("2026-03-04T22:30:00Z") },
  );
  await logActivity(
    asCoach,
    { action: "cancel", itemType: "trial", itemId: 1, itemLabel: "Boxe du lundi, lundi 9 mars" },
    { now: new Date("2026-03-05T10:00:00Z") },
  );
});

describe("the journal for the admin", () => {
  it("shows everyone's rows, newest first, in French, with who did them", async () => {
    const data = await read(admin.cookie);
    expect(data.everyone).toBe(true);
    expect(labels(data)).toEqual([
      "Boxe du lundi, lundi 9 mars",
      "Boxe du lundi",
      "Article disparu",
      "Gala",
      "",
    ]);
    expect(data.list.rows[0]).toMatchObject({
      username: "coach-karim",
      action: "Annulation",
      itemType: "Essai",
    });
    expect(data.people.map((person) => person.username)).toEqual(["coach-karim", "presidente"]);
  });

  it("links an item that still exists, and not one that is gone", async () => {
    const rows = (await read(admin.cookie)).list.rows;
    expect(rows.find((row) => row.itemLabel === "Gala")?.href).toBe(
      `/admin/blog?modifier=${postId}`,
    );
    expect(rows.find((row) => row.itemLabel === "Article disparu")?.href).toBeNull();
    expect(rows.find((row) => row.itemLabel === "Boxe du lundi")?.href).toBe("/admin/schedule");
  });

  it("filters by person, by kind of act, by Paris dates and by words", async () => {
    expect(labels(await read(admin.cookie, `?personne=${coach.id}`))).toEqual([
      "Boxe du lundi, lundi 9 mars",
      "Boxe du lundi",
    ]);
    expect(labels(await read(admin.cookie, "?type=connexions"))).toEqual([""]);
    expect(labels(await read(admin.cookie, "?type=contenu"))).toEqual(["Article disparu", "Gala"]);
    expect(labels(await read(admin.cookie, "?type=planning"))).toEqual(["Boxe du lundi"]);
    expect(labels(await read(admin.cookie, "?du=2026-03-04&au=2026-03-04"))).toEqual([
      "Boxe du lundi",
    ]);
    expect(labels(await read(admin.cookie, "?q=disparu"))).toEqual(["Article disparu"]);
    expect((await read(admin.cookie, "?type=inconnu")).list.total).toBe(5);
  });
});

describe("the journal for a volunteer who is not an admin", () => {
  it("shows their own rows only, even when the address asks for someone else's", async () => {
    for (const query of ["", `?personne=${admin.id}`, `?user=${admin.id}`]) {
      const data = await read(coach.cookie, query);
      expect(data.everyone).toBe(false);
      expect(data.people).toEqual([]);
      expect(new Set(data.list.rows.map((row) => row.username))).toEqual(new Set(["coach-karim"]));
      expect(data.list.total).toBe(2);
    }
    expect(labels(await read(coach.cookie, "?type=essais"))).toEqual([
      "Boxe du lundi, lundi 9 mars",
    ]);
  });

  it("sends a visitor without a session to the sign-in page", async () => {
    const answer = await callRoute(loader, getRequest("/admin/journal"));
    expect(answer.status).toBe(302);
  });
});

describe("Paris days", () => {
  it("turns a Paris date into the instant of its midnight, summer and winter", () => {
    expect(parisMidnight("2026-03-04")).toBe("2026-03-03T23:00:00.000Z");
    expect(parisMidnight("2026-07-14")).toBe("2026-07-13T22:00:00.000Z");
    // The day summer time begins (2:00 → 3:00): midnight is still UTC+1.
    expect(parisMidnight("2026-03-29")).toBe("2026-03-28T23:00:00.000Z");
  });
});

describe("the dashboard by role", () => {
  interface Dashboard {
    counts: Record<string, number | undefined>;
    sessions: unknown[] | null;
    todo: { label: string; href: string }[];
    guide: { to: string }[];
    recent: { everyone: boolean; rows: Row[] };
  }
  const dashboard = async (cookie: string) =>
    (await callRoute(dashboardLoader, getRequest("/admin/dashboard", { cookie })))
      .data as Dashboard;

  it("gives a coach no message count, no content to-do, and their own last changes", async () => {
    await getDb()
      .insertInto("contact_messages")
      .values({
        name: "Camille",
        email: "camille@example.fr",
        subject: "Question",
        message: "Bonjour",
        read_at: null,
        created_at: "2026-03-01T08:00:00.000Z",
        updated_at: "2026-03-01T08:00:00.000Z",
      })
      .execute();
    const data = await dashboard(coach.cookie);
    expect(data.counts).toEqual({
      disciplines: undefined,
      trainingFormats: undefined,
      events: undefined,
      messages: undefined,
      trialsThisWeek: expect.any(Number),
    });
    expect(data.sessions).not.toBeNull();
    const hrefs = data.todo.map((item) => item.href);
    for (const href of hrefs) {
      expect(
        ["/admin/schedule", "/admin/settings/account"].includes(href),
        `${href} is not the coach's`,
      ).toBe(true);
    }
    // A coach without an e-mail is asked for one.
    expect(data.todo).toContainEqual({
      label:
        "Ajoutez votre adresse e-mail dans Mon compte : elle sert à réinitialiser votre mot de passe.",
      href: "/admin/settings/account",
    });
    expect(data.guide.map((step) => step.to)).toEqual(["/admin/schedule", "/admin/essais"]);
    expect(data.recent.everyone).toBe(false);
    expect(data.recent.rows.map((row) => row.itemLabel)).toEqual([
      "Boxe du lundi, lundi 9 mars",
      "Boxe du lundi",
    ]);
  });

  it("gives the admin every figure and everyone's changes, without sign-ins", async () => {
    const data = await dashboard(admin.cookie);
    expect(data.counts.messages).toBe(1);
    expect(data.counts.disciplines).toEqual(expect.any(Number));
    expect(data.recent.everyone).toBe(true);
    expect(data.recent.rows.map((row) => row.itemLabel)).toEqual([
      "Boxe du lundi, lundi 9 mars",
      "Boxe du lundi",
      "Article disparu",
      "Gala",
    ]);
    expect(data.todo.map((item) => item.href)).not.toContain("/admin/settings/account");
  });
});
