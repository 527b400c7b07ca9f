import { z } from "zod";
import { kickMailWorker } from "~/mail/worker.server";
import { cancelBookingByClub, markAttendance } from "~/models/trial-booking.server";
import { requireCapability } from "~/utils/auth.server";
import { readForm } from "~/utils/forms";
import { toastResult } from "~/utils/toast";

/* The POST of /admin/essais: a booking's attendance, or its cancellation by the club. */

const IntentSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("attendance"),
    id: z.coerce.number().int().positive(),
    attendance: z.enum(["", "present", "absent"]),
  }),
  z.object({ intent: z.literal("cancel"), id: z.coerce.number().int().positive() }),
]);

const ATTENDANCE_DONE = {
  present: "Présence notée",
  absent: "Absence notée",
  "": "Présence effacée",
} as const;

export async function trialsAction(request: Request) {
  await requireCapability(request, "trials.manage");
  const form = await readForm(request);
  const parsed = IntentSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return toastResult({ type: "error", message: "Action inconnue : rechargez la page." }, {}, 400);
  }
  const command = parsed.data;
  if (command.intent === "attendance") {
    if (!(await markAttendance(command.id, command.attendance))) {
      return toastResult(
        { type: "error", message: "La présence se note une fois la séance commencée." },
        {},
        400,
      );
    }
    return toastResult({ type: "success", message: ATTENDANCE_DONE[command.attendance] });
  }
  await cancelBookingByClub(command.id);
  kickMailWorker();
  return toastResult({
    type: "success",
    message: "Réservation annulée : la personne est prévenue par e-mail",
  });
}
