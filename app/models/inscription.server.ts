import { getDb } from "~/db/client.server";

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
