import { DatabaseBackup } from "lucide-react";
import { useFetcher } from "react-router";
import { BackupList } from "~/components/admin/backups/backup-list";
import { BackupStatus } from "~/components/admin/backups/backup-status";
import { RestoreHelp } from "~/components/admin/backups/restore-help";
import { AdminPageHeader } from "~/components/admin/forms/page-header";
import { useActionToast } from "~/components/admin/forms/use-action-toast";
import { Button } from "~/components/ui/button";
import { countLabel } from "~/utils/list-params";
import { adminMeta } from "~/utils/admin-route";
import type { Toast } from "~/utils/toast";
import type { Route } from "./+types/backups";
import { backupsAction, backupsLoader } from "./backups.server";

/*
 * /admin/sauvegardes (admin only): the archives of BACKUP_DIR (nightly, manual, kept
 * before a restore) to download, « Sauvegarder maintenant », the last result and the next
 * nightly time, and how to restore. docs/decisions/019-backup-archive.md.
 */

export const meta: Route.MetaFunction = () => adminMeta("Sauvegardes");

export async function loader({ request }: Route.LoaderArgs) {
  return backupsLoader(request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return backupsAction(request, context);
}

export default function Backups({ loaderData }: Route.ComponentProps) {
  const { backups, last, running, nextNightly } = loaderData;
  const fetcher = useFetcher<{ toast?: Toast }>({ key: "backup-now" });
  useActionToast(fetcher.data);
  const busy = fetcher.state !== "idle";
  return (
    <>
      <AdminPageHeader
        title="Sauvegardes"
        description="Une copie complète du site (textes, planning, essais, messages, images) faite chaque nuit sur le serveur. Téléchargez-en une de temps en temps pour la garder ailleurs."
        actions={
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="backup" />
            <Button type="submit" busy={busy}>
              {busy ? null : <DatabaseBackup aria-hidden="true" className="size-4" />}
              {busy ? "Sauvegarde en cours…" : "Sauvegarder maintenant"}
            </Button>
          </fetcher.Form>
        }
      />
      <div className="flex flex-col gap-6">
        <BackupStatus last={last} nextNightly={nextNightly} running={running && !busy} />
        <section aria-labelledby="sauvegardes-liste" className="flex flex-col gap-3">
          <h2 id="sauvegardes-liste" className="text-xl font-bold text-ink">
            {countLabel(backups.length, "sauvegarde", "sauvegardes")}
          </h2>
          <BackupList backups={backups} />
        </section>
        <RestoreHelp />
      </div>
    </>
  );
}
