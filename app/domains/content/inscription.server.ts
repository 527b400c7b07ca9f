import { getDb } from "~/db/client.server";
import { NotFoundError } from "../../utils/stale.server";
import { beginWholeListWrite, wholeListVersion } from "../../utils/whole-list.server";

export interface InscriptionForm {
  id: number;
  title: string;
  description: string;
  file_url: string | null;
  order_index: number;
  is_active: boolean;
}

/** The forms visitors may download: active ones, in the admin's order. */
export async function getActiveInscriptionForms(): Promise<InscriptionForm[]> {
  const rows = await getDb()
    .selectFrom("inscription_forms")
    .select(["id", "title", "description", "file_url", "order_index", "is_active"])
    .where("is_active", "=", 1)
    .orderBy("order_index")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ ...row, is_active: row.is_active === 1 }));
}

// ---------------------------------------------------------------------------------------
// Back office

export interface AdminInscriptionForm extends InscriptionForm {
  storage_path: string | null;
}

export type InscriptionFormInput = Pick<
  AdminInscriptionForm,
  "title" | "description" | "file_url" | "storage_path" | "is_active"
>;

/** Every form, inactive ones included, in the admin's order, with the list's version. */
export async function getInscriptionFormsForAdmin(): Promise<{
  forms: AdminInscriptionForm[];
  version: string;
}> {
  const db = getDb();
  const rows = await db
    .selectFrom("inscription_forms")
    .select(["id", "title", "description", "file_url", "storage_path", "order_index", "is_active"])
    .orderBy("order_index")
    .orderBy("id")
    .execute();
  return {
    forms: rows.map((row) => ({ ...row, is_active: row.is_active === 1 })),
    version: await wholeListVersion(db, "inscription_forms"),
  };
}

/**
 * Replaces the whole list (spec §7: delete all, re-insert without ids) in one transaction,
 * if nobody changed it since `loadedVersion`. Returns the file URLs no form uses any more,
 * for the caller to remove once committed.
 * @throws StaleSaveError
 */
export async function replaceInscriptionForms({
  forms,
  loadedVersion,
}: {
  forms: InscriptionFormInput[];
  loadedVersion: string;
}): Promise<{ version: string; droppedFiles: string[] }> {
  const db = getDb();
  const dropped = await db.transaction().execute(async (trx) => {
    const stamp = await beginWholeListWrite(trx, { table: "inscription_forms", loadedVersion });
    const previous = await trx.selectFrom("inscription_forms").select("file_url").execute();
    await trx.deleteFrom("inscription_forms").execute();
    if (forms.length > 0) {
      await trx
        .insertInto("inscription_forms")
        .values(
          forms.map((form, order_index) => ({
            title: form.title,
            description: form.description,
            file_url: form.file_url || null,
            storage_path: form.file_url ? form.storage_path || null : null,
            is_active: form.is_active ? 1 : 0,
            order_index,
            created_at: stamp,
            updated_at: stamp,
          })),
        )
        .execute();
    }
    const kept = new Set(forms.map((form) => form.file_url).filter(Boolean));
    return previous.flatMap((row) =>
      row.file_url && !kept.has(row.file_url) ? [row.file_url] : [],
    );
  });
  return {
    version: await wholeListVersion(db, "inscription_forms"),
    droppedFiles: [...new Set(dropped)],
  };
}

/**
 * Detaches the file of a saved form (spec: removing a file) if the list is still the one
 * loaded; returns the list's new version and the URL the form had.
 * @throws StaleSaveError, NotFoundError
 */
export async function removeInscriptionFile({
  id,
  loadedVersion,
}: {
  id: number;
  loadedVersion: string;
}): Promise<{ version: string; fileUrl: string | null }> {
  const db = getDb();
  const fileUrl = await db.transaction().execute(async (trx) => {
    const stamp = await beginWholeListWrite(trx, { table: "inscription_forms", loadedVersion });
    const row = await trx
      .selectFrom("inscription_forms")
      .select("file_url")
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) throw new NotFoundError("Formulaire");
    await trx
      .updateTable("inscription_forms")
      .set({ file_url: null, storage_path: null, updated_at: stamp })
      .where("id", "=", id)
      .execute();
    return row.file_url;
  });
  return { version: await wholeListVersion(db, "inscription_forms"), fileUrl };
}
