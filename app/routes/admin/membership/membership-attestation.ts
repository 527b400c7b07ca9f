import { actorOf, logActivity } from "~/domains/history/activity-log.server";
import { attestationResponse } from "~/domains/membership/attestation-response.server";
import { requireCapability } from "~/domains/volunteers/auth.server";
import { getClientIp } from "~/utils/load-context";
import type { Route } from "./+types/membership-attestation";

/*
 * /admin/adhesions/adherents/:registrationId/attestation.pdf: a member's payment
 * attestation; each download is in the Journal (it shows a member's data).
 */

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = await requireCapability(request, "registrations");
  const registrationId = Number(params.registrationId);
  return attestationResponse(registrationId, {
    onIssued: (facts) =>
      logActivity(actorOf(session, getClientIp(context)), {
        action: "attestation.downloaded",
        itemType: "member",
        itemId: registrationId,
        itemLabel: `${facts.member.firstName} ${facts.member.lastName} (${facts.number})`,
      }),
  });
}
