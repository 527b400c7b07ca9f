import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { getTrainingFormat, getTrainingFormats } from "~/domains/content/training-format.server";
import { STALE_SAVE_MESSAGE } from "~/utils/stale.server";
import { callRoute, createUser, getRequest, postRequest, signIn } from "../../../../tests/auth";
import { action, loader } from "./training";

let cookie: string;

beforeAll(async () => {
  await getDb().deleteFrom("users").execute();
  ({ cookie } = await signIn(await createUser("coach", "mot-de-passe")));
});

beforeEach(async () => {
  await getDb().deleteFrom("training_formats").execute();
});

const stamp = () => new Date().toISOString();
const insertFormat = (title: string, order_index: number) =>
  getDb()
    .insertInto("training_formats")
    .values({ title, order_index, created_at: stamp(), updated_at: stamp() })
    .returningAll()
    .executeTakeFirstOrThrow();

const post = (fields: Record<string, string>) =>
  callRoute(action, postRequest("/admin/training", fields, { cookie }));

type Body = { toast?: { type: string; message: string }; errors?: Record<string, string> } & Record<
  string,
  unknown
>;
const toastOf = (answer: { data: unknown }) => (answer.data as Body).toast;

function saveFields(id: number, updatedAt: string, overrides: Record<string, string> = {}) {
  return {
    intent: "save",
    id: String(id),
    updated_at: updatedAt,
    title: "Cours collectifs",
    subtitle: "En groupe",
    description: "Des séances en groupe",
    conclusion: "À bientôt",
    image: "https://exemple.fr/photo.jpg",
    icon_name: "Heart",
    color: "gold",
    ...overrides,
  };
}

describe("training formats screen", () => {
  it("loads the formats in order", async () => {
    await insertFormat("B", 1);
    await insertFormat("A", 0);
    const answer = await callRoute(loader, getRequest("/admin/training", { cookie }));
    const data = answer.data as { formats: { title: string }[] };
    expect(data.formats.map((f) => f.title)).toEqual(["A", "B"]);
  });

  it("creates ('Format créé'), moves ('Ordre mis à jour') and saves ('Format sauvegardé')", async () => {
    await insertFormat("A", 0);
    const created = await post({ intent: "create" });
    expect(toastOf(created)).toEqual({ type: "success", message: "Format créé" });
    const id = (created.data as Body).createdId as number;
    expect((await getTrainingFormat({ id }))?.order_index).toBe(1);

    const moved = await post({ intent: "move", id: String(id), direction: "up" });
    expect(toastOf(moved)?.message).toBe("Ordre mis à jour");
    expect((await getTrainingFormats()).map((f) => f.id)[0]).toBe(id);

    const format = (await getTrainingFormat({ id }))!;
    const saved = await post(saveFields(id, format.updated_at, { details: "Échauffement" }));
    expect(toastOf(saved)).toEqual({ type: "success", message: "Format sauvegardé" });
    expect(await getTrainingFormat({ id })).toMatchObject({
      title: "Cours collectifs",
      icon_name: "Heart",
      color: "gold",
      details: ["Échauffement"],
    });
  });

  it("refuses an unknown icon or colour with field errors", async () => {
    const row = await insertFormat("A", 0);
    const answer = await post(
      saveFields(row.id, row.updated_at, { icon_name: "Rocket", color: "blue" }),
    );
    expect(answer.status).toBe(400);
    expect((answer.data as Body).errors).toEqual({
      icon_name: "Choisissez une icône : Users, Target ou Heart",
      color: "Choisissez un fond : Clair, Sombre ou Or",
    });
  });

  it("refuses a stale save and a save without a format", async () => {
    const row = await insertFormat("A", 0);
    await post(saveFields(row.id, row.updated_at));
    const stale = await post(saveFields(row.id, row.updated_at, { title: "Autre" }));
    expect(stale.status).toBe(409);
    expect(toastOf(stale)).toEqual({ type: "error", message: STALE_SAVE_MESSAGE });
    expect((await getTrainingFormat({ id: row.id }))?.title).toBe("Cours collectifs");
    const none = await post({ ...saveFields(row.id, row.updated_at), id: "" });
    expect(toastOf(none)?.message).toBe("Aucun format sélectionné");
  });

  it("deletes ('Format supprimé') but keeps the last format", async () => {
    const a = await insertFormat("A", 0);
    const b = await insertFormat("B", 1);
    expect(toastOf(await post({ intent: "delete", id: String(a.id) }))?.message).toBe(
      "Format supprimé",
    );
    const last = await post({ intent: "delete", id: String(b.id) });
    expect(last.status).toBe(400);
    expect(toastOf(last)?.message).toBe("Vous devez conserver au moins un format");
    expect(await getTrainingFormats()).toHaveLength(1);
  });
});
