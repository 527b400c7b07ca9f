import { Download, Printer, Undo2 } from "lucide-react";
import { Link } from "react-router";
import { DeskForm, DeskSubmit } from "~/components/admin/membership/desk-forms";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { formatNumericDate } from "~/core/date-format";
import { formatEuros } from "~/core/money";
import type { ChequeRow } from "~/domains/membership/cheques.server";
import { countLabel } from "~/utils/list-params";

/*
 * A deposit slip of « Chèques à déposer » (bordereau de remise de chèques): its cheques,
 * each one's state (a cheque rejected by the bank since says so), printable alone and as
 * CSV; « Annuler cette remise » while none was rejected. Then the last slips.
 */

export function total(rows: readonly { amountCents: number }[]) {
  return rows.reduce((sum, row) => sum + row.amountCents, 0);
}

export function ChequeSlip({ stamp, cheques }: { stamp: string; cheques: ChequeRow[] }) {
  if (cheques.length === 0) {
    return (
      <p id="bordereau" role="status" className="card p-4 text-gray-700">
        Cette remise n'a plus de chèque : elle a été annulée, ses chèques sont de nouveau à déposer.
      </p>
    );
  }
  const rejected = cheques.some((cheque) => cheque.status === "rejected");
  return (
    <section
      id="bordereau"
      data-print-slip
      aria-labelledby="bordereau-titre"
      className="card flex flex-col gap-3 p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="bordereau-titre" className="text-lg font-bold text-ink">
          Bordereau de remise de chèques du {formatNumericDate(stamp)}
        </h2>
        <div data-print-hide className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => window.print()}>
            <Printer aria-hidden="true" className="size-4" />
            Imprimer
          </Button>
          <a
            href={`/admin/adhesions/cheques/bordereau.csv?remise=${encodeURIComponent(stamp)}`}
            download
            className="btn btn-secondary btn-sm"
          >
            <Download aria-hidden="true" className="size-4" />
            CSV
          </a>
        </div>
      </div>
      <div>
        <table className="w-full text-left text-sm [overflow-wrap:anywhere]">
          <thead>
            <tr className="border-b border-gray-300">
              <th scope="col" className="py-1 pr-3">
                N° du chèque
              </th>
              <th scope="col" className="py-1 pr-3">
                Banque
              </th>
              <th scope="col" className="py-1 pr-3">
                Tireur
              </th>
              <th scope="col" className="py-1 text-right [overflow-wrap:normal]">
                Montant
              </th>
            </tr>
          </thead>
          <tbody>
            {cheques.map((cheque) => (
              <tr key={cheque.id} className="border-b border-gray-100">
                <td className="py-1 pr-3">
                  {cheque.number}
                  {cheque.status === "rejected" ? (
                    <>
                      {" "}
                      <Badge tone="danger">Rejeté</Badge>
                    </>
                  ) : null}
                </td>
                <td className="py-1 pr-3">{cheque.bank}</td>
                <td className="py-1 pr-3">
                  {cheque.status === "rejected" ? (
                    <Link
                      to={`/admin/adhesions/dossiers/${cheque.fileId}`}
                      className="text-teal-dark underline"
                    >
                      {cheque.drawer}
                    </Link>
                  ) : (
                    cheque.drawer
                  )}
                </td>
                <td className="py-1 text-right tabular-nums">{formatEuros(cheque.amountCents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-bold">
              <td className="py-1 pr-3" colSpan={3}>
                Total : {countLabel(cheques.length, "chèque")}
              </td>
              <td className="py-1 text-right tabular-nums">{formatEuros(total(cheques))}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      {rejected ? null : (
        <div data-print-hide>
          <DeskForm id="undo-deposit" intent="undo-deposit">
            <input type="hidden" name="remise" value={stamp} />
            <DeskSubmit
              formId="undo-deposit"
              variant="ghost"
              confirm={{
                title: "Annuler cette remise ?",
                description: `Ses ${countLabel(cheques.length, "chèque")} redeviennent « à déposer ». À faire seulement si la remise n'a pas été portée à la banque.`,
                confirmLabel: "Annuler la remise",
              }}
            >
              <Undo2 aria-hidden="true" className="size-4" />
              Annuler cette remise
            </DeskSubmit>
          </DeskForm>
        </div>
      )}
    </section>
  );
}

export function RecentSlips({
  slips,
}: {
  slips: { stamp: string; count: number; totalCents: number }[];
}) {
  if (slips.length === 0) return null;
  return (
    <section aria-labelledby="remises" data-print-hide className="flex flex-col gap-2">
      <h2 id="remises" className="text-lg font-bold text-ink">
        Dernières remises
      </h2>
      <ul className="flex flex-col gap-1">
        {slips.map((s) => (
          <li key={s.stamp}>
            <Link
              to={`?remise=${encodeURIComponent(s.stamp)}#bordereau`}
              className="text-teal-dark underline"
            >
              Remise du {formatNumericDate(s.stamp)} · {countLabel(s.count, "chèque")} ·{" "}
              {formatEuros(s.totalCents)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
