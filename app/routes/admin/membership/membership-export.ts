import { parisToday } from "~/core/club-time";
import { actorOf } from "~/domains/history/activity-log.server";
import { isExportKind } from "~/domains/membership/membership-exports";
import { exportCsv, exportFileName } from "~/domains/membership/exports.server";
import { chosenSeason } from "~/domains/membership/season-choice.server";
import { requireCapability } from "~/domains/volunteers/auth.server";
import { getClientIp } from "~/utils/load-context";
import type { Route } from "./+types/membership-export";

/*
 * /admin/adhesions/export/:kind?saison=<id>: a season's CSV for French Excel
 * (federation, insurer, payments, figures); each download journaled ("export").
 */

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = await requireCapability(request, "registrations");
  if (!isExportKind(params.kind)) {
    throw new Response("Cet export n'existe pas.", { status: 404 });
  }
  const season = await chosenSeason(new URL(request.url).searchParams.get("saison"), parisToday());
  if (!season) throw new Response("Aucune saison à exporter.", { status: 404 });
  const csv = await exportCsv(actorOf(session, getClientIp(context)), params.kind, season);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(params.kind, season)}"`,
      "Cache-Control": "no-store",
    },
  });
}
