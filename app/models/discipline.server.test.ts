import { describe, it, expect } from "vitest";
import { getDb } from "~/db/client.server";
import { createDiscipline } from "../../tests/factories";
import {
  getDiscipline,
  getDisciplines,
  updateDiscipline,
  type DisciplineInput,
} from "./discipline.server";
import { NotFoundError, STALE_SAVE_MESSAGE, StaleSaveError } from "./stale.server";

async function clearDisciplines() {
  await getDb().deleteFrom("disciplines").execute();
}

const input = (overrides: Partial<DisciplineInput> = {}): DisciplineInput => ({
  title: "Boxe anglaise loisir",
  subtitle: "Pour tous",
  description: "Une description",
  details: ["Débutants bienvenus", "Gants prêtés"],
  conclusion: "À bientôt",
  image: "/uploads/disciplines/loisir.jpg",
  color: "dark",
  background_color: "#111111",
  text_color: "#ffffff",
  title_color: "#d4af37",
  subtitle_color: "#eeeeee",
  ...overrides,
});

describe("getDisciplines", () => {
  it("lists the disciplines by order_index", async () => {
    await clearDisciplines();
    await createDiscipline({ title: "Troisième", order_index: 2 });
    await createDiscipline({ title: "Première", order_index: 0 });
    await createDiscipline({ title: "Deuxième", order_index: 1 });
    const list = await getDisciplines();
    expect(list.map((d) => d.title)).toEqual(["Première", "Deuxième", "Troisième"]);
    expect(list.map((d) => d.order_index)).toEqual([0, 1, 2]);
  });

  it("fills blank fields with the defaults of the spec", async () => {
    await clearDisciplines();
    const row = await createDiscipline({
      title: "   ",
      image: "",
      color: "purple",
      background_color: null,
      text_color: "",
      title_color: null,
      subtitle_color: null,
    });
    const [discipline] = await getDisciplines();
    expect(discipline).toMatchObject({
      id: row.id,
      title: "Sans titre",
      slug: "sans-titre",
      image: "/images/placeholder.webp",
      color: "light",
      background_color: "#f8f9fa",
      text_color: "#000000",
      title_color: "#000000",
      subtitle_color: "#000000",
      details: [],
    });
  });

  it("keeps stored values and a valid colour choice", async () => {
    await clearDisciplines();
    await createDiscipline({
      title: "Cardio boxing",
      color: "gold",
      image: "/uploads/disciplines/cardio.jpg",
      background_color: "#222222",
      text_color: "#333333",
    });
    const [discipline] = await getDisciplines();
    expect(discipline).toMatchObject({
      title: "Cardio boxing",
      color: "gold",
      image: "/uploads/disciplines/cardio.jpg",
      background_color: "#222222",
      text_color: "#333333",
      title_color: "#000000",
    });
  });

  it("parses details from JSON and reads a corrupt details text as an empty list", async () => {
    await clearDisciplines();
    await createDiscipline({ title: "Avec détails", order_index: 0, details: '["Un","Deux"]' });
    await createDiscipline({ title: "Corrompu", order_index: 1, details: "[pas du json" });
    await createDiscipline({ title: "Pas une liste", order_index: 2, details: '{"a":1}' });
    const list = await getDisciplines();
    expect(list.map((d) => [d.title, d.details])).toEqual([
      ["Avec détails", ["Un", "Deux"]],
      ["Corrompu", []],
      ["Pas une liste", []],
    ]);
  });

  it("derives the slug from the title", async () => {
    await clearDisciplines();
    await createDiscipline({ title: "Boxe Éducative & Loisir", order_index: 0 });
    const symbols = await createDiscipline({ title: "!!!", order_index: 1 });
    const list = await getDisciplines();
    expect(list.map((d) => d.slug)).toEqual(["boxe-educative-loisir", `discipline-${symbols.id}`]);
  });
});

describe("updateDiscipline", () => {
  it("saves with the loaded updated_at and returns a new stamp", async () => {
    await clearDisciplines();
    const row = await createDiscipline({ title: "Ancien titre" });
    const loaded = (await getDiscipline({ id: row.id }))!;
    const saved = await updateDiscipline({
      id: row.id,
      values: input({ title: "Nouveau titre" }),
      loadedAt: loaded.updated_at,
    });
    expect(saved.updated_at).not.toBe(loaded.updated_at);
    expect(saved).toMatchObject({
      id: row.id,
      title: "Nouveau titre",
      slug: "nouveau-titre",
      details: ["Débutants bienvenus", "Gants prêtés"],
      color: "dark",
      background_color: "#111111",
    });
    const stored = await getDb()
      .selectFrom("disciplines")
      .select(["title", "details", "updated_at"])
      .where("id", "=", row.id)
      .executeTakeFirstOrThrow();
    expect(stored.title).toBe("Nouveau titre");
    expect(JSON.parse(stored.details)).toEqual(["Débutants bienvenus", "Gants prêtés"]);
    expect(stored.updated_at).toBe(saved.updated_at);
  });

  it("refuses a second save based on the old stamp and changes nothing", async () => {
    await clearDisciplines();
    const row = await createDiscipline({ title: "Original" });
    const loadedAt = row.updated_at;
    const first = await updateDiscipline({
      id: row.id,
      values: input({ title: "Premier onglet" }),
      loadedAt,
    });

    const error = await updateDiscipline({
      id: row.id,
      values: input({ title: "Second onglet" }),
      loadedAt,
    }).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(StaleSaveError);
    expect((error as Error).message).toBe(STALE_SAVE_MESSAGE);

    const after = await getDiscipline({ id: row.id });
    expect(after?.title).toBe("Premier onglet");
    expect(after?.updated_at).toBe(first.updated_at);
  });

  it("throws NotFoundError for an unknown id", async () => {
    await clearDisciplines();
    const row = await createDiscipline();
    await getDb().deleteFrom("disciplines").where("id", "=", row.id).execute();
    await expect(
      updateDiscipline({ id: row.id, values: input(), loadedAt: row.updated_at }),
    ).rejects.toThrow(NotFoundError);
    await expect(
      updateDiscipline({ id: row.id, values: input(), loadedAt: row.updated_at }),
    ).rejects.toThrow("Discipline introuvable");
    expect(await getDisciplines()).toEqual([]);
  });
});
