import fs from "node:fs";
import path from "node:path";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { purgeTrash } from "~/domains/history/trash.server";
import { removeFileIfUnused } from "~/domains/content/upload-removal.server";
import { getDb } from "~/db/client.server";
import { addDays, parisToday } from "~/core/club-time";
import { defaultSeason } from "~/domains/schedule/dated-sessions";
import {
  createScheduleChange,
  getScheduleChanges,
} from "~/domains/schedule/schedule-change.server";
import { getActivity } from "~/domains/schedule/schedule.server";
import { getSettings, saveSettings } from "~/domains/content/settings.server";
import { STALE_SAVE_MESSAGE } from "~/utils/stale.server";
import { listenForSessionChanges } from "~/domains/trials/trial-notices.server";
import { callRoute, createUser, getRequest, ORIGIN, signIn } from "../../../../tests/auth";
import { createActivity } from "../../../../tests/factories";
import { book, mondayClass, NEXT_MONDAY, outbox, resetTrialData } from "../../../../tests/trial";
import { action, loader } from "./schedule";

/** After the Corbeille's 30 days (ADR 022). */
const PAST_TRASH = () => new Date(Date.now() + 31 * 24 * 60 * 60 * 1000);

const PATH = "/admin/schedule";
let cookie: string;

beforeAll(async () => {
  cookie = (await signIn(await createUser("planning", "mot-de-passe"))).cookie;
});

beforeEach(async () => {
  await getDb().deleteFrom("schedule_activities").execute();
  await getDb().deleteFrom("site_settings").execute();
});

/** A POST with repeated fields allowed (images, visible_days). */
function post(fields: [string, string][], withCookie = true) {
  const body = new URLSearchParams(fields);
  return callRoute(
    action,
    new Request(`${ORIGIN}${PATH}`, {
      method: "POST",
      body,
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        ...(withCookie ? { Cookie: cookie } : {}),
      },
    }),
  );
}

const ACTIVITY: [string, string][] = [
  ["title", "Boxe éducative"],
  ["category", "kids"],
  ["day", "Mercredi"],
  ["start_time", "14:00"],
  ["end_time", "15H30"],
  ["color", "#FF8800"],
  ["description", "Pour les petits"],
  ["age_range", "6-11 ans"],
  ["long_description", "Ligne 1\nLigne 2"],
  ["images", "/uploads/schedule-activities/1-banniere.jpg"],
  ["images", "/uploads/schedule-activities/2-galerie.jpg"],
];

function withField(fields: [string, string][], name: string, value: string) {
  return fields.map(([key, old]) => [key, key === name ? value : old] as [string, string]);
}

