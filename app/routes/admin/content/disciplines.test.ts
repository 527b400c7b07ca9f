import fs from "node:fs";
import path from "node:path";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { purgeTrash } from "~/domains/history/trash.server";
import { removeFileIfUnused } from "~/domains/content/upload-removal.server";
import { getDb } from "~/db/client.server";
import { getDiscipline, getDisciplines } from "~/domains/content/discipline.server";
import { STALE_SAVE_MESSAGE } from "~/utils/stale.server";
import { createDiscipline } from "../../../../tests/factories";
import { callRoute, createUser, getRequest, postRequest, signIn } from "../../../../tests/auth";
import { action, loader } from "./disciplines";

/** After the Corbeille's 30 days (ADR 022). */
const PAST_TRASH = () => new Date(Date.now() + 31 * 24 * 60 * 60 * 1000);

let cookie: string;

beforeAll(async () => {
  await getDb().deleteFrom("users").execute();
  ({ cookie } = await signIn(await createUser("coach", "mot-de-passe")));
});

beforeEach(async () => {
  await getDb().deleteFrom("disciplines").execute();
});

const post = (fields: Record<string, string>) =>
  callRoute(action, postRequest("/admin/disciplines", fields, { cookie }));

/** The fields the editor posts for a save, valid unless overridden. */
function saveFields(id: number, updatedAt: string, overrides: Record<string, string> = {}) {
  return {
    intent: "save",
    id: String(id),
    updated_at: updatedAt,
    title: "Boxe loisir",
    subtitle: "Pour tous",
    description: "Une description",
    conclusion: "",
    image: "/uploads/disciplines/loisir.jpg",
    color: "dark",
    background_color: "#F8F9FA",
    text_color: "#000000",
    title_color: "#000000",
    subtitle_color: "#000000",
    ...overrides,
  };
}

type Body = { toast?: { type: string; message: string }; errors?: Record<string, string> } & Record<
  string,
  unknown
>;

describe("disciplines loader", () => {
  it("lists the disciplines in order for the admin", async () => {
    await createDiscipline({ title: "B", order_index: 1 });
    await createDiscipline({ title: "A", order_index: 0 });
    const answer = await callRoute(loader, getRequest("/admin/disciplines", { cookie }));
    const data = answer.data as { disciplines: { title: string }[]; loadError: string | null };
    expect(data.disciplines.map((d) => d.title)).toEqual(["A", "B"]);
    expect(data.loadError).toBeNull();
  });
});

