import { describe, it, expect } from "vitest";
import { getDb } from "~/db/client.server";
import { createInscriptionForm } from "../../tests/factories";
import { getActiveInscriptionForms } from "./inscription.server";

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
