import { getDb, type DB } from "~/db/client.server";
import { migrateToLatest } from "~/db/migrate.server";
import { seedDatabase } from "~/db/seed.server";
import { deleteOldActivity } from "~/models/activity-log.server";
import { pruneHistory, recordMissingVersions } from "~/models/history/versions.server";
import { purgeOldMessages } from "~/models/contact-message.server";
import { ORPHAN_SWEEP_INTERVAL_MS, sweepOrphanUploads } from "~/storage/remove.server";
import { getSettings } from "~/models/settings.server";
import { purgeTrash } from "~/models/trash.server";
import { ensureFirstAdmin } from "~/models/user.server";
import { deleteExpiredUserTokens } from "~/models/user-token.server";
import { startMembershipMails } from "~/models/membership/mail-jobs.server";
import { purgeOldNotifications } from "~/models/helloasso/notifications.server";
import { startHelloAssoReconciliation } from "~/models/helloasso/reconcile.server";
import { applyMembershipRetention } from "~/models/membership/retention.server";
import { sweepUploadTemp } from "~/storage/remove.server";
import { getEnv } from "~/core/env.server";
import { startPeriodic } from "./periodic.server";

/** Everything that must be true before the server listens: schema, seed, first admin. */
export async function prepareApp(db: DB = getDb()): Promise<void> {
  const env = getEnv();
  await migrateToLatest(db);
  await seedDatabase(db, { dataDir: env.dataDir });
  // The history starts from what is there: a first save by mistake can be undone.
  await recordMissingVersions();
  const admin = await ensureFirstAdmin(db, {
    username: env.adminUsername,
    password: env.adminPassword,
  });
  if (admin.generatedPassword) {
    console.log(
      `\nPremier administrateur créé : « ${env.adminUsername} », mot de passe : ${admin.generatedPassword}\n` +
        "Notez-le maintenant : il ne sera plus affiché (changez-le dans Paramètres > Compte).\n",
    );
  } else if (admin.created) {
    console.log(
      `Premier administrateur créé : « ${env.adminUsername} » (mot de passe de ADMIN_PASSWORD).`,
    );
  }
}

/** True when the database answers a trivial query: what /healthz reports. */
export async function isDatabaseHealthy(db: DB = getDb()): Promise<boolean> {
  try {
    await db.selectFrom("app_meta").select("key").limit(1).execute();
    return true;
  } catch {
    return false;
  }
}

/**
 * Housekeeping, started once the server listens: temporary files of interrupted uploads,
 * uploads nothing uses (app/storage/remove.server.ts), contact messages past their
 * retention period (RGPD; spam after 30 days), the journal's rows past its 13 months, the
 * history's versions beyond 50 per item and 90 days (docs/decisions/021-history.md) and
 * the Corbeille's items past their 30 days (022), the membership's retention (issue 34), now
 * and HelloAsso's notifications past 90 days, now and then every ORPHAN_SWEEP_INTERVAL_MS;
 * the membership's mails (every 15 minutes) and the HelloAsso reconciliation (hourly).
 * Returns a function that stops it.
 */
export function startUploadSweeps({
  intervalMs = ORPHAN_SWEEP_INTERVAL_MS,
}: { intervalMs?: number } = {}): () => void {
  const stopMembershipMails = startMembershipMails();
  const stopReconciliation = startHelloAssoReconciliation();
  const stopSweeps = startPeriodic({
    intervalMs,
    failure: "Nettoyage des fichiers envoyés impossible",
    task: async () => {
      await sweepUploadTemp();
      // Items in the Corbeille for 30 days go first: their files are then unused, swept below.
      await purgeTrash();
      const removed = await sweepOrphanUploads();
      if (removed.length > 0) {
        console.log(`Fichiers envoyés mais inutilisés supprimés : ${removed.length}`);
      }
      const { messageRetentionMonths } = await getSettings({ category: "legal" });
      await purgeOldMessages({ retentionMonths: messageRetentionMonths });
      await deleteExpiredUserTokens();
      await deleteOldActivity();
      await pruneHistory();
      await applyMembershipRetention();
      await purgeOldNotifications();
    },
  });
  return () => {
    stopSweeps();
    stopMembershipMails();
    stopReconciliation();
  };
}
