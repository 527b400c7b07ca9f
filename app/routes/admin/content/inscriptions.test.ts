import fs from "node:fs";
import path from "node:path";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { purgeTrash } from "~/domains/history/trash.server";
import { removeFileIfUnused } from "~/domains/content/upload-removal.server";
import { getDb } from "~/db/client.server";
import {
  getActiveInscriptionForms,
  getInscriptionFormsForAdmin,
} from "~/domains/content/inscription.server";
import { STALE_SAVE_MESSAGE } from "~/utils/stale.server";
import { createInscriptionForm } from "../../../../tests/factories";
import { callRoute, createUser, getRequest, postRequest, signIn } from "../../../../tests/auth";
import { action, loader } from "./inscriptions";

/** After the Corbeille's 30 days (ADR 022). */
const PAST_TRASH = () => new Date(Date.now() + 31 * 24 * 60 * 60 * 1000);

let cookie: string;

beforeAll(async () => {
  await getDb().deleteFrom("users").execute();
  ({ cookie } = await signIn(await createUser("coach", "mot-de-passe")));
});

beforeEach(async () => {
  await getDb().deleteFrom("inscription_forms").execute();
});

const post = (fields: Record<string, string>) =>
  callRoute(action, postRequest("/admin/inscriptions", fields, { cookie }));

type Body = { toast?: { type: string; message: string }; errors?: Record<string, string> } & Record<
  string,
  unknown
>;
const body = (answer: { data: unknown }) => answer.data as Body;

const form = (title: string, overrides: Record<string, unknown> = {}) => ({
  title,
  description: "",
  file_url: null,
  storage_path: null,
  is_active: true,
  ...overrides,
});

/** A PDF as the upload pipeline leaves it, and its public URL. */
function storedPdf(name: string): { file: string; url: string } {
  const file = path.join(process.env.DATA_DIR!, "uploads", "site-documents", "inscriptions", name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, "%PDF-1.4\n");
  return { file, url: `/uploads/site-documents/inscriptions/${name}` };
}

const currentVersion = async () => (await getInscriptionFormsForAdmin()).version;

describe("inscriptions loader", () => {
  it("lists every form, inactive ones included, with the list's version", async () => {
    await createInscriptionForm({ title: "Archivé", order_index: 1, is_active: 0 });
    await createInscriptionForm({ title: "Adultes", order_index: 0 });
    const answer = await callRoute(loader, getRequest("/admin/inscriptions", { cookie }));
    const data = answer.data as { forms: { title: string; is_active: boolean }[]; version: string };
    expect(data.forms.map((f) => [f.title, f.is_active])).toEqual([
      ["Adultes", true],
      ["Archivé", false],
    ]);
    expect(data.version).toBe(await currentVersion());
  });
});

