import { describe, it, expect } from "vitest";
import { getDb } from "~/db/client.server";
import { createDiscipline } from "../../../tests/factories";
import {
  createDiscipline as createNewDiscipline,
  deleteDiscipline,
  getDiscipline,
  getDisciplines,
  moveDiscipline,
  updateDiscipline,
  type DisciplineInput,
} from "./discipline.server";
import { LastRowError } from "./reorder.server";
import { NotFoundError, STALE_SAVE_MESSAGE, StaleSaveError } from "../../utils/stale.server";

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

describe("createDiscipline", () => {
  it("adds a row at order_index = current count with the spec's defaults", async () => {
    await clearDisciplines();
    await createDiscipline({ order_index: 0 });
    await createDiscipline({ order_index: 1 });
    const created = await createNewDiscipline();
    expect(created).toMatchObject({
      title: "Sans titre",
      image: "/images/placeholder.webp",
      color: "light",
      background_color: "#f8f9fa",
      text_color: "#000000",
      title_color: "#000000",
      subtitle_color: "#000000",
      details: [],
      order_index: 2,
    });
    expect((await getDisciplines()).map((d) => d.id).at(-1)).toBe(created.id);
  });
});

describe("moveDiscipline", () => {
  it("swaps with the neighbour and renumbers order_index from 0 in one go", async () => {
    await clearDisciplines();
    const a = await createDiscipline({ title: "A", order_index: 3 });
    const b = await createDiscipline({ title: "B", order_index: 7 });
    const c = await createDiscipline({ title: "C", order_index: 9 });
    const before = await getDisciplines();

    expect(await moveDiscipline({ id: c.id, direction: "up" })).toEqual([a.id, c.id, b.id]);
    const after = await getDisciplines();
    expect(after.map((d) => [d.title, d.order_index])).toEqual([
      ["A", 0],
      ["C", 1],
      ["B", 2],
    ]);
    // The editor's stamps stay valid: moving is not an edit of the content.
    expect(after.find((d) => d.id === b.id)?.updated_at).toBe(
      before.find((d) => d.id === b.id)?.updated_at,
    );

    await moveDiscipline({ id: a.id, direction: "down" });
    expect((await getDisciplines()).map((d) => d.title)).toEqual(["C", "A", "B"]);
  });

  it("leaves the first row going up and the last going down in place", async () => {
    await clearDisciplines();
    const a = await createDiscipline({ title: "A", order_index: 0 });
    const b = await createDiscipline({ title: "B", order_index: 1 });
    await moveDiscipline({ id: a.id, direction: "up" });
    await moveDiscipline({ id: b.id, direction: "down" });
    expect((await getDisciplines()).map((d) => [d.title, d.order_index])).toEqual([
      ["A", 0],
      ["B", 1],
    ]);
  });

  it("throws NotFoundError for an unknown id and changes nothing", async () => {
    await clearDisciplines();
    await createDiscipline({ title: "A", order_index: 4 });
    await expect(moveDiscipline({ id: 999_999, direction: "up" })).rejects.toThrow(NotFoundError);
    expect((await getDisciplines()).map((d) => d.order_index)).toEqual([4]);
  });
});

describe("deleteDiscipline", () => {
  it("deletes a discipline and renumbers the others from 0", async () => {
    await clearDisciplines();
    await createDiscipline({ title: "A", order_index: 0 });
    const b = await createDiscipline({
      title: "B",
      order_index: 1,
      image: "/uploads/disciplines/b.jpg",
    });
    await createDiscipline({ title: "C", order_index: 2 });
    expect(await deleteDiscipline({ id: b.id })).toEqual({ image: "/uploads/disciplines/b.jpg" });
    expect((await getDisciplines()).map((d) => [d.title, d.order_index])).toEqual([
      ["A", 0],
      ["C", 1],
    ]);
  });

  it("refuses to delete the last discipline", async () => {
    await clearDisciplines();
    const only = await createDiscipline({ title: "Seule" });
    await expect(deleteDiscipline({ id: only.id })).rejects.toThrow(LastRowError);
    expect((await getDisciplines()).map((d) => d.title)).toEqual(["Seule"]);
  });
});
