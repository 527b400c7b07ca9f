import * as z from "~/core/zod";
import { kickMailWorker } from "~/domains/mail/worker.server";
import { actorOf, withActivity } from "~/domains/history/activity-log.server";
import { trialBookingLabel } from "~/domains/schedule/activity-labels.server";
import { markAttendance } from "~/domains/trials/trial-booking.server";
import { cancelBooking } from "~/domains/trials/trial-cancel.server";
import { requireCapability } from "~/domains/volunteers/auth.server";
import { readForm } from "~/core/form";
import { getClientIp, type RequestContext } from "~/utils/load-context";
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

export async function trialsAction(request: Request, context?: RequestContext) {
  const actor = actorOf(await requireCapability(request, "trials.manage"), getClientIp(context));
  const form = await readForm(request);
  const parsed = IntentSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return toastResult({ type: "error", message: "Action inconnue : rechargez la page." }, {}, 400);
  }
  const command = parsed.data;
  // The booking's journal row, named by its session; none when nothing was done.
  const logged = (act: () => Promise<boolean>) =>
    withActivity(
      actor,
      ({ done, label }) =>
        done
          ? { action: command.intent, itemType: "trial", itemId: command.id, itemLabel: label }
          : null,
      async () => ({ label: await trialBookingLabel(command.id), done: await act() }),
    );
  if (command.intent === "attendance") {
    const { done } = await logged(() => markAttendance(command.id, command.attendance));
    if (!done) {
      return toastResult(
        { type: "error", message: "La présence se note une fois la séance commencée." },
        {},
        400,
      );
    }
    return toastResult({ type: "success", message: ATTENDANCE_DONE[command.attendance] });
  }
  await logged(() => cancelBooking(command.id, { by: "club" }));
  kickMailWorker();
  return toastResult({
    type: "success",
    message: "Réservation annulée : la personne est prévenue par e-mail",
  });
}
