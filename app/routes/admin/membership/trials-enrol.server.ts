import { actorOf, withActivity } from "~/domains/history/activity-log.server";
import { enrolFromTrial } from "~/domains/membership/trial-enrol.server";
import { requireCapability } from "~/domains/volunteers/auth.server";
import { positiveId, readForm } from "~/core/form";
import { getClientIp, type RequestContext } from "~/utils/load-context";
import { toastResult } from "~/utils/toast";

/*
 * The « Inscrire » of /admin/essais: a membership draft from a trial booking.
 * Guarded by `registrations` (admin, trésorier): it opens a household's membership file,
 * the membership's data, not the trial's.
 */
export async function trialEnrolAction(request: Request, context?: RequestContext) {
  const actor = actorOf(await requireCapability(request, "registrations"), getClientIp(context));
  const id = positiveId((await readForm(request)).get("id"));
  if (id === null) {
    return toastResult(
      { type: "error", message: "Réservation inconnue : rechargez la page." },
      {},
      400,
    );
  }
  const result = await withActivity(
    actor,
    (done) =>
      done.ok
        ? {
            action: "create",
            itemType: "membership",
            itemId: done.fileId,
            itemLabel: `Brouillon depuis un essai : ${done.name}`,
          }
        : null,
    () => enrolFromTrial(id),
  );
  if (!result.ok) return toastResult({ type: "error", message: result.message }, {}, 409);
  // NOTE: the file's link opens it without a password: it goes to the family's mail only,
  // never to the volunteer's screen.
  return toastResult(
    { type: "success", message: `Dossier ouvert : le lien est envoyé à la famille` },
    { enrolled: { bookingId: id } },
  );
}
