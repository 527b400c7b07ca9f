import { describe, it, expect } from "vitest";
import { getDb } from "~/db/client.server";
import { DEFAULT_ACTIVITY_COLOR } from "~/domains/content/defaults";
import { createActivity } from "../../../tests/factories";
import {
  createActivity as createActivityRecord,
  deleteActivity,
  getActivities,
  getActivity,
  saveActivityPositions,
  updateActivity,
  type ActivityValues,
} from "./schedule.server";
import { NotFoundError, StaleSaveError } from "../../utils/stale.server";

async function clearActivities() {
  await getDb().deleteFrom("schedule_activities").execute();
}

describe("getActivities", () => {
  it("sorts Lundi → Dimanche, then by start time whatever its notation", async () => {
    await clearActivities();
    await createActivity({ title: "Dimanche matin", day: "Dimanche", start_time: "9:00" });
    await createActivity({ title: "Mardi soir", day: "Mardi", start_time: "19H00" });
    await createActivity({ title: "Lundi 19h", day: "Lundi", start_time: "19H00" });
    await createActivity({ title: "Lundi 18h30", day: "Lundi", start_time: "18h30" });
    await createActivity({ title: "Lundi 9h", day: "Lundi", start_time: "9:00" });
    await createActivity({ title: "Samedi", day: "samedi", start_time: "10h00" });
    await createActivity({ title: "Mercredi", day: "Mercredi", start_time: "14h00" });

    const titles = (await getActivities()).map((activity) => activity.title);
    expect(titles).toEqual([
      "Lundi 9h",
      "Lundi 18h30",
      "Lundi 19h",
      "Mardi soir",
      "Mercredi",
      "Samedi",
      "Dimanche matin",
    ]);
  });

  it("parses images to an array (a corrupt value reads as [])", async () => {
    await clearActivities();
    await createActivity({
      title: "Avec images",
      day: "Lundi",
      start_time: "10h00",
      images: JSON.stringify(["/uploads/a.jpg", "/uploads/b.jpg"]),
    });
    await createActivity({ title: "Corrompu", day: "Mardi", images: "[pas du json" });
    const [withImages, corrupt] = await getActivities();
    expect(withImages?.images).toEqual(["/uploads/a.jpg", "/uploads/b.jpg"]);
    expect(corrupt?.images).toEqual([]);
  });

  it("reads an unknown category as « adult » and keeps known ones", async () => {
    await clearActivities();
    await createActivity({ title: "Inconnue", day: "Lundi", category: "seniors" });
    await createActivity({ title: "Enfants", day: "Mardi", category: "kids" });
    await createActivity({ title: "Juniors", day: "Mercredi", category: "junior" });
    await createActivity({ title: "Prototype", day: "Jeudi", category: "constructor" });
    const list = await getActivities();
    expect(list.map((activity) => [activity.title, activity.category])).toEqual([
      ["Inconnue", "adult"],
      ["Enfants", "kids"],
      ["Juniors", "junior"],
      ["Prototype", "adult"],
    ]);
  });

  it("uses the default colour when the stored one is blank", async () => {
    await clearActivities();
    await createActivity({ color: "" });
    const [activity] = await getActivities();
    expect(activity?.color).toBe(DEFAULT_ACTIVITY_COLOR);
  });
});

describe("getActivity", () => {
  it("returns the activity by id, or null when it does not exist", async () => {
    await clearActivities();
    const row = await createActivity({
      title: "Boxe ados",
      day: "Vendredi",
      start_time: "18h30",
      end_time: "20h00",
      images: '["/uploads/ados.jpg"]',
    });
    const activity = await getActivity({ id: row.id });
    expect(activity).toMatchObject({
      id: row.id,
      title: "Boxe ados",
      day: "Vendredi",
      start_time: "18h30",
      end_time: "20h00",
      images: ["/uploads/ados.jpg"],
      category: "adult",
    });

    await getDb().deleteFrom("schedule_activities").where("id", "=", row.id).execute();
    expect(await getActivity({ id: row.id })).toBeNull();
  });
});

const VALUES: ActivityValues = {
  title: "Boxe éducative",
  category: "kids",
  day: "Mercredi",
  start_time: "14h00",
  end_time: "15h00",
  color: "#FF8800",
  description: "Pour les 6-11 ans",
  age_range: "6-11 ans",
  long_description: "Ligne 1\nLigne 2",
  images: ["/uploads/schedule-activities/a.jpg", "/uploads/schedule-activities/b.jpg"],
};

