import { beforeEach, describe, expect, it } from "vitest";
import { SETTINGS_DEFAULTS, type SettingsCategory } from "~/domains/content/defaults";
import { getDb } from "~/db/client.server";
import {
  createActivity,
  createDiscipline,
  createInscriptionForm,
  createPost,
} from "../../../tests/factories";
import { getClubTodo, isSeedUpload } from "./club-todo.server";

/** An admin with an e-mail: every check of the club, none about the account. */
const AN_ADMIN = { roles: ["admin" as const], email: "president@club.test" };

const stamp = () => new Date().toISOString();

async function setSettings(category: SettingsCategory, settings: unknown): Promise<void> {
  await getDb()
    .insertInto("site_settings")
    .values({ category, settings: JSON.stringify(settings), updated_at: stamp() })
    .onConflict((oc) => oc.column("category").doUpdateSet({ settings: JSON.stringify(settings) }))
    .execute();
}

const FILLED_LEGAL = {
  ...SETTINGS_DEFAULTS.legal,
  rnaNumber: "W691234567",
  president: "Jeanne Uppercut",
  hostName: "Hébergeur Exemple",
  hostAddress: "1 place du Serveur, 75000 Paris",
};

/** Everything done: the club's logo, legal details, a form with its file, a network. */
async function clubHasDoneEverything(): Promise<void> {
  await setSettings("logo", { url: "/uploads/site-images/1700000000000-logo.png" });
  await setSettings("legal", FILLED_LEGAL);
  await setSettings("social", {
    links: [{ id: "1", name: "facebook", url: "https://www.facebook.com/club", icon: "" }],
  });
  await createInscriptionForm({ file_url: "/uploads/site-documents/inscriptions/a.pdf" });
  await getDb()
    .insertInto("prices")
    .values({
      label: "Boxe éducative",
      audience: "enfants",
      amount_cents: 15_000,
      created_at: stamp(),
      updated_at: stamp(),
    })
    .execute();
}

beforeEach(async () => {
  const db = getDb();
  for (const table of [
    "site_settings",
    "site_content",
    "disciplines",
    "training_formats",
    "schedule_activities",
    "blog_posts",
    "inscription_forms",
    "prices",
  ] as const) {
    await db.deleteFrom(table).execute();
  }
});

