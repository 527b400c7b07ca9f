import { Badge } from "~/components/ui/badge";
import type { FileFlags } from "~/domains/membership/membership-desk";

/** What a file lacks or is, as badges: the list's rows and the file's own screen show them. */
export function FileBadges({ status, flags }: { status: string; flags: FileFlags }) {
  if (status === "draft") return <Badge tone="neutral">Brouillon</Badge>;
  if (status === "cancelled") return <Badge tone="neutral">Annulé</Badge>;
  return (
    <span className="flex flex-wrap gap-1.5">
      {flags.toPay ? <Badge tone="warning">À payer</Badge> : <Badge tone="success">Payé</Badge>}
      {flags.complete ? <Badge tone="success">Complet</Badge> : null}
      {flags.certificateMissing ? <Badge tone="danger">Certificat manquant</Badge> : null}
      {flags.withoutAuthorisation ? <Badge tone="danger">Autorisation manquante</Badge> : null}
      {flags.licenceNotTaken ? <Badge tone="gold">Licence non prise</Badge> : null}
      {flags.waiting ? <Badge tone="teal">Liste d'attente</Badge> : null}
    </span>
  );
}
