import { describe, expect, it } from "vitest";
import { PAGE_TEXTS } from "~/domains/content/page-texts";
import {
  blockTitle,
  buildContentSchema,
  contentBlockSchema,
  exampleNoteOf,
  fieldLabel,
  isExampleItem,
  isImageField,
  isMultiline,
  tabOfCategory,
  ICON_MESSAGE,
  URL_MESSAGE,
  validateContentChanges,
} from "./content-schema";

describe("buildContentSchema", () => {
  const schema = buildContentSchema({
    title: "Titre",
    items: ["a", "b"],
    features: [{ title: "t", icon: "Users" }],
    nested: { text: "x", buttonLink: "/contact" },
    image: "",
  });
  const valid = {
    title: "Nouveau",
    items: [],
    features: [{ title: "Autre", icon: "Heart" }],
    nested: { text: "y", buttonLink: "https://example.fr/page" },
    image: "/uploads/site-images/a.jpg",
  };

  it("accepts a value with the same structure, whatever the texts and list lengths", () => {
    expect(schema.parse(valid)).toEqual(valid);
  });

  it("drops keys the defaults do not have", () => {
    expect(schema.parse({ ...valid, extra: "?" })).toEqual(valid);
  });

  it("refuses a field of another type, with its path", () => {
    const result = schema.safeParse({ ...valid, title: 3, items: ["ok", 4] });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((issue) => issue.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["title", "items.1"]));
    expect(result.error!.issues[0]!.message).toBe("Ce champ doit être un texte");
  });

  it("refuses a missing field, a list given as text and an object given as a list", () => {
    expect(schema.safeParse({ ...valid, title: undefined }).success).toBe(false);
    expect(schema.safeParse({ ...valid, items: "a" }).success).toBe(false);
    expect(schema.safeParse({ ...valid, nested: [] }).success).toBe(false);
    expect(schema.safeParse("texte").success).toBe(false);
  });

  it("checks links and images: http(s) or a path of the site", () => {
    for (const bad of [
      "javascript:alert(1)",
      "//evil.example",
      "ftp://x",
      "data:image/png;base64,x",
    ]) {
      const link = schema.safeParse({ ...valid, nested: { text: "y", buttonLink: bad } });
      expect(link.success, bad).toBe(false);
      expect(link.error!.issues[0]).toMatchObject({
        path: ["nested", "buttonLink"],
        message: URL_MESSAGE,
      });
      expect(schema.safeParse({ ...valid, image: bad }).success, bad).toBe(false);
    }
    // The feature icons are lucide names, not addresses.
    expect(
      schema.safeParse({ ...valid, features: [{ title: "t", icon: "Briefcase" }] }).success,
    ).toBe(true);
  });

  it("builds a schema that accepts every default block of the site", () => {
    for (const [category, sections] of Object.entries(PAGE_TEXTS)) {
      for (const [section, defaults] of Object.entries(sections)) {
        expect(
          contentBlockSchema(category, section)!.safeParse(defaults).success,
          `${category}/${section}`,
        ).toBe(true);
      }
    }
    expect(contentBlockSchema("hero", "inconnu")).toBeNull();
    expect(contentBlockSchema("toString", "main")).toBeNull();
    // Inherited keys are no blocks: Object's constructor has an own "name".
    expect(contentBlockSchema("constructor", "name")).toBeNull();
    expect(contentBlockSchema("__proto__", "constructor")).toBeNull();
  });
});

describe("validateContentChanges", () => {
  it("returns the errors by block and field path", () => {
    const result = validateContentChanges([
      {
        category: "hero",
        section: "main",
        content: { ...PAGE_TEXTS.hero.main, primaryButtonLink: "javascript:x" },
        loadedAt: null,
      },
      { category: "inconnu", section: "main", content: {}, loadedAt: null },
    ]);
    expect(result).toEqual({
      success: false,
      errors: {
        "hero/main": { primaryButtonLink: URL_MESSAGE },
        "inconnu/main": { "": "Bloc de contenu inconnu" },
      },
    });
  });
});

describe("icon names", () => {
  const features = PAGE_TEXTS.entreprise.main.features;
  const withIcon = (icon: string) => ({
    category: "entreprise",
    section: "main",
    content: { ...PAGE_TEXTS.entreprise.main, features: [{ ...features[0]!, icon }] },
    loadedAt: null,
  });

  it.each(["__proto__", "constructor", "hasOwnProperty", "valueOf", "Inconnue", ""])(
    "refuses %j as an icon name, in French, at its field",
    (icon) => {
      expect(validateContentChanges([withIcon(icon)])).toEqual({
        success: false,
        errors: { "entreprise/main": { "features.0.icon": ICON_MESSAGE } },
      });
    },
  );

  it("accepts the icons the editor offers", () => {
    expect(ICON_MESSAGE).toBe(
      "Icône inconnue : choisissez Users, Target, Heart, Briefcase, CalendarDays, Dumbbell, HeartPulse, Shield, Trophy",
    );
    expect(validateContentChanges([withIcon("Trophy")]).success).toBe(true);
  });
});

