import { describe, it, expect } from "vitest";
import { getDb } from "~/db/client.server";
import { DEFAULT_ACTIVITY_COLOR } from "~/content/defaults";
import { createActivity } from "../../tests/factories";
import { getActivities, getActivity } from "./schedule.server";

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
    const list = await getActivities();
    expect(list.map((activity) => [activity.title, activity.category])).toEqual([
      ["Inconnue", "adult"],
      ["Enfants", "kids"],
      ["Juniors", "junior"],
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
