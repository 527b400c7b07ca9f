import { describe, it, expect } from "vitest";
import { getDb } from "~/db/client.server";
import { createInscriptionForm } from "../../../tests/factories";
import {
  getActiveInscriptionForms,
  getInscriptionFormsForAdmin,
  removeInscriptionFile,
  replaceInscriptionForms,
  type InscriptionFormInput,
} from "./inscription.server";
import { StaleSaveError } from "../../utils/stale.server";

describe("getActiveInscriptionForms", () => {
  it("returns only the active forms, ordered by order_index", async () => {
    await getDb().deleteFrom("inscription_forms").execute();
    await createInscriptionForm({ title: "Adultes", order_index: 2, file_url: "/uploads/a.pdf" });
    await createInscriptionForm({ title: "Archivé", order_index: 0, is_active: 0 });
    await createInscriptionForm({ title: "Enfants", order_index: 1 });
    await createInscriptionForm({ title: "Certificat médical", order_index: 3 });

    const forms = await getActiveInscriptionForms();
    expect(forms.map((form) => [form.title, form.order_index])).toEqual([
      ["Enfants", 1],
      ["Adultes", 2],
      ["Certificat médical", 3],
    ]);
    expect(forms.every((form) => form.is_active === true)).toBe(true);
    expect(forms[1]?.file_url).toBe("/uploads/a.pdf");
  });

  it("returns an empty list when every form is inactive", async () => {
    await getDb().deleteFrom("inscription_forms").execute();
    await createInscriptionForm({ is_active: 0 });
    expect(await getActiveInscriptionForms()).toEqual([]);
  });
});

describe("replaceInscriptionForms", () => {
  const form = (title: string, overrides: Partial<InscriptionFormInput> = {}) => ({
    title,
    description: `Description ${title}`,
    file_url: null,
    storage_path: null,
    is_active: true,
    ...overrides,
  });

  it("replaces the whole list in order, numbering order_index from 0", async () => {
    await getDb().deleteFrom("inscription_forms").execute();
    await createInscriptionForm({ title: "Ancien", order_index: 4 });
    const { version } = await getInscriptionFormsForAdmin();
    const result = await replaceInscriptionForms({
      loadedVersion: version,
      forms: [
        form("Adultes", {
          file_url: "/uploads/site-documents/inscriptions/1-adultes.pdf",
          storage_path: "inscriptions/1-adultes.pdf",
        }),
        form("Archivé", { is_active: false }),
      ],
    });
    const { forms, version: after } = await getInscriptionFormsForAdmin();
    expect(after).toBe(result.version);
    expect(after).not.toBe(version);
    expect(forms.map((f) => [f.title, f.order_index, f.is_active, f.file_url])).toEqual([
      ["Adultes", 0, true, "/uploads/site-documents/inscriptions/1-adultes.pdf"],
      ["Archivé", 1, false, null],
    ]);
    expect(forms[0]?.storage_path).toBe("inscriptions/1-adultes.pdf");
    expect((await getActiveInscriptionForms()).map((f) => f.title)).toEqual(["Adultes"]);
  });

  it("returns the files no form uses any more", async () => {
    await getDb().deleteFrom("inscription_forms").execute();
    await createInscriptionForm({
      title: "A",
      file_url: "/uploads/site-documents/inscriptions/a.pdf",
    });
    await createInscriptionForm({
      title: "B",
      file_url: "/uploads/site-documents/inscriptions/b.pdf",
    });
    const { version } = await getInscriptionFormsForAdmin();
    const result = await replaceInscriptionForms({
      loadedVersion: version,
      forms: [form("B", { file_url: "/uploads/site-documents/inscriptions/b.pdf" })],
    });
    expect(result.droppedFiles).toEqual(["/uploads/site-documents/inscriptions/a.pdf"]);
  });

  it("refuses a list changed since it was loaded, and keeps it whole", async () => {
    await getDb().deleteFrom("inscription_forms").execute();
    await createInscriptionForm({ title: "A" });
    const { version } = await getInscriptionFormsForAdmin();
    await replaceInscriptionForms({ loadedVersion: version, forms: [form("Premier onglet")] });
    await expect(
      replaceInscriptionForms({ loadedVersion: version, forms: [form("Second onglet")] }),
    ).rejects.toThrow(StaleSaveError);
    expect((await getInscriptionFormsForAdmin()).forms.map((f) => f.title)).toEqual([
      "Premier onglet",
    ]);
  });

  it("rolls the whole replacement back when an insert fails", async () => {
    await getDb().deleteFrom("inscription_forms").execute();
    await createInscriptionForm({ title: "Gardé" });
    const { version } = await getInscriptionFormsForAdmin();
    await expect(
      replaceInscriptionForms({
        loadedVersion: version,
        // A missing title breaks the NOT NULL constraint after the delete ran.
        forms: [form("Nouveau"), form(null as unknown as string)],
      }),
    ).rejects.toThrow();
    const after = await getInscriptionFormsForAdmin();
    expect(after.forms.map((f) => f.title)).toEqual(["Gardé"]);
    expect(after.version).toBe(version);
  });
});

describe("removeInscriptionFile", () => {
  it("detaches the file of a saved form and gives the list's new version", async () => {
    await getDb().deleteFrom("inscription_forms").execute();
    const row = await createInscriptionForm({
      title: "A",
      file_url: "/uploads/site-documents/inscriptions/a.pdf",
      storage_path: "inscriptions/a.pdf",
    });
    const { version } = await getInscriptionFormsForAdmin();
    const result = await removeInscriptionFile({ id: row.id, loadedVersion: version });
    expect(result.fileUrl).toBe("/uploads/site-documents/inscriptions/a.pdf");
    const after = await getInscriptionFormsForAdmin();
    expect(after.version).toBe(result.version);
    expect(after.forms[0]).toMatchObject({ file_url: null, storage_path: null });
    await expect(removeInscriptionFile({ id: row.id, loadedVersion: version })).rejects.toThrow(
      StaleSaveError,
    );
  });
});
