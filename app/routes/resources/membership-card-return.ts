import { redirect } from "react-router";
import { getDb } from "~/db/client.server";
import { confirmCheckout } from "~/models/helloasso/confirm.server";
import { requireFile } from "../site/membership.server";
import { cardNoticePath } from "../site/membership-card.server";
import type { Route } from "./+types/membership-card-return";

/*
 * /adhesion/dossier/:token/carte/retour: where HelloAsso sends the family back. Its query
 * string (code=succeeded, orderId…) is never read: the file's last checkout is read back
 * from HelloAsso's API (confirmCheckout), then the file's page says what is recorded.
 */

export async function loader({ params }: Route.LoaderArgs) {
  const open = await requireFile(params.token);
  const checkout = await getDb()
    .selectFrom("helloasso_checkouts")
    .select("id")
    .where("file_id", "=", open.file.id)
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (checkout) await confirmCheckout(checkout.id);
  return redirect(cardNoticePath(params.token, "retour"));
}
