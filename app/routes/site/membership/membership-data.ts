import { data } from "react-router";
import { householdData } from "~/domains/membership/household-data.server";
import { openFile } from "~/domains/membership/file-draft.server";
import type { Route } from "./+types/membership-data";

/*
 * /adhesion/dossier/:token/donnees: « Télécharger mes données », everything stored about
 * the household of the file this link opens, as JSON (a download, never cached).
 */
export async function loader({ params }: Route.LoaderArgs) {
  const open = await openFile(params.token);
  if (!open) throw data("Dossier introuvable", { status: 404 });
  const body = {
    exported_at: new Date().toISOString(),
    season: open.season.label,
    ...(await householdData(open.file)),
  };
  return new Response(JSON.stringify(body, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="mes-donnees-adhesion.json"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