async function storedRow(id: number) {
  return getDb()
    .selectFrom("schedule_activities")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

describe("createActivity", () => {
  it("stores every field, images as JSON, no position and the default width 100", async () => {
    const created = await createActivityRecord({ values: VALUES });
    expect(created).toMatchObject({ ...VALUES, position_x: null, position_y: null, width: 100 });
    const row = await storedRow(created.id);
    expect(row.images).toBe(JSON.stringify(VALUES.images));
    expect(row.updated_at).toBe(created.updated_at);
    expect(row.created_at).toBe(created.updated_at);
  });
});

describe("updateActivity", () => {
  it("saves an edit based on the current version and stamps a later updated_at", async () => {
    const created = await createActivityRecord({ values: VALUES });
    const updated = await updateActivity({
      id: created.id,
      values: { ...VALUES, title: "Boxe éducative 2", images: [] },
      loadedAt: created.updated_at,
    });
    expect(updated.title).toBe("Boxe éducative 2");
    expect(updated.images).toEqual([]);
    expect(updated.updated_at > created.updated_at).toBe(true);
    expect((await storedRow(created.id)).title).toBe("Boxe éducative 2");
  });

  it("refuses an edit based on a stale version and keeps the newer one", async () => {
    const created = await createActivityRecord({ values: VALUES });
    await updateActivity({
      id: created.id,
      values: { ...VALUES, title: "Édité ailleurs" },
      loadedAt: created.updated_at,
    });
    await expect(
      updateActivity({
        id: created.id,
        values: { ...VALUES, title: "Mon édition" },
        loadedAt: created.updated_at,
      }),
    ).rejects.toBeInstanceOf(StaleSaveError);
    expect((await storedRow(created.id)).title).toBe("Édité ailleurs");
  });

  it("says not found for a deleted activity", async () => {
    const created = await createActivityRecord({ values: VALUES });
    expect(await deleteActivity({ id: created.id })).toBe(true);
    await expect(
      updateActivity({ id: created.id, values: VALUES, loadedAt: created.updated_at }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("deleteActivity", () => {
  it("removes the row and says whether there was one", async () => {
    const created = await createActivityRecord({ values: VALUES });
    expect(await deleteActivity({ id: created.id })).toBe(true);
    expect(await getActivity({ id: created.id })).toBeNull();
    expect(await deleteActivity({ id: created.id })).toBe(false);
  });
});

describe("saveActivityPositions", () => {
  it("saves every change clamped and rounded, with new stamps", async () => {
    const a = await createActivityRecord({ values: VALUES });
    const b = await createActivityRecord({ values: { ...VALUES, title: "Autre" } });
    const stamps = await saveActivityPositions({
      changes: [
        {
          id: a.id,
          position: { position_x: 12.6, position_y: 40.2, width: 100 },
          loadedAt: a.updated_at,
        },
        {
          id: b.id,
          position: { position_x: 95, position_y: -4, width: 50 },
          loadedAt: b.updated_at,
        },
      ],
    });
    const rowA = await storedRow(a.id);
    const rowB = await storedRow(b.id);
    expect([rowA.position_x, rowA.position_y, rowA.width]).toEqual([13, 40, 85]);
    expect([rowB.position_x, rowB.position_y, rowB.width]).toEqual([70, 0, 50]);
    expect(stamps).toEqual({ [a.id]: rowA.updated_at, [b.id]: rowB.updated_at });
    expect(rowA.updated_at > a.updated_at).toBe(true);
  });

  it("saves nothing when one of the activities changed meanwhile (one transaction)", async () => {
    const a = await createActivityRecord({ values: VALUES });
    const b = await createActivityRecord({ values: { ...VALUES, title: "Autre" } });
    const bEdited = await updateActivity({
      id: b.id,
      values: { ...VALUES, title: "Modifiée ailleurs" },
      loadedAt: b.updated_at,
    });
    await expect(
      saveActivityPositions({
        changes: [
          {
            id: a.id,
            position: { position_x: 20, position_y: 20, width: 85 },
            loadedAt: a.updated_at,
          },
          {
            id: b.id,
            position: { position_x: 30, position_y: 30, width: 85 },
            loadedAt: b.updated_at,
          },
        ],
      }),
    ).rejects.toBeInstanceOf(StaleSaveError);
    const rowA = await storedRow(a.id);
    expect([rowA.position_x, rowA.position_y, rowA.updated_at]).toEqual([null, null, a.updated_at]);
    expect((await storedRow(b.id)).updated_at).toBe(bEdited.updated_at);
  });

  it("saves nothing when one of the activities was deleted", async () => {
    const a = await createActivityRecord({ values: VALUES });
    const b = await createActivityRecord({ values: VALUES });
    await deleteActivity({ id: b.id });
    await expect(
      saveActivityPositions({
        changes: [
          {
            id: a.id,
            position: { position_x: 5, position_y: 5, width: 85 },
            loadedAt: a.updated_at,
          },
          {
            id: b.id,
            position: { position_x: 5, position_y: 5, width: 85 },
            loadedAt: b.updated_at,
          },
        ],
      }),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect((await storedRow(a.id)).position_x).toBeNull();
  });
});

describe("the trial settings of an activity", () => {
  it("stores them when given and keeps them when a save leaves them out", async () => {
    const created = await createActivityRecord({ values: VALUES });
    expect(created).toMatchObject({ trial_enabled: false, trial_places: 3, trial_min_age: 0 });

    const opened = await updateActivity({
      id: created.id,
      values: { ...VALUES, trial_enabled: true, trial_places: 5, trial_min_age: 8 },
      loadedAt: created.updated_at,
    });
    expect(opened).toMatchObject({ trial_enabled: true, trial_places: 5, trial_min_age: 8 });
    expect(await storedRow(created.id)).toMatchObject({
      trial_enabled: 1,
      trial_places: 5,
      trial_min_age: 8,
    });

    const retitled = await updateActivity({
      id: created.id,
      values: { ...VALUES, title: "Boxe éducative du mercredi" },
      loadedAt: opened.updated_at,
    });
    expect(retitled).toMatchObject({ trial_enabled: true, trial_places: 5, trial_min_age: 8 });
  });
});