describe("disciplines action", () => {
  it("creates a discipline at the end: 'Discipline créée avec succès'", async () => {
    await createDiscipline({ order_index: 0 });
    const answer = await post({ intent: "create" });
    const data = answer.data as Body;
    expect(answer.status).toBe(200);
    expect(data.toast).toEqual({ type: "success", message: "Discipline créée avec succès" });
    const created = await getDiscipline({ id: data.createdId as number });
    expect(created).toMatchObject({ title: "Sans titre", order_index: 1 });
  });

  it("moves a discipline: 'Ordre mis à jour', and a failed move says so", async () => {
    const a = await createDiscipline({ title: "A", order_index: 0 });
    await createDiscipline({ title: "B", order_index: 1 });
    const moved = await post({ intent: "move", id: String(a.id), direction: "down" });
    expect((moved.data as Body).toast?.message).toBe("Ordre mis à jour");
    expect((await getDisciplines()).map((d) => d.title)).toEqual(["B", "A"]);

    const gone = await post({ intent: "move", id: "999999", direction: "up" });
    expect(gone.status).toBe(404);
    expect((gone.data as Body).toast).toEqual({
      type: "error",
      message: "Erreur lors de la mise à jour de l'ordre",
    });
  });

  it("saves a discipline: 'Discipline sauvegardée avec succès'", async () => {
    const row = await createDiscipline({ title: "Ancien" });
    const answer = await post(saveFields(row.id, row.updated_at, { details: "Gants prêtés" }));
    expect(answer.status).toBe(200);
    expect((answer.data as Body).toast?.message).toBe("Discipline sauvegardée avec succès");
    expect(await getDiscipline({ id: row.id })).toMatchObject({
      title: "Boxe loisir",
      color: "dark",
      details: ["Gants prêtés"],
      background_color: "#F8F9FA",
    });
  });

  it("refuses invalid colours and image addresses with 400 and field errors", async () => {
    const row = await createDiscipline({ title: "Intacte" });
    const answer = await post(
      saveFields(row.id, row.updated_at, {
        background_color: "rouge",
        title_color: "#12345",
        image: "javascript:alert(1)",
        color: "purple",
      }),
    );
    expect(answer.status).toBe(400);
    expect((answer.data as Body).errors).toEqual({
      background_color: "Couleur invalide (format #RRGGBB)",
      title_color: "Couleur invalide (format #RRGGBB)",
      image: "Adresse d'image invalide : une URL en http(s):// ou un chemin commençant par /",
      color: "Choisissez un fond : Clair, Sombre ou Or",
    });
    expect((await getDiscipline({ id: row.id }))?.title).toBe("Intacte");
  });

  it("refuses a stale save with 409 and the stale message", async () => {
    const row = await createDiscipline({ title: "Original" });
    await post(saveFields(row.id, row.updated_at, { title: "Premier onglet" }));
    const answer = await post(saveFields(row.id, row.updated_at, { title: "Second onglet" }));
    expect(answer.status).toBe(409);
    expect((answer.data as Body).toast).toEqual({ type: "error", message: STALE_SAVE_MESSAGE });
    expect((await getDiscipline({ id: row.id }))?.title).toBe("Premier onglet");
  });

  it("says 'Aucune discipline sélectionnée' when saving without a discipline", async () => {
    const answer = await post({ ...saveFields(1, "x"), id: "" });
    expect(answer.status).toBe(400);
    expect((answer.data as Body).toast?.message).toBe("Aucune discipline sélectionnée");
  });

  it("deletes with 'Discipline supprimée' but keeps the last one", async () => {
    const a = await createDiscipline({ title: "A", order_index: 0 });
    const b = await createDiscipline({ title: "B", order_index: 1 });
    const deleted = await post({ intent: "delete", id: String(a.id) });
    expect((deleted.data as Body).toast?.message).toBe("Discipline supprimée");
    const last = await post({ intent: "delete", id: String(b.id) });
    expect(last.status).toBe(400);
    expect((last.data as Body).toast).toEqual({
      type: "error",
      message: "Vous devez conserver au moins une discipline",
    });
    expect((await getDisciplines()).map((d) => [d.title, d.order_index])).toEqual([["B", 0]]);
  });
});

describe("uploaded images of disciplines", () => {
  function storedFile(name: string): string {
    const file = path.join(process.env.DATA_DIR!, "uploads", "disciplines", name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, "image");
    return file;
  }

  it("removes a deleted discipline's upload once purged from the Corbeille, unless something else shows it", async () => {
    const own = storedFile("1-propre.jpg");
    const shared = storedFile("2-partagee.jpg");
    const a = await createDiscipline({
      order_index: 0,
      image: "/uploads/disciplines/1-propre.jpg",
    });
    const b = await createDiscipline({
      order_index: 1,
      image: "/uploads/disciplines/2-partagee.jpg",
    });
    await createDiscipline({ order_index: 2, image: "/uploads/disciplines/2-partagee.jpg" });
    await post({ intent: "delete", id: String(a.id) });
    await post({ intent: "delete", id: String(b.id) });
    // Kept while the Corbeille holds the deleted rows (ADR 022); unused once purged.
    expect(fs.existsSync(own)).toBe(true);
    await purgeTrash(PAST_TRASH());
    for (const image of [a.image, b.image]) {
      await removeFileIfUnused({ url: image, bucket: "disciplines" });
    }
    expect(fs.existsSync(own)).toBe(false);
    expect(fs.existsSync(shared)).toBe(true);
  });

  it("removes the previous upload when a save replaces the image", async () => {
    const old = storedFile("3-ancienne.jpg");
    const row = await createDiscipline({ image: "/uploads/disciplines/3-ancienne.jpg" });
    await post(saveFields(row.id, row.updated_at, { image: "/uploads/disciplines/4-neuve.jpg" }));
    expect(fs.existsSync(old)).toBe(false);
  });
});
