import { describe, expect, it } from "vitest";
import { fieldErrors } from "~/core/form";
import { audienceOfText, childRuleOf, readAudience } from "./trial-audience";
import {
  birthYearProblem,
  EMPTY_TRIAL_VALUES,
  trialBookingSchema,
  trialFieldOrder,
  type TrialFormValues,
} from "./trial-schema";
import type { ChildRule } from "./trial-audience";

const adult: TrialFormValues = {
  ...EMPTY_TRIAL_VALUES,
  first_name: " Léa ",
  last_name: "Martin",
  email: " Lea.Martin@Example.FR ",
  phone: "06 12 34 56 78",
  level: "debutant",
};

const CHILD = { child_first_name: " Noé ", child_last_name: "Martin", child_birth_year: "2017" };

const parse = (values: Partial<TrialFormValues>, rule: ChildRule = "optional") =>
  trialBookingSchema(2026, rule).safeParse({ ...adult, ...values });

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

  it("on a children's class, requires the child's first name, surname and birth year, box or not", () => {
    const missing = parse({}, "required");
    expect(missing.success).toBe(false);
    expect(fieldErrors(missing.error!)).toEqual({
      child_first_name: "Indiquez le prénom de l'enfant.",
      child_last_name: "Indiquez le nom de l'enfant.",
      child_birth_year: "Indiquez l'année de naissance de l'enfant (4 chiffres), par exemple 2016.",
    });
    const child = parse({ ...CHILD, waitlist: "1" }, "required");
    expect(child.success && child.data.child).toEqual({
      firstName: "Noé",
      lastName: "Martin",
      birthYear: 2017,
    });
    expect(child.success && child.data.firstName).toBe("Léa");
    expect(child.success && child.data.waitlist).toBe(true);
  });

  it("on an adults' class taking under-18s, asks for the child only when the box is ticked", () => {
    expect(fieldErrors(parse({ for_child: "on" }).error!)).toHaveProperty("child_last_name");
    // Left over from a child's booking switched back to an adult's: ignored.
    const unticked = parse({ child_birth_year: "abc" });
    expect(unticked.success && unticked.data.child).toBeNull();
  });

  it("on an adults-only class, ignores a child even with the box ticked", () => {
    const parsed = parse({ for_child: "on", ...CHILD }, "none");
    expect(parsed.success && parsed.data.child).toBeNull();
  });

  it("refuses an implausible birth year, saying why", () => {
    expect(birthYearProblem("2017", 2026)).toBeNull();
    expect(birthYearProblem("2027", 2026)).toBe(
      "Cette année est dans le futur : vérifiez l'année de naissance.",
    );
    expect(birthYearProblem("2025", 2026)).toBe(
      "Né en 2025, l'enfant a 1 an cette année : vérifiez l'année de naissance.",
    );
    expect(birthYearProblem("1990", 2026)).toMatch(/36 ans cette année .* moins de 18 ans/);
    expect(birthYearProblem("17", 2026)).toMatch(/4 chiffres/);
    for (const year of ["2027", "1926", "2024"]) {
      expect(parse({ ...CHILD, child_birth_year: year }, "required").success).toBe(false);
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

  it("names the child's missing fields beside the parent's, all at once", () => {
    const parsed = parse({ last_name: "" }, "required");
    expect(Object.keys(fieldErrors(parsed.error!)).sort()).toEqual([
      "child_birth_year",
      "child_first_name",
      "child_last_name",
      "last_name",
    ]);
  });

  it("orders the fields as the page shows them: the child first on a children's class", () => {
    expect(trialFieldOrder("required").slice(0, 4)).toEqual([
      "child_first_name",
      "child_last_name",
      "child_birth_year",
      "first_name",
    ]);
    expect(trialFieldOrder("optional").slice(0, 2)).toEqual(["first_name", "last_name"]);
    expect(trialFieldOrder("optional")).toHaveLength(11);
  });
});

describe("who a trial is for", () => {
  it("reads ?pour= and derives the child rule from the activity", () => {
    expect(readAudience("enfant")).toBe("enfant");
    expect(readAudience("bebe")).toBeNull();
    expect(childRuleOf({ category: "kids", minAge: 6 })).toBe("required");
    expect(childRuleOf({ category: "junior", minAge: 0 })).toBe("required");
    expect(childRuleOf({ category: "adult", minAge: 16 })).toBe("optional");
    expect(childRuleOf({ category: "adult", minAge: 18 })).toBe("none");
  });

  it("guesses a discipline's audience from its words, or none when unsure", () => {
    expect(
      audienceOfText(
        "Boxe éducative Une première découverte de la boxe pour les enfants dès 6 ans",
      ),
    ).toBe("enfant");
    expect(audienceOfText("Boxe ados et juniors Un cadre motivant pour les 12-17 ans")).toBe("ado");
    expect(audienceOfText("Boxe anglaise loisir Apprendre à boxer")).toBeNull();
    expect(audienceOfText("Pour les enfants et les adultes")).toBeNull();
  });
});
