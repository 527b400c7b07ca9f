import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { LastRowError } from "./reorder.server";
import { NotFoundError, STALE_SAVE_MESSAGE, StaleSaveError } from "../../utils/stale.server";
import {
  createTrainingFormat,
  deleteTrainingFormat,
  getTrainingFormat,
  getTrainingFormats,
  moveTrainingFormat,
  updateTrainingFormat,
  type TrainingFormatInput,
} from "./training-format.server";

const stamp = () => new Date().toISOString();

async function insertFormat(
  title: string,
  order_index: number,
  values: { icon_name?: string } = {},
) {
  return getDb()
    .insertInto("training_formats")
    .values({ title, order_index, created_at: stamp(), updated_at: stamp(), ...values })
    .returningAll()
    .executeTakeFirstOrThrow();
}

const input = (overrides: Partial<TrainingFormatInput> = {}): TrainingFormatInput => ({
  title: "Coaching individuel",
  subtitle: "Sur mesure",
  description: "Une séance avec un entraîneur",
  details: ["Programme personnalisé", "Suivi"],
  conclusion: "Réservez votre créneau",
  image: "/uploads/training-formats/coaching.jpg",
  icon_name: "Target",
  color: "gold",
  ...overrides,
});

beforeEach(async () => {
  await getDb().deleteFrom("training_formats").execute();
});

describe("createTrainingFormat", () => {
  it("adds a format at order_index = current count with the defaults (icon Users, light)", async () => {
    await insertFormat("A", 0);
    await insertFormat("B", 1);
    await insertFormat("C", 2);
    const created = await createTrainingFormat();
    expect(created).toMatchObject({
      title: "Sans titre",
      icon_name: "Users",
      color: "light",
      image: "/images/placeholder.webp",
      details: [],
      order_index: 3,
    });
  });
});

describe("updateTrainingFormat", () => {
  it("saves every field, icon included, and refuses a stale second save", async () => {
    const row = await insertFormat("Ancien", 0);
    const saved = await updateTrainingFormat({
      id: row.id,
      values: input(),
      loadedAt: row.updated_at,
    });
    expect(saved).toMatchObject({ ...input(), id: row.id });
    expect(saved.updated_at).not.toBe(row.updated_at);

    const error = await updateTrainingFormat({
      id: row.id,
      values: input({ title: "Autre onglet" }),
      loadedAt: row.updated_at,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StaleSaveError);
    expect((error as Error).message).toBe(STALE_SAVE_MESSAGE);
    expect((await getTrainingFormat({ id: row.id }))?.title).toBe("Coaching individuel");
  });

  it("throws NotFoundError for a deleted format", async () => {
    const row = await insertFormat("Parti", 0);
    await getDb().deleteFrom("training_formats").execute();
    await expect(
      updateTrainingFormat({ id: row.id, values: input(), loadedAt: row.updated_at }),
    ).rejects.toThrow(NotFoundError);
  });
});

describe("moveTrainingFormat and deleteTrainingFormat", () => {
  it("swaps with the neighbour and renumbers from 0", async () => {
    const a = await insertFormat("A", 5);
    const b = await insertFormat("B", 6);
    await moveTrainingFormat({ id: b.id, direction: "up" });
    expect((await getTrainingFormats()).map((f) => [f.title, f.order_index])).toEqual([
      ["B", 0],
      ["A", 1],
    ]);
    await moveTrainingFormat({ id: b.id, direction: "down" });
    expect((await getTrainingFormats()).map((f) => f.id)).toEqual([a.id, b.id]);
  });

  it("deletes and renumbers, but never the last format", async () => {
    const a = await insertFormat("A", 0);
    const b = await insertFormat("B", 1);
    await deleteTrainingFormat({ id: a.id });
    expect((await getTrainingFormats()).map((f) => [f.id, f.order_index])).toEqual([[b.id, 0]]);
    await expect(deleteTrainingFormat({ id: b.id })).rejects.toThrow(LastRowError);
    expect(await getTrainingFormats()).toHaveLength(1);
  });
});
