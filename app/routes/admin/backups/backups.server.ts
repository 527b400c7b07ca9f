import * as z from "~/core/zod";
import { listBackups } from "~/domains/backups/backup-list.server";
import { isBackupRunning, readLastBackup } from "~/domains/backups/backup-state.server";
import { backupNow, nextNightly } from "~/domains/backups/nightly.server";
import { formatFileSize } from "~/storage/file-size";
import { actorOf } from "~/domains/history/activity-log.server";
import { requireCapability } from "~/domains/volunteers/auth.server";
import { readForm } from "~/core/form";
import { getClientIp, type RequestContext } from "~/utils/load-context";
import { toastResult } from "~/utils/toast";

/* /admin/sauvegardes (admin only): what the screen shows, and « Sauvegarder maintenant ». */

export async function backupsLoader(request: Request, now = new Date()) {
  await requireCapability(request, "admin");
  return {
    backups: await listBackups(),
    last: await readLastBackup(),
    running: await isBackupRunning(now),
    nextNightly: nextNightly(now).toISOString(),
  };
}

const IntentSchema = z.literal("backup");

export async function backupsAction(request: Request, context: RequestContext) {
  const session = await requireCapability(request, "admin");
  const form = await readForm(request);
  if (!IntentSchema.safeParse(form.get("intent")).success) {
    return toastResult({ type: "error", message: "Action inconnue : rechargez la page." }, {}, 400);
  }
  const outcome = await backupNow(actorOf(session, getClientIp(context)));
  switch (outcome.status) {
    case "made":
      return toastResult({
        type: "success",
        message: `Sauvegarde faite : ${outcome.name} (${formatFileSize(outcome.size)})`,
      });
    case "busy":
      return toastResult(
        {
          type: "error",
          message:
            "Une sauvegarde est déjà en cours : attendez qu'elle finisse puis rechargez la page.",
        },
        {},
        409,
      );
    default:
      return toastResult(
        {
          type: "error",
          message: `La sauvegarde a échoué : ${"reason" in outcome ? outcome.reason : "raison inconnue"}`,
        },
        {},
        500,
      );
  }
}
