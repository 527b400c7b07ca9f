/*
 * The attestation as a download, for the back office's URL and the household's own link:
 * 404 when nothing is paid for that member.
 */
import { attestationPdf } from "./attestation-pdf.server";
import { issueAttestation, type AttestationFacts } from "./attestation.server";

export function attestationFilename(number: string): string {
  return `attestation-${number}.pdf`;
}

export async function attestationResponse(
  registrationId: number,
  {
    fileId,
    onIssued,
  }: { fileId?: number; onIssued?: (facts: AttestationFacts) => Promise<void> } = {},
): Promise<Response> {
  const notFound = () => new Response("Attestation introuvable", { status: 404 });
  if (!Number.isSafeInteger(registrationId) || registrationId <= 0) return notFound();
  const facts = await issueAttestation(registrationId, { fileId });
  if (!facts) return notFound();
  const pdf = await attestationPdf(facts);
  await onIssued?.(facts);
  return new Response(Buffer.from(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${attestationFilename(facts.number)}"`,
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
