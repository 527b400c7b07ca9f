import { redirect } from "react-router";
import { getDb } from "~/db/client.server";
import { confirmCheckout } from "~/domains/membership/helloasso/confirm.server";
import { requireFile } from "../membership/membership.server";
import { cardNoticePath } from "./helloasso-card.server";
import type { Route } from "./+types/helloasso-card-return";

/*
 * /adhesion/dossier/:token/carte/retour: where HelloAsso sends the family back. Its query
 * string (code=succeeded, orderId…) is never read: the file's last checkout is read back
 * from HelloAsso's API (confirmCheckout), then the file's page says what is recorded.
 * Only « code=refused » is looked at, to say the card did not go through rather than « being
 * checked » when HelloAsso has no order (a refused card makes none): it records nothing.
 */

export async function loader({ params, request }: Route.LoaderArgs) {
  const open = await requireFile(params.token);
  const checkout = await getDb()
    .selectFrom("helloasso_checkouts")
    .select("id")
    .where("file_id", "=", open.file.id)
    .orderBy("id", "desc")
    .executeTakeFirst();
  const outcome = checkout ? await confirmCheckout(checkout.id) : null;
  const refused = new URL(request.url).searchParams.get("code") === "refused";
  return redirect(
    cardNoticePath(params.token, refused && outcome === "pending" ? "refus" : "retour"),
  );
}
