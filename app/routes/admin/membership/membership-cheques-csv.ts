import { allChequesToDeposit, depositSlip, slipCsv } from "~/domains/membership/cheques.server";
import { requireCapability } from "~/domains/volunteers/auth.server";
import type { Route } from "./+types/membership-cheques-csv";

/*
 * /admin/adhesions/cheques/bordereau.csv: a deposit slip (?remise=<its stamp>) for a
 * spreadsheet, or without it the cheques still to deposit.
 */

export async function loader({ request }: Route.LoaderArgs) {
  await requireCapability(request, "registrations");
  const stamp = new URL(request.url).searchParams.get("remise") ?? "";
  const rows = stamp ? await depositSlip(stamp) : await allChequesToDeposit();
  const day = (stamp || new Date().toISOString()).slice(0, 10);
  return new Response(slipCsv(rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="bordereau-cheques-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