type Body = Record<string, unknown> & { toast?: { type: string; message: string } };
const body = (answer: { data: unknown }) => answer.data as Body;
const count = async () =>
  Number(
    (
      await getDb()
        .selectFrom("schedule_activities")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("loader", () => {
  it("lists the activities in week order with the planning title and display settings", async () => {
    await createActivity({ title: "Mardi", day: "Mardi", start_time: "18h00" });
    await createActivity({ title: "Lundi", day: "Lundi", start_time: "19h00" });
    const answer = await callRoute(loader, getRequest(PATH, { cookie }));
    const data = answer.data as Awaited<ReturnType<typeof loader>>;
    expect(data.activities.map((a) => a.title)).toEqual(["Lundi", "Mardi"]);
    expect(data.loadError).toBeNull();
    // The spec's default title is not one the club typed: the field is empty, the title
    // of the season (the default one around today) its placeholder.
    const season = defaultSeason(parisToday());
    expect(data.planningTitle).toEqual({
      title: "",
      seasonTitle: `PLANNING - SEPTEMBRE ${season.start.slice(0, 4)} - JUIN ${season.end.slice(0, 4)}`,
      updated_at: null,
    });
    expect(data.display).toMatchObject({ start_hour: 6, end_hour: 22 });
    expect(Object.values(data.display.visible_days)).toEqual(Array(7).fill(true));
  });

  it("sends an anonymous visitor to the login page", async () => {
    const answer = await callRoute(loader, getRequest(PATH));
    expect(answer.status).toBe(302);
  });
});

describe("create", () => {
  it("stores the activity with normalised times and its images in order", async () => {
    const answer = await post([["intent", "create"], ...ACTIVITY]);
    expect(answer.status).toBe(200);
    expect(body(answer).toast).toEqual({ type: "success", message: "Activité créée avec succès" });
    const id = (body(answer).activity as { id: number }).id;
    expect(await getActivity({ id })).toMatchObject({
      title: "Boxe éducative",
      category: "kids",
      day: "Mercredi",
      start_time: "14h00",
      end_time: "15h30",
      color: "#FF8800",
      age_range: "6-11 ans",
      long_description: "Ligne 1\nLigne 2",
      images: [
        "/uploads/schedule-activities/1-banniere.jpg",
        "/uploads/schedule-activities/2-galerie.jpg",
      ],
      width: 100,
    });
  });

  it("defaults the category to adult and the colour to #5ECFCB", async () => {
    const fields = withField(withField(ACTIVITY, "category", ""), "color", "");
    const answer = await post([["intent", "create"], ...fields]);
    const id = (body(answer).activity as { id: number }).id;
    expect(await getActivity({ id })).toMatchObject({ category: "adult", color: "#5ECFCB" });
  });

  it("refuses missing required fields with the spec's message, keeping what was typed", async () => {
    const fields = withField(withField(ACTIVITY, "title", " "), "start_time", "");
    const answer = await post([["intent", "create"], ...fields]);
    expect(answer.status).toBe(400);
    expect(body(answer)).toMatchObject({
      toast: { type: "error", message: "Veuillez remplir tous les champs obligatoires" },
      errors: {
        title: "Veuillez remplir tous les champs obligatoires",
        start_time: "Veuillez remplir tous les champs obligatoires",
      },
      values: { title: " ", day: "Mercredi", age_range: "6-11 ans", end_time: "15H30" },
    });
    expect(await count()).toBe(0);
  });

  it("refuses an invalid time, an end before the start and a bad colour", async () => {
    for (const [fields, field, message] of [
      [withField(ACTIVITY, "start_time", "14.00"), "start_time", "Heure invalide"],
      [withField(ACTIVITY, "end_time", "13h00"), "end_time", "L'heure de fin doit être après"],
      [withField(ACTIVITY, "color", "orange"), "color", "Couleur invalide"],
      [withField(ACTIVITY, "day", "Lundi prochain"), "day", "Jour invalide"],
      [withField(ACTIVITY, "images", "javascript:alert(1)"), "images", "Adresse d'image invalide"],
    ] as const) {
      const answer = await post([["intent", "create"], ...fields]);
      expect(answer.status).toBe(400);
      expect((body(answer).errors as Record<string, string>)[field]).toContain(message);
    }
    expect(await count()).toBe(0);
  });

  it("creates nothing without a session", async () => {
    const answer = await post([["intent", "create"], ...ACTIVITY], false);
    expect(answer.status).toBe(401);
    expect(await count()).toBe(0);
  });
});

describe("update", () => {
  it("saves an edit made on the current version", async () => {
    const row = await createActivity({ title: "Avant", day: "Lundi" });
    const answer = await post([
      ["intent", "update"],
      ["id", String(row.id)],
      ["updated_at", row.updated_at],
      ...withField(ACTIVITY, "title", "Après"),
    ]);
    expect(answer.status).toBe(200);
    expect(body(answer).toast?.message).toBe("Activité mise à jour avec succès");
    const saved = await getActivity({ id: row.id });
    expect(saved).toMatchObject({ title: "Après", day: "Mercredi", start_time: "14h00" });
    expect(saved!.updated_at > row.updated_at).toBe(true);
  });

  it("refuses a stale edit with 409, keeps the newer version and sends the input back", async () => {
    const row = await createActivity({ title: "Avant" });
    const fields = (title: string, loadedAt: string): [string, string][] => [
      ["intent", "update"],
      ["id", String(row.id)],
      ["updated_at", loadedAt],
      ...withField(ACTIVITY, "title", title),
    ];
    expect((await post(fields("Onglet 1", row.updated_at))).status).toBe(200);
    const stale = await post(fields("Onglet 2", row.updated_at));
    expect(stale.status).toBe(409);
    expect(body(stale)).toMatchObject({
      toast: { type: "error", message: STALE_SAVE_MESSAGE },
      values: { title: "Onglet 2" },
    });
    expect((await getActivity({ id: row.id }))?.title).toBe("Onglet 1");
  });

  it("answers 404 for an activity deleted meanwhile", async () => {
    const row = await createActivity();
    await getDb().deleteFrom("schedule_activities").execute();
    const answer = await post([
      ["intent", "update"],
      ["id", String(row.id)],
      ["updated_at", row.updated_at],
      ...ACTIVITY,
    ]);
    expect(answer.status).toBe(404);
    expect(body(answer).toast?.message).toBe("Activité non trouvée");
    expect(await count()).toBe(0);
  });
});

describe("delete", () => {
  it("deletes the activity", async () => {
    const row = await createActivity();
    const keep = await createActivity();
    const answer = await post([
      ["intent", "delete"],
      ["id", String(row.id)],
    ]);
    expect(body(answer).toast).toEqual({
      type: "success",
      message: "Activité supprimée avec succès",
    });
    expect(await getActivity({ id: row.id })).toBeNull();
    expect(await getActivity({ id: keep.id })).not.toBeNull();
  });

  it("answers 404 for an unknown id", async () => {
    const answer = await post([
      ["intent", "delete"],
      ["id", "999999"],
    ]);
    expect(answer.status).toBe(404);
  });
});

describe("the people booked on its coming sessions", () => {
  beforeEach(async () => {
    await resetTrialData();
    listenForSessionChanges();
  });

  /**
   * Books the Monday class, then sends `fields`. A save that reaches the booked family first
   * answers how many families it would tell, saving and mailing nothing; sent again with
   * that number, it saves. Returns the mails the action queued.
   */
  async function mailsAfter(
    fields: (id: number, loadedAt: string) => [string, string][],
    { asks = true } = {},
  ) {
    const open = await mondayClass(2);
    await book(open.id, "essai@exemple.fr");
    const queued = (await outbox()).length;
    const sent = fields(open.id, open.updated_at);
    const first = await post(sent);
    expect(first.status).toBe(200);
    const asked = body(first) as { familiesToTell?: number; toast?: unknown };
    if (!asks) {
      expect(asked.familiesToTell).toBeUndefined();
      return (await outbox()).slice(queued);
    }
    expect(asked).toMatchObject({ familiesToTell: 1 });
    expect(asked.toast).toBeUndefined();
    expect((await outbox()).length).toBe(queued);
    expect(await getActivity({ id: open.id })).toMatchObject({ updated_at: open.updated_at });
    const again = await post([...sent, ["notified", "1"]]);
    expect(again.status).toBe(200);
    expect(body(again).toast?.type).toBe("success");
    return (await outbox()).slice(queued);
  }

  /** The Monday class edited to this day and these times. */
  const edit = (day: string, start: string, end: string, asks = true) =>
    mailsAfter(
      (id, loadedAt) => [
        ["intent", "update"],
        ["id", String(id)],
        ["updated_at", loadedAt],
        ...withField(
          withField(withField(ACTIVITY, "day", day), "start_time", start),
          "end_time",
          end,
        ),
      ],
      { asks },
    );

  /** The one mail an action queued. */
  async function onlyMail(queued: Promise<Awaited<ReturnType<typeof outbox>>>) {
    const mails = await queued;
    expect(mails).toHaveLength(1);
    return mails[0]!;
  }

  const statuses = async () =>
    (await getDb().selectFrom("trial_bookings").select("status").execute()).map((r) => r.status);

  it("are told their session is off when the activity changes weekday", async () => {
    const mail = await onlyMail(edit("Mardi", "19h00", "20h30"));
    expect(mail.to_address).toBe("essai@exemple.fr");
    expect(mail.subject).toContain("séance d'essai annulée");
    expect(mail.body_text).toMatch(
      /La séance du \p{L}+ \d{1,2} \p{L}+ \(Boxe anglaise loisir\) est annulée par le club \(le cours change de jour\)/u,
    );
    expect(await statuses()).toEqual(["cancelled"]);
  });

  it("get the new time with an updated .ics when only its times change", async () => {
    const mail = await onlyMail(edit("Lundi", "20h00", "21h30"));
    expect(mail.subject).toContain("changement d'horaire");
    expect(mail.body_text).toContain("de 20h00 à 21h30");
    expect(mail.attachments).toContain("text/calendar");
    expect(await statuses()).toEqual(["booked"]);
  });

  it("are told nothing when neither its day nor its times change", async () => {
    expect(await edit("Lundi", "19h00", "20h30", false)).toEqual([]);
    expect(await statuses()).toEqual(["booked"]);
  });

  it("get the new time when the class is dragged to it in the grid", async () => {
    const mail = await onlyMail(
      mailsAfter((id, loadedAt) => [
        ["intent", "positions"],
        [
          "positions",
          JSON.stringify([
            {
              id,
              position_x: 0,
              position_y: 50,
              width: 100,
              start_time: "19h15",
              end_time: "20h45",
              updated_at: loadedAt,
            },
          ]),
        ],
      ]),
    );
    expect(mail.subject).toContain("changement d'horaire");
    expect(mail.body_text).toContain("de 19h15 à 20h45");
    expect(mail.attachments).toContain("text/calendar");
  });

  it("are asked about again when a family booked after the volunteer agreed", async () => {
    const open = await mondayClass(3);
    await book(open.id, "premiere@exemple.fr");
    await book(open.id, "seconde@exemple.fr");
    const queued = (await outbox()).length;
    const answer = await post([
      ["intent", "delete"],
      ["id", String(open.id)],
      ["notified", "1"],
    ]);
    expect(body(answer)).toMatchObject({ familiesToTell: 2 });
    expect(await getActivity({ id: open.id })).not.toBeNull();
    expect(await outbox()).toHaveLength(queued);
  });

  it("are told when the club cancels their dated session, once the volunteer agreed", async () => {
    const mails = await mailsAfter((id) => [
      ["intent", "change-create"],
      ["kind", "cancel"],
      ["activityId", String(id)],
      ["date", NEXT_MONDAY],
      ["reason", "Gymnase fermé"],
    ]);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("séance d'essai annulée");
  });

  it("are told their session is off when the activity is deleted", async () => {
    const mail = await onlyMail(
      mailsAfter((id) => [
        ["intent", "delete"],
        ["id", String(id)],
      ]),
    );
    expect(mail.to_address).toBe("essai@exemple.fr");
    expect(mail.body_text).toContain("(le cours n'est plus proposé)");
  });
});

describe("uploaded images", () => {
  /** A stored upload of the activities' bucket; returns its URL and whether it still exists. */
  function storedImage(name: string) {
    const file = path.join(process.env.DATA_DIR!, "uploads", "schedule-activities", name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, "jpeg");
    return { url: `/uploads/schedule-activities/${name}`, exists: () => fs.existsSync(file) };
  }

  it("removes the files an edit stopped using, unless another activity shows them", async () => {
    const kept = storedImage("1-garde.jpg");
    const dropped = storedImage("2-retiree.jpg");
    const shared = storedImage("3-partagee.jpg");
    const row = await createActivity({
      images: JSON.stringify([kept.url, dropped.url, shared.url]),
    });
    await createActivity({ images: JSON.stringify([shared.url]) });
    const answer = await post([
      ["intent", "update"],
      ["id", String(row.id)],
      ["updated_at", row.updated_at],
      ...ACTIVITY.filter(([name]) => name !== "images"),
      ["images", kept.url],
    ]);
    expect(answer.status).toBe(200);
    expect([kept.exists(), dropped.exists(), shared.exists()]).toEqual([true, false, true]);
  });

  it("keeps a deleted activity's files while it is in the Corbeille, unused once purged", async () => {
    const image = storedImage("4-banniere.jpg");
    const row = await createActivity({ images: JSON.stringify([image.url]) });
    await post([
      ["intent", "delete"],
      ["id", String(row.id)],
    ]);
    expect(image.exists()).toBe(true);
    await purgeTrash(PAST_TRASH());
    await removeFileIfUnused({ url: image.url, bucket: "schedule-activities" });
    expect(image.exists()).toBe(false);
  });

  it("keeps every file when the edit is refused as stale", async () => {
    const image = storedImage("5-photo.jpg");
    const row = await createActivity({ images: JSON.stringify([image.url]) });
    await getDb()
      .updateTable("schedule_activities")
      .set({ updated_at: new Date(Date.now() + 5000).toISOString() })
      .where("id", "=", row.id)
      .execute();
    const answer = await post([
      ["intent", "update"],
      ["id", String(row.id)],
      ["updated_at", row.updated_at],
      ...ACTIVITY.filter(([name]) => name !== "images"),
    ]);
    expect(answer.status).toBe(409);
    expect(image.exists()).toBe(true);
  });
});

describe("positions", () => {
  it("saves every moved block clamped and rounded, in one go", async () => {
    const a = await createActivity();
    const b = await createActivity();
    const positions = [
      { id: a.id, position_x: 80.4, position_y: 95, width: 100, updated_at: a.updated_at },
      { id: b.id, position_x: 10.6, position_y: -5, width: null, updated_at: b.updated_at },
    ];
    const answer = await post([
      ["intent", "positions"],
      ["positions", JSON.stringify(positions)],
    ]);
    expect(answer.status).toBe(200);
    expect(body(answer).toast?.message).toBe("Positions sauvegardées avec succès");
    expect(await getActivity({ id: a.id })).toMatchObject({
      position_x: 70,
      position_y: 90,
      width: 85,
    });
    expect(await getActivity({ id: b.id })).toMatchObject({
      position_x: 11,
      position_y: 0,
      width: 85,
    });
    const stamps = body(answer).stamps as Record<string, string>;
    expect(stamps[a.id]).toBe((await getActivity({ id: a.id }))?.updated_at);
  });

  it("saves none when one activity is stale (409)", async () => {
    const a = await createActivity();
    const b = await createActivity();
    await getDb()
      .updateTable("schedule_activities")
      .set({ title: "Modifiée ailleurs", updated_at: new Date(Date.now() + 5000).toISOString() })
      .where("id", "=", b.id)
      .execute();
    const answer = await post([
      ["intent", "positions"],
      [
        "positions",
        JSON.stringify([
          { id: a.id, position_x: 20, position_y: 20, width: 85, updated_at: a.updated_at },
          { id: b.id, position_x: 20, position_y: 20, width: 85, updated_at: b.updated_at },
        ]),
      ],
    ]);
    expect(answer.status).toBe(409);
    expect(body(answer).toast?.message).toBe(STALE_SAVE_MESSAGE);
    expect((await getActivity({ id: a.id }))?.position_x).toBeNull();
  });

  it("refuses a malformed list with the spec's error message", async () => {
    for (const positions of ["pas du json", "[]", '[{"id":"x"}]']) {
      const answer = await post([
        ["intent", "positions"],
        ["positions", positions],
      ]);
      expect(answer.status).toBe(400);
      expect(body(answer).toast?.message).toBe("Erreur lors de la sauvegarde des positions");
    }
  });
});

describe("planning title", () => {
  it("saves the title, then refuses a save based on the old version", async () => {
    const first = await post([
      ["intent", "planning-title"],
      ["title", "PLANNING 2025-2026"],
      ["updated_at", ""],
    ]);
    expect(body(first).toast).toEqual({ type: "success", message: "Titre du planning sauvegardé" });
    const saved = await getSettings({ category: "planning_title" });
    expect(saved.title).toBe("PLANNING 2025-2026");

    const second = await post([
      ["intent", "planning-title"],
      ["title", "Autre"],
      ["updated_at", saved.updated_at!],
    ]);
    expect(second.status).toBe(200);
    const stale = await post([
      ["intent", "planning-title"],
      ["title", "Périmé"],
      ["updated_at", saved.updated_at!],
    ]);
    expect(stale.status).toBe(409);
    expect(body(stale).toast).toEqual({ type: "error", message: STALE_SAVE_MESSAGE });
    expect(body(stale).values).toEqual({ title: "Périmé" });
    expect((await getSettings({ category: "planning_title" })).title).toBe("Autre");
  });

  it("saves an empty title: /planning's title then follows the season", async () => {
    const answer = await post([
      ["intent", "planning-title"],
      ["title", "  "],
      ["updated_at", ""],
    ]);
    expect(answer.status).toBe(200);
    expect((await getSettings({ category: "planning_title" })).title).toBe("");
    const shown = await callRoute(loader, getRequest(PATH, { cookie }));
    const data = shown.data as Awaited<ReturnType<typeof loader>>;
    expect(data.planningTitle.title).toBe("");
  });

  it("refuses a title over 150 characters", async () => {
    const answer = await post([
      ["intent", "planning-title"],
      ["title", "A".repeat(151)],
      ["updated_at", ""],
    ]);
    expect(answer.status).toBe(400);
    expect(body(answer).errors).toEqual({
      title: "Le titre ne doit pas dépasser 150 caractères",
    });
  });
});

describe("display", () => {
  const days = (...keys: string[]) => keys.map((key) => ["visible_days", key] as [string, string]);

  it("saves the visible days and hours", async () => {
    const answer = await post([
      ["intent", "display"],
      ...days("monday", "wednesday", "saturday"),
      ["start_hour", "8"],
      ["end_hour", "21"],
      ["updated_at", ""],
    ]);
    expect(body(answer).toast).toEqual({
      type: "success",
      message: "Paramètres d'affichage sauvegardés",
    });
    const saved = await getSettings({ category: "schedule_display" });
    expect(saved).toMatchObject({ start_hour: 8, end_hour: 21 });
    expect(saved.visible_days).toEqual({
      monday: true,
      tuesday: false,
      wednesday: true,
      thursday: false,
      friday: false,
      saturday: true,
      sunday: false,
    });
  });

  it("refuses a start not before the end, with the spec's message", async () => {
    const answer = await post([
      ["intent", "display"],
      ...days("monday"),
      ["start_hour", "20"],
      ["end_hour", "18"],
      ["updated_at", ""],
    ]);
    expect(answer.status).toBe(400);
    expect(body(answer)).toMatchObject({
      toast: { message: "L'heure de début doit être inférieure à l'heure de fin" },
      errors: { start_hour: "L'heure de début doit être inférieure à l'heure de fin" },
      values: { start_hour: "20", end_hour: "18", visible_days: ["monday"] },
    });
    expect((await getSettings({ category: "schedule_display" })).updated_at).toBeNull();
  });

  it("refuses hours out of range and an empty week", async () => {
    const answer = await post([
      ["intent", "display"],
      ["start_hour", "-1"],
      ["end_hour", "25"],
      ["updated_at", ""],
    ]);
    expect(answer.status).toBe(400);
    expect(body(answer).errors).toEqual({
      visible_days: "Veuillez afficher au moins un jour",
      start_hour: "L'heure de début doit être comprise entre 0 et 23",
      end_hour: "L'heure de fin doit être comprise entre 1 et 24",
    });
  });

  it("refuses a stale save (409)", async () => {
    const loadedAt = await saveSettings({
      category: "schedule_display",
      settings: { visible_days: {}, start_hour: 7, end_hour: 20 },
      loadedAt: null,
    });
    await saveSettings({
      category: "schedule_display",
      settings: { visible_days: {}, start_hour: 9, end_hour: 20 },
      loadedAt,
    });
    const answer = await post([
      ["intent", "display"],
      ...days("monday"),
      ["start_hour", "10"],
      ["end_hour", "20"],
      ["updated_at", loadedAt],
    ]);
    expect(answer.status).toBe(409);
    expect(body(answer).toast).toEqual({ type: "error", message: STALE_SAVE_MESSAGE });
    expect((await getSettings({ category: "schedule_display" })).start_hour).toBe(9);
  });
});

it("refuses an unknown intent", async () => {
  const answer = await post([["intent", "drop-table"]]);
  expect(answer.status).toBe(400);
});

describe("a weekday change with dated changes to come", () => {
  beforeEach(resetTrialData);

  /** The Monday class with next Monday cancelled, edited to Tuesday with `choice`. */
  async function moveToTuesday(choice: string | null) {
    const open = await mondayClass(2);
    await createScheduleChange({
      kind: "cancel",
      activityId: open.id,
      date: NEXT_MONDAY,
      reason: "Coach absent",
    });
    const answer = await post([
      ["intent", "update"],
      ["id", String(open.id)],
      ["updated_at", open.updated_at],
      ...withField(
        withField(withField(ACTIVITY, "day", "Mardi"), "start_time", "19h00"),
        "end_time",
        "20h30",
      ),
      ...(choice ? ([["dated_changes", choice]] as [string, string][]) : []),
    ]);
    return { answer, open, changes: await getScheduleChanges() };
  }

  it("is refused until the volunteer says what becomes of them", async () => {
    const { answer, open, changes } = await moveToTuesday(null);
    expect(answer.status).toBe(400);
    expect(body(answer).errors).toEqual({
      dated_changes: "Choisissez ce que deviennent les changements datés de cette activité",
    });
    expect((await getActivity({ id: open.id }))?.day).toBe("Lundi");
    expect(changes).toMatchObject([{ kind: "cancel", date: NEXT_MONDAY }]);
  });

  it("carries them to the new day of the same week", async () => {
    const { answer, open, changes } = await moveToTuesday("shift");
    expect(answer.status).toBe(200);
    expect((await getActivity({ id: open.id }))?.day).toBe("Mardi");
    expect(changes).toMatchObject([
      {
        kind: "cancel",
        activityId: open.id,
        date: addDays(NEXT_MONDAY, 1),
        reason: "Coach absent",
      },
    ]);
  });

  it("deletes them when asked", async () => {
    const { answer, changes } = await moveToTuesday("delete");
    expect(answer.status).toBe(200);
    expect(changes).toEqual([]);
  });
});
