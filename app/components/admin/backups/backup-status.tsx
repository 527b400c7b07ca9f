import { AlertTriangle, CheckCircle2, Clock } from "lucide-react";
import { formatWeekdayDateTime } from "~/core/date-format";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { formatFileSize } from "~/storage/file-size";
import type { LastBackup } from "~/domains/backups/backup-state.server";

/** The last backup's result (or its failure's reason) and when the next nightly one comes. */
export function BackupStatus({
  last,
  nextNightly,
  running,
}: {
  last: LastBackup | null;
  nextNightly: string;
  running: boolean;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>État des sauvegardes</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        {last === null ? (
          <p className="flex items-start gap-2">
            <AlertTriangle aria-hidden="true" className="size-5 shrink-0 text-amber-700" />
            Aucune sauvegarde n'a encore été faite.
          </p>
        ) : last.ok ? (
          <p className="flex items-start gap-2">
            <CheckCircle2 aria-hidden="true" className="size-5 shrink-0 text-teal-dark" />
            <span>
              Dernière sauvegarde : <strong>{formatWeekdayDateTime(last.at)}</strong> ({last.file},{" "}
              {formatFileSize(last.size)}).
              {last.bucketError ? (
                <span className="mt-1 block text-red-800">
                  Sa copie vers le stockage S3 a échoué : {last.bucketError}
                </span>
              ) : null}
            </span>
          </p>
        ) : (
          <p role="alert" className="flex items-start gap-2 text-red-800">
            <AlertTriangle aria-hidden="true" className="size-5 shrink-0" />
            <span>
              La dernière sauvegarde a échoué, le <strong>{formatWeekdayDateTime(last.at)}</strong>{" "}
              : {last.reason}
            </span>
          </p>
        )}
        {running ? <p className="font-semibold">Une sauvegarde est en cours…</p> : null}
        <p className="flex items-start gap-2 text-gray-700">
          <Clock aria-hidden="true" className="size-5 shrink-0 text-gray-500" />
          <span>
            Prochaine sauvegarde automatique : <strong>{formatWeekdayDateTime(nextNightly)}</strong>
            . Le site en fait une chaque nuit à 3 h et garde celles des 7 derniers jours, des 4
            dernières semaines et des 12 derniers mois, les 5 dernières manuelles et les 3 dernières
            copies faites avant une restauration.
          </span>
        </p>
      </CardContent>
    </Card>
  );
}
