import { trialBookingsCsv } from "~/domains/trials/trial-booking.server";
import { requireCapability } from "~/domains/volunteers/auth.server";
import type { Route } from "./+types/trials-csv";

/* /admin/essais/export.csv: every trial booking kept, for a spreadsheet (Excel reads the BOM). */

export async function loader({ request }: Route.LoaderArgs) {
  await requireCapability(request, "trials.view");
  const csv = await trialBookingsCsv();
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="essais.csv"',
      "Cache-Control": "no-store",
    },
  });
}
