import { redirect } from "react-router";
import { readForm } from "~/core/form";
import { requireFile } from "../membership/membership.server";
import { payByCard, readInstalments } from "./helloasso-card.server";
import { filePath } from "../membership/membership-paths";
import type { Route } from "./+types/helloasso-card";

/*
 * /adhesion/dossier/:token/carte: the file page's « Payer par carte » (a plain form, POST).
 * A GET (a reload, a link kept) goes back to the file's page.
 */

export async function loader({ params }: Route.LoaderArgs) {
  await requireFile(params.token);
  return redirect(filePath(params.token));
}

export async function action({ params, request }: Route.ActionArgs) {
  const open = await requireFile(params.token);
  if (open.file.status !== "submitted") return redirect(filePath(params.token));
  const form = await readForm(request);
  return payByCard({
    fileId: open.file.id,
    token: params.token,
    instalments: readInstalments(form.get("instalments")),
  });
}
