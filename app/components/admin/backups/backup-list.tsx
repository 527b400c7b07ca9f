import { Archive, Download } from "lucide-react";
import { ListEmpty } from "~/components/admin/list/list-empty";
import { SpreadRow } from "~/components/admin/list/spread-row";
import { formatWeekdayDateTime } from "~/core/date-format";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { formatFileSize } from "~/storage/file-size";
import { BACKUP_KIND_LABELS, type BackupKind } from "~/domains/backups/rotation";
import type { ListedBackup } from "~/domains/backups/backup-list.server";

const TONES: Record<BackupKind, BadgeTone> = {
  nuit: "teal",
  manuelle: "gold",
  "avant-restauration": "neutral",
};

/** The archives of BACKUP_DIR, newest first: when, what kind, how big, and the download. */
export function BackupList({ backups }: { backups: ListedBackup[] }) {
  if (backups.length === 0) {
    return (
      <ListEmpty icon={Archive}>
        <p className="text-gray-700">
          Aucune sauvegarde pour le moment : la première est faite cette nuit, ou maintenant avec «
          Sauvegarder maintenant ».
        </p>
      </ListEmpty>
    );
  }
  return (
    <ul
      aria-label="Sauvegardes, de la plus récente à la plus ancienne"
      className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white"
    >
      {backups.map((backup) => (
        <SpreadRow key={backup.name} className="gap-3 px-4 py-3">
          <div className="flex min-w-0 flex-col gap-1">
            <p className="flex flex-wrap items-center gap-2">
              <time dateTime={backup.date} className="font-semibold text-ink tabular-nums">
                {formatWeekdayDateTime(backup.date)}
              </time>
              <Badge tone={TONES[backup.kind]}>{BACKUP_KIND_LABELS[backup.kind]}</Badge>
            </p>
            <p className="text-sm break-all text-gray-700">
              {backup.name} · {formatFileSize(backup.size)}
            </p>
          </div>
          <a
            href={`/admin/sauvegardes/${encodeURIComponent(backup.name)}`}
            download={backup.name}
            className={buttonClasses({
              variant: "secondary",
              size: "sm",
              className: "self-start sm:self-auto",
            })}
          >
            <Download aria-hidden="true" className="size-4" />
            Télécharger
            <span className="sr-only"> la sauvegarde du {formatWeekdayDateTime(backup.date)}</span>
          </a>
        </SpreadRow>
      ))}
    </ul>
  );
}
