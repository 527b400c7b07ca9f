import { attestationResponse } from "~/domains/membership/attestation-response.server";
import { findMembershipToken } from "~/domains/membership/tokens.server";
import type { Route } from "./+types/membership-attestation";

/*
 * /adhesion/dossier/:token/attestation/:registrationId.pdf: the household downloads a
 * member's attestation from its file's link; a member of another file is not found.
 */

export async function loader({ params }: Route.LoaderArgs) {
  const match = /^(\d{1,12})\.pdf$/.exec(params.file);
  const target = match
    ? await findMembershipToken({ token: params.token, purpose: "draft" })
    : null;
  if (!match || !target?.fileId) return new Response("Attestation introuvable", { status: 404 });
  return attestationResponse(Number(match[1]), { fileId: target.fileId });
}
