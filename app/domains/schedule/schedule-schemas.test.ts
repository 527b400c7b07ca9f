import { describe, expect, it } from "vitest";
import { INVALID_COLOR_MESSAGE } from "../../core/hex-color";
import { fieldErrors } from "~/core/form";
import {
  ActivitySchema,
  activityFormValues,
  END_AFTER_START_MESSAGE,
  HOUR_ORDER_MESSAGE,
  IMAGE_URL_MESSAGE,
  normalizeTime,
  PlanningTitleSchema,
  REQUIRED_FIELDS_MESSAGE,
  ScheduleDisplaySchema,
  TIME_FORMAT_MESSAGE,
  TRIAL_MIN_AGE_MESSAGE,
  TRIAL_PLACES_MESSAGE,
} from "./schedule-schemas";

const valid = {
  title: "Boxe éducative",
  category: "kids",
  day: "Mercredi",
  start_time: "14h00",
  end_time: "15h00",
  color: "#FF8800",
  description: "",
  age_range: "6-11 ans",
  long_description: "Ligne 1\nLigne 2",
  images: ["/uploads/schedule-activities/1-a.jpg"],
};

function errorsOf(values: Record<string, unknown>) {
  const parsed = ActivitySchema.safeParse(values);
  return parsed.success ? {} : fieldErrors(parsed.error);
}

describe("ActivitySchema", () => {
  it("requires title, day, start and end with the spec's message", () => {
    const errors = errorsOf({ ...valid, title: "  ", day: "", start_time: "", end_time: "" });
    expect(errors).toEqual({
      title: REQUIRED_FIELDS_MESSAGE,
      day: REQUIRED_FIELDS_MESSAGE,
      start_time: REQUIRED_FIELDS_MESSAGE,
      end_time: REQUIRED_FIELDS_MESSAGE,
    });
  });

  it("normalises 18:30, 19H00 and 9h to the 18h30 notation", () => {
    const parsed = ActivitySchema.parse({ ...valid, start_time: "18:30", end_time: "19H00" });
    expect([parsed.start_time, parsed.end_time]).toEqual(["18h30", "19h00"]);
    expect(normalizeTime(" 9h ")).toBe("9h00");
  });

  it("refuses an unreadable time and an end not after the start", () => {
    expect(errorsOf({ ...valid, start_time: "18.30" })).toEqual({
      start_time: TIME_FORMAT_MESSAGE,
    });
    expect(errorsOf({ ...valid, start_time: "19h00", end_time: "19:00" })).toEqual({
      end_time: END_AFTER_START_MESSAGE,
    });
    expect(errorsOf({ ...valid, start_time: "20h00", end_time: "18h30" })).toEqual({
      end_time: END_AFTER_START_MESSAGE,
    });
  });

  it("defaults the category to adult and the colour to #5ECFCB", () => {
    const parsed = ActivitySchema.parse({ ...valid, category: "", color: "" });
    expect(parsed.category).toBe("adult");
    expect(parsed.color).toBe("#5ECFCB");
  });

  it("refuses an unknown category or day, a bad colour and an unsafe image URL", () => {
    expect(
      errorsOf({
        ...valid,
        category: "seniors",
        day: "Funday",
        color: "red",
        images: ["javascript:alert(1)"],
      }),
    ).toEqual({
      category: "Catégorie invalide",
      day: "Jour invalide",
      color: INVALID_COLOR_MESSAGE,
      images: IMAGE_URL_MESSAGE,
    });
  });
});

describe("ScheduleDisplaySchema", () => {
  const display = { visible_days: ["monday", "friday"], start_hour: "8", end_hour: "21" };

  it("parses hours to numbers", () => {
    expect(ScheduleDisplaySchema.parse(display)).toEqual({
      visible_days: ["monday", "friday"],
      start_hour: 8,
      end_hour: 21,
    });
  });

  it("requires the start before the end", () => {
    const parsed = ScheduleDisplaySchema.safeParse({
      ...display,
      start_hour: "21",
      end_hour: "21",
    });
    expect(parsed.success || fieldErrors(parsed.error)).toEqual({ start_hour: HOUR_ORDER_MESSAGE });
  });

  it("keeps start in 0–23 and end in 1–24, with at least one day", () => {
    const parsed = ScheduleDisplaySchema.safeParse({
      visible_days: [],
      start_hour: "24",
      end_hour: "0",
    });
    expect(parsed.success || fieldErrors(parsed.error)).toEqual({
      visible_days: "Veuillez afficher au moins un jour",
      start_hour: "L'heure de début doit être comprise entre 0 et 23",
      end_hour: "L'heure de fin doit être comprise entre 1 et 24",
    });
  });
});

describe("PlanningTitleSchema", () => {
  it("takes an empty title (the page's title then follows the season)", () => {
    expect(PlanningTitleSchema.parse({ title: "  " })).toEqual({ title: "" });
  });

  it("refuses a title over 150 characters", () => {
    const parsed = PlanningTitleSchema.safeParse({ title: "A".repeat(151) });
    expect(parsed.success || fieldErrors(parsed.error)).toEqual({
      title: "Le titre ne doit pas dépasser 150 caractères",
    });
  });
});

describe("ActivitySchema: the trial fields", () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries({ ...valid, images: "" })) {
      if (name !== "images") data.set(name, String(value));
    }
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    return ActivitySchema.safeParse(activityFormValues(data));
  };

  it("reads the checkbox, the places and the minimum age", () => {
    const parsed = form({ trial_enabled: "on", trial_places: " 4 ", trial_min_age: "" });
    expect(parsed.success && parsed.data).toMatchObject({
      trial_enabled: true,
      trial_places: 4,
      trial_min_age: 0,
    });
    const unchecked = form({ trial_places: "3", trial_min_age: "12" });
    expect(unchecked.success && unchecked.data).toMatchObject({
      trial_enabled: false,
      trial_places: 3,
      trial_min_age: 12,
    });
  });

  it("leaves them out when the form has no trial fields", () => {
    const parsed = form({});
    expect(parsed.success).toBe(true);
    expect(parsed.success && "trial_enabled" in parsed.data).toBe(false);
    expect(parsed.success && parsed.data.trial_places).toBeUndefined();
  });

  it("refuses places outside 1–50 and an age outside 0–99, in French", () => {
    for (const places of ["0", "51", "2.5", "trois", ""]) {
      const parsed = form({ trial_places: places, trial_min_age: "0" });
      expect(parsed.success ? {} : fieldErrors(parsed.error)).toEqual({
        trial_places: TRIAL_PLACES_MESSAGE,
      });
    }
    for (const age of ["100", "-1", "dix"]) {
      const parsed = form({ trial_places: "3", trial_min_age: age });
      expect(parsed.success ? {} : fieldErrors(parsed.error)).toEqual({
        trial_min_age: TRIAL_MIN_AGE_MESSAGE,
      });
    }
  });
});
