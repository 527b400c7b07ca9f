import { attestationResponse } from "~/models/membership/attestation-response.server";
import { requireCapability } from "~/utils/auth.server";
import type { Route } from "./+types/membership-attestation";

/* /admin/adhesions/adherents/:registrationId/attestation.pdf: a member's payment attestation. */

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireCapability(request, "registrations");
  return attestationResponse(Number(params.registrationId));
}
