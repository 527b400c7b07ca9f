import * as z from "~/core/zod";
import {
  InviteSchema,
  readInvite,
  RolesSchema,
} from "~/components/admin/volunteers/volunteer-schema";
import { kickMailWorker } from "~/domains/mail/worker.server";
import { actorOf } from "~/domains/history/activity-log.server";
import {
  deactivateVolunteer,
  reactivateVolunteer,
  setVolunteerRoles,
  VOLUNTEER_MESSAGES,
  type AccountChange,
} from "~/domains/volunteers/volunteer.server";
import {
  inviteVolunteer,
  resendInvitation,
} from "~/domains/volunteers/volunteer-invitation.server";
import { requireCapability } from "~/domains/volunteers/auth.server";
import { fieldErrors, positiveId, readForm } from "~/core/form";
import { getClientIp, type RequestContext } from "~/utils/load-context";
import { toastResult } from "~/utils/toast";

/* The POST of /admin/benevoles: invite, resend, roles, deactivate, reactivate (admin only). */

const IntentSchema = z.enum(["invite", "resend", "roles", "deactivate", "reactivate"]);

const DONE = {
  roles: "Rôles enregistrés",
  deactivate: "Compte désactivé : ses sessions sont fermées",
  reactivate: "Compte réactivé",
} as const;

function error(message: string, status = 400, extra: object = {}) {
  return toastResult({ type: "error", message }, extra, status);
}

function changed(result: AccountChange, intent: keyof typeof DONE) {
  if (result === "last-admin") return error(VOLUNTEER_MESSAGES.lastAdmin, 409);
  if (result === "not-found") return error(VOLUNTEER_MESSAGES.notFound, 404);
  return toastResult({ type: "success", message: DONE[intent] });
}

export async function volunteersAction(request: Request, context: RequestContext) {
  const session = await requireCapability(request, "admin");
  const actor = actorOf(session, getClientIp(context));
  const form = await readForm(request);
  const intent = IntentSchema.safeParse(form.get("intent"));
  if (!intent.success) return error("Action inconnue : rechargez la page.");

  if (intent.data === "invite") {
    const fields = readInvite(form);
    const parsed = InviteSchema.safeParse(fields);
    if (!parsed.success) {
      return error("Vérifiez les champs de l'invitation.", 400, {
        errors: fieldErrors(parsed.error),
        fields,
      });
    }
    const result = await inviteVolunteer({ actor, ...parsed.data });
    if (result.status === "taken") {
      return error(result.message, 400, { errors: { [result.field]: result.message }, fields });
    }
    kickMailWorker();
    return toastResult({
      type: "success",
      message: `Invitation envoyée à ${parsed.data.email}`,
    });
  }

  const userId = positiveId(form.get("id"));
  if (userId === null) return error(VOLUNTEER_MESSAGES.notFound, 404);
  switch (intent.data) {
    case "resend": {
      if (!(await resendInvitation({ actor, userId }))) {
        return error("Ce bénévole a déjà rejoint le site ou son compte est désactivé.");
      }
      kickMailWorker();
      return toastResult({ type: "success", message: "Invitation envoyée à nouveau" });
    }
    case "roles": {
      const parsed = RolesSchema.safeParse({ roles: form.getAll("roles").map(String) });
      if (!parsed.success) {
        const errors = fieldErrors(parsed.error);
        return error(errors.roles ?? "Rôles invalides", 400, { errors });
      }
      const roles = parsed.data.roles;
      const currentSessionId = session.id;
      return changed(await setVolunteerRoles({ actor, userId, roles, currentSessionId }), "roles");
    }
    case "deactivate":
      return changed(await deactivateVolunteer({ actor, userId }), "deactivate");
    case "reactivate":
      return changed(await reactivateVolunteer({ actor, userId }), "reactivate");
  }
}
