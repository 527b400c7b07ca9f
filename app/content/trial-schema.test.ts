import { describe, expect, it } from "vitest";
import { fieldErrors } from "~/utils/forms";
import { EMPTY_TRIAL_VALUES, trialBookingSchema, type TrialFormValues } from "./trial-schema";

const adult: TrialFormValues = {
  ...EMPTY_TRIAL_VALUES,
  first_name: " Léa ",
  last_name: "Martin",
  email: " Lea.Martin@Example.FR ",
  phone: "06 12 34 56 78",
  level: "debutant",
};

const parse = (values: Partial<TrialFormValues>) =>
  trialBookingSchema(2026).safeParse({ ...adult, ...values });

describe("trial booking form", () => {
  it("gives the model's request: trimmed, e-mail in lower case, no child, no waitlist", () => {
    const parsed = parse({});
    expect(parsed.success && parsed.data).toEqual({
      firstName: "Léa",
      lastName: "Martin",
      email: "lea.martin@example.fr",
      phone: "06 12 34 56 78",
      child: null,
      level: "debutant",
      message: "",
      waitlist: false,
    });
  });

  it("stores the phone as the club reads it", () => {
    const parsed = parse({ phone: "06.12.34.56.78" });
    expect(parsed.success && parsed.data.phone).toBe("06 12 34 56 78");
  });

  it("asks for the child's first name, birth year and guardian only for a child", () => {
    const parsed = parse({ for_child: "on", child_birth_year: "20x5" });
    expect(parsed.success).toBe(false);
    expect(fieldErrors(parsed.error!)).toEqual({
      child_first_name: "Indiquez le prénom de l'enfant.",
      child_birth_year: "Indiquez l'année de naissance de l'enfant, par exemple 2016.",
      guardian_name: "Indiquez le nom du parent ou du responsable légal.",
    });
    const child = parse({
      for_child: "on",
      child_first_name: "Noé",
      child_birth_year: "2017",
      guardian_name: "Léa Martin",
      waitlist: "1",
    });
    expect(child.success && child.data.child).toEqual({
      firstName: "Noé",
      birthYear: 2017,
      guardianName: "Léa Martin",
    });
    expect(child.success && child.data.waitlist).toBe(true);
    // Left over from a child's booking switched back to an adult's: ignored.
    expect(parse({ child_birth_year: "abc" }).success).toBe(true);
  });

  it("refuses a birth year in the future or a century ago", () => {
    for (const year of ["2027", "1926"]) {
      const parsed = parse({
        for_child: "on",
        child_first_name: "Noé",
        child_birth_year: year,
        guardian_name: "Léa Martin",
      });
      expect(parsed.success).toBe(false);
    }
  });

  it("says in French what is missing or wrong", () => {
    const parsed = parse({ first_name: "", email: "lea-at-example", phone: "", level: "expert" });
    expect(fieldErrors(parsed.error!)).toEqual({
      first_name: "Indiquez votre prénom.",
      email: "Cette adresse e-mail n'est pas valide (exemple : prenom.nom@exemple.fr).",
      phone: "Indiquez un numéro de téléphone, pour vous prévenir en cas d'imprévu.",
      level: "Choisissez votre niveau : débutant ou déjà pratiqué.",
    });
    expect(fieldErrors(parse({ phone: "12" }).error!).phone).toMatch(/n'est pas valide/);
    expect(fieldErrors(parse({ message: "x".repeat(1001) }).error!).message).toMatch(/1000/);
  });
});

describe("trial booking form, all errors at once", () => {
  it("names the child's missing fields beside the adult's", () => {
    const parsed = parse({ last_name: "", for_child: "on" });
    expect(Object.keys(fieldErrors(parsed.error!)).sort()).toEqual([
      "child_birth_year",
      "child_first_name",
      "guardian_name",
      "last_name",
    ]);
  });
});