describe("getClubTodo", () => {
  it("is empty once the club has done everything", async () => {
    await clubHasDoneEverything();
    await createDiscipline({ image: "/uploads/disciplines/1700000000000-gants.jpg" });
    expect(await getClubTodo(AN_ADMIN)).toEqual([]);
  });

  it("lists what a fresh install waits for, each item leading to its screen", async () => {
    const todo = await getClubTodo(AN_ADMIN);
    expect(todo.map((item) => item.href)).toEqual([
      "/admin/tarifs",
      "/admin/media?tab=logo",
      "/admin/settings?tab=legal",
      "/admin/inscriptions",
      "/admin/settings?tab=reseaux",
    ]);
    expect(todo[0]).toEqual({
      label: "Saisir les tarifs de la saison",
      href: "/admin/tarifs",
      detail: "La page Tarifs n'affiche encore aucun prix.",
    });
    expect(todo[2]).toEqual({
      label: "Compléter les mentions légales",
      href: "/admin/settings?tab=legal",
      detail:
        "Encore vide : numéro RNA, président (directeur de la publication), hébergeur, adresse de l'hébergeur.",
    });
    expect(todo[3]?.detail).toBe("La page Inscription n'a aucun formulaire actif à télécharger.");
  });

  it("counts the example pictures still in use, place by place", async () => {
    await clubHasDoneEverything();
    await createDiscipline({ image: "/uploads/disciplines/seed-discipline-1.jpg" });
    await createDiscipline({ image: "/uploads/disciplines/seed-discipline-2.jpg" });
    await createDiscipline({ image: "/uploads/disciplines/1700000000000-photo.jpg" });
    await createActivity({
      images: JSON.stringify(["/uploads/schedule-activities/seed-activity-kids.jpg"]),
    });
    await createPost({ image_url: "/uploads/site-images/seed-post-1.jpg" });
    await getDb()
      .insertInto("site_content")
      .values({
        category: "hero",
        section: "main",
        content: JSON.stringify({ backgroundImage: "/uploads/site-images/seed-hero.jpg" }),
        updated_at: stamp(),
      })
      .execute();

    expect(await getClubTodo(AN_ADMIN)).toEqual([
      {
        label: "Vos photos : accueil et À propos",
        href: "/admin/content",
        detail: "1 bloc avec une image d'exemple, à remplacer par vos photos.",
      },
      {
        label: "Vos photos : disciplines",
        href: "/admin/disciplines",
        detail: "2 disciplines avec une image d'exemple, à remplacer par vos photos.",
      },
      {
        label: "Vos photos : activités du planning",
        href: "/admin/schedule",
        detail: "1 activité avec une image d'exemple, à remplacer par vos photos.",
      },
      {
        label: "Vos photos : articles du blog",
        href: "/admin/blog",
        detail: "1 article avec une image d'exemple, à remplacer par vos photos.",
      },
    ]);
  });

  it("names the active forms without a file, and leaves inactive ones out", async () => {
    await clubHasDoneEverything();
    await createInscriptionForm({ title: "Adulte", file_url: null });
    await createInscriptionForm({ title: "Enfant", file_url: "" });
    await createInscriptionForm({ title: "Ancien", file_url: null, is_active: 0 });
    expect(await getClubTodo(AN_ADMIN)).toEqual([
      {
        label: "Joindre le fichier des formulaires d'inscription",
        href: "/admin/inscriptions",
        detail: "2 formulaires actifs sans fichier : « Adulte », « Enfant ».",
      },
    ]);
  });

  it("asks for the club's logo while the seed's is shown, and for the legal fields left", async () => {
    await clubHasDoneEverything();
    await setSettings("logo", { url: "/uploads/site-images/seed-logo.png" });
    await setSettings("legal", { ...FILLED_LEGAL, hostAddress: "  " });
    await setSettings("social", {
      links: [{ id: "1", name: "link", url: "javascript:x", icon: "" }],
    });
    expect(await getClubTodo(AN_ADMIN)).toEqual([
      {
        label: "Mettre le logo du club",
        href: "/admin/media?tab=logo",
        detail: "Le site montre un logo d'exemple.",
      },
      {
        label: "Compléter les mentions légales",
        href: "/admin/settings?tab=legal",
        detail: "Encore vide : adresse de l'hébergeur.",
      },
      expect.objectContaining({ href: "/admin/settings?tab=reseaux" }),
    ]);
  });
});

describe("isSeedUpload", () => {
  it("knows the seed's pictures by their name under the uploads", () => {
    expect(isSeedUpload("/uploads/site-images/seed-logo.png")).toBe(true);
    expect(isSeedUpload("/uploads/site-images/1700000000000-seed-de-gazon.png")).toBe(false);
    expect(isSeedUpload("/images/seed-logo.png")).toBe(false);
  });
});

describe("getClubTodo: the planning's title", () => {
  it("asks to update a typed title of a past season, never the one that follows the season", async () => {
    await clubHasDoneEverything();
    await setSettings("season", { start: "2026-09-01", end: "2027-06-30" });
    await setSettings("planning_title", { title: "PLANNING - SEPTEMBRE 2025 - JUIN 2026" });
    expect(await getClubTodo(AN_ADMIN)).toEqual([
      {
        label: "Mettre à jour le titre du planning",
        href: "/admin/schedule",
        detail:
          "« PLANNING - SEPTEMBRE 2025 - JUIN 2026 » parle d'une saison passée : videz le champ pour suivre la saison.",
      },
    ]);

    await setSettings("planning_title", { title: "PLANNING - SEPTEMBRE 2026 - JUIN 2027" });
    expect(await getClubTodo(AN_ADMIN)).toEqual([]);
    await setSettings("planning_title", { title: SETTINGS_DEFAULTS.planning_title.title });
    expect(await getClubTodo(AN_ADMIN)).toEqual([]);
  });
});
