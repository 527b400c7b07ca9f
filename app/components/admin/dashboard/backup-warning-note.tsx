import { AlertTriangle } from "lucide-react";
import { Link } from "react-router";
import { formatWeekdayDateTime } from "~/core/date-format";
import type { BackupWarning } from "~/domains/dashboard/dashboard.server";

/** The dashboard's warning to an admin: no backup yet, the last one failed, or it is over 48 h old. */
export function BackupWarningNote({ warning }: { warning: BackupWarning }) {
  return (
    <div
      role="alert"
      className="mb-6 flex items-start gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900"
    >
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p>
        {warning.reason === "none" ? (
          <>Aucune sauvegarde du site n'a encore été faite. </>
        ) : warning.reason === "failed" ? (
          <>
            La dernière sauvegarde du site a échoué ({formatWeekdayDateTime(warning.at)}) :{" "}
            {warning.detail}.{" "}
          </>
        ) : (
          <>
            La dernière sauvegarde du site date de plus de 48 heures (
            {formatWeekdayDateTime(warning.at)}
            ).{" "}
          </>
        )}
        <Link
          to="/admin/sauvegardes"
          className="font-semibold underline decoration-2 underline-offset-4"
        >
          Voir les sauvegardes
        </Link>
      </p>
    </div>
  );
}