describe("field helpers", () => {
  it("recognises image fields by name, except icon names", () => {
    expect(isImageField("backgroundImage", "")).toBe(true);
    expect(isImageField("image", "/images/a.webp")).toBe(true);
    expect(isImageField("logoUrl", "")).toBe(true);
    expect(isImageField("icon", "Users")).toBe(false);
    expect(isImageField("title", "")).toBe(false);
  });

  it("labels keys in French, splitting unknown camelCase keys", () => {
    expect(fieldLabel("title")).toBe("Titre");
    expect(fieldLabel("subtitle")).toBe("Sous-titre");
    expect(fieldLabel("buttonText")).toBe("Texte du bouton");
    expect(fieldLabel("someNewField")).toBe("Some new field");
    expect(blockTitle("hero", "main")).toBe("Bannière d'accueil · Principal");
  });

  it("maps categories to the 7 tabs, unknown ones to Pages", () => {
    expect(tabOfCategory("hero")).toBe("accueil");
    expect(tabOfCategory("footer")).toBe("accueil");
    expect(tabOfCategory("about")).toBe("a-propos");
    expect(tabOfCategory("activity")).toBe("pages");
    expect(tabOfCategory("contact")).toBe("contact");
  });

  it("gives long or multi-line defaults a text area", () => {
    expect(isMultiline("court")).toBe(false);
    expect(isMultiline("a\nb")).toBe(true);
    expect(isMultiline("x".repeat(81))).toBe(true);
  });
});

describe("the home's team and testimonials blocks", () => {
  const team = PAGE_TEXTS.home.team;
  const testimonials = PAGE_TEXTS.home.testimonials;

  it("seeds named members with a role and diplomas, and quotes with who says them", () => {
    expect(team.members.length).toBeGreaterThanOrEqual(3);
    for (const member of team.members) {
      expect(member.name).not.toBe("");
      expect(member.role).not.toBe("");
      expect(member.diplomas.length).toBeGreaterThan(0);
      expect(member.photo).toBe("");
    }
    for (const item of testimonials.quotes) {
      expect(item.quote.length).toBeGreaterThan(40);
      expect(item.relation).not.toBe("");
    }
  });

  it("a member's photo is an image field; members and their diplomas can be added and removed", () => {
    expect(isImageField("photo", team.members[0]!.photo)).toBe(true);
    const schema = contentBlockSchema("home", "team")!;
    const members = [
      { name: "Yanis", role: "Entraîneur", diplomas: [], photo: "/uploads/site-images/y.jpg" },
    ];
    expect(schema.parse({ ...team, members })).toEqual({ ...team, members });
    expect(schema.parse({ ...team, members: [] })).toEqual({ ...team, members: [] });
  });

  it("refuses a photo address that is not the site's nor http(s), with its path", () => {
    const result = validateContentChanges([
      {
        category: "home",
        section: "team",
        loadedAt: null,
        content: {
          ...team,
          members: [{ ...team.members[0]!, photo: "javascript:alert(1)" }],
        },
      },
    ]);
    expect(result).toEqual({
      success: false,
      errors: { "home/team": { "members.0.photo": URL_MESSAGE } },
    });
  });

  it("checks a testimonial's fields as texts", () => {
    const result = contentBlockSchema("home", "testimonials")!.safeParse({
      ...testimonials,
      quotes: [{ quote: 3, name: "Inès", relation: "maman de Lina, 7 ans" }],
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path.join(".")).toBe("quotes.0.quote");
  });

  it("the editor's labels and the example marks", () => {
    expect(blockTitle("home", "team")).toBe("Page d'accueil · L'équipe");
    expect(blockTitle("home", "testimonials")).toBe("Page d'accueil · Ils en parlent");
    expect(fieldLabel("diplomas")).toBe("Diplômes");
    expect(tabOfCategory("home")).toBe("accueil");
    expect(exampleNoteOf("members")).toBe("Exemples à remplacer par l'équipe du club");
    expect(exampleNoteOf("highlights")).toBeUndefined();
    // An example until the club renames it; a new blank entry is not one.
    expect(isExampleItem(team.members[1], team.members)).toBe(true);
    expect(isExampleItem({ ...team.members[1]!, name: "Yanis" }, team.members)).toBe(false);
    expect(isExampleItem({ ...team.members[1]!, name: "" }, team.members)).toBe(false);
    expect(isExampleItem(testimonials.quotes[0], testimonials.quotes)).toBe(true);
  });
});