describe("inscriptions save", () => {
  it("replaces the list: 'Formulaires sauvegardés avec succès'; only active forms are public", async () => {
    await createInscriptionForm({ title: "Ancien" });
    const answer = await post({
      intent: "save",
      version: await currentVersion(),
      forms: JSON.stringify([
        form("Enfants", { file_url: "/uploads/site-documents/inscriptions/1-enfants.pdf" }),
        form("Archivé", { is_active: false }),
        form("Adultes"),
      ]),
    });
    expect(answer.status).toBe(200);
    expect(body(answer).toast).toEqual({
      type: "success",
      message: "Formulaires sauvegardés avec succès",
    });
    expect(body(answer).version).toBe(await currentVersion());
    const { forms } = await getInscriptionFormsForAdmin();
    expect(forms.map((f) => [f.title, f.order_index])).toEqual([
      ["Enfants", 0],
      ["Archivé", 1],
      ["Adultes", 2],
    ]);
    expect((await getActiveInscriptionForms()).map((f) => f.title)).toEqual(["Enfants", "Adultes"]);
  });

  it("requires a title on every form and saves nothing otherwise", async () => {
    await createInscriptionForm({ title: "Gardé" });
    const answer = await post({
      intent: "save",
      version: await currentVersion(),
      forms: JSON.stringify([
        form("Valide"),
        form("   "),
        form("Lien", { file_url: "javascript:x" }),
      ]),
    });
    expect(answer.status).toBe(400);
    expect(body(answer).errors).toEqual({
      "forms.1.title": "Le titre est obligatoire",
      "forms.2.file_url":
        "Adresse du fichier invalide : une URL en http(s):// ou un chemin commençant par /",
    });
    expect((await getInscriptionFormsForAdmin()).forms.map((f) => f.title)).toEqual(["Gardé"]);
  });

  it("refuses a list changed since it was loaded (409) and keeps the other save", async () => {
    await createInscriptionForm({ title: "A" });
    const loaded = await currentVersion();
    await post({
      intent: "save",
      version: loaded,
      forms: JSON.stringify([form("Premier onglet")]),
    });
    const stale = await post({
      intent: "save",
      version: loaded,
      forms: JSON.stringify([form("Second onglet")]),
    });
    expect(stale.status).toBe(409);
    expect(body(stale).toast).toEqual({ type: "error", message: STALE_SAVE_MESSAGE });
    expect((await getInscriptionFormsForAdmin()).forms.map((f) => f.title)).toEqual([
      "Premier onglet",
    ]);
  });

  it("deletes the PDF of a form removed from the list once purged from the Corbeille", async () => {
    const pdf = storedPdf("2-retire.pdf");
    await createInscriptionForm({ title: "Retiré", file_url: pdf.url });
    await post({ intent: "save", version: await currentVersion(), forms: "[]" });
    expect((await getInscriptionFormsForAdmin()).forms).toEqual([]);
    expect(fs.existsSync(pdf.file)).toBe(true);
    await purgeTrash(PAST_TRASH());
    await removeFileIfUnused({ url: pdf.url, bucket: "site-documents", subpath: "inscriptions" });
    expect(fs.existsSync(pdf.file)).toBe(false);
  });
});

describe("inscriptions remove-file", () => {
  it("detaches a saved form's PDF and deletes it: 'Fichier supprimé'", async () => {
    const pdf = storedPdf("3-adultes.pdf");
    const row = await createInscriptionForm({ title: "Adultes", file_url: pdf.url });
    const answer = await post({
      intent: "remove-file",
      id: String(row.id),
      url: pdf.url,
      version: await currentVersion(),
    });
    expect(body(answer).toast).toEqual({ type: "success", message: "Fichier supprimé" });
    expect(body(answer).version).toBe(await currentVersion());
    expect(fs.existsSync(pdf.file)).toBe(false);
    expect((await getInscriptionFormsForAdmin()).forms[0]).toMatchObject({
      title: "Adultes",
      file_url: null,
    });
  });

  it("drops a PDF uploaded but never saved, never one a form still uses", async () => {
    const unsaved = storedPdf("4-brouillon.pdf");
    const used = storedPdf("5-utilise.pdf");
    await createInscriptionForm({ title: "Utilisé", file_url: used.url });
    const version = await currentVersion();
    const dropped = await post({ intent: "remove-file", url: unsaved.url, version });
    expect(body(dropped).toast?.message).toBe("Fichier supprimé");
    expect(fs.existsSync(unsaved.file)).toBe(false);
    await post({ intent: "remove-file", url: used.url, version });
    expect(fs.existsSync(used.file)).toBe(true);
  });

  it("refuses to detach a file from a list changed since it was loaded", async () => {
    const row = await createInscriptionForm({
      title: "A",
      file_url: "/uploads/site-documents/inscriptions/a.pdf",
    });
    const answer = await post({
      intent: "remove-file",
      id: String(row.id),
      url: "/uploads/site-documents/inscriptions/a.pdf",
      version: "0:ancienne",
    });
    expect(answer.status).toBe(409);
    expect((await getInscriptionFormsForAdmin()).forms[0]?.file_url).toBe(
      "/uploads/site-documents/inscriptions/a.pdf",
    );
  });
});
