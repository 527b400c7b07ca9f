import { getDb, type DB } from "~/db/client.server";
import { migrateToLatest } from "~/db/migrate.server";
import { seedDatabase } from "~/startup/seed.server";
import { deleteOldActivity } from "~/domains/history/activity-log.server";
import { pruneHistory, recordMissingVersions } from "~/domains/history/versions.server";
import { purgeOldMessages } from "~/domains/messages/contact-message.server";
import {
  ORPHAN_SWEEP_INTERVAL_MS,
  sweepOrphanUploads,
} from "~/domains/content/upload-removal.server";
import { getSettings } from "~/domains/content/settings.server";
import { purgeTrash } from "~/domains/history/trash.server";
import { ensureFirstAdmin } from "~/domains/volunteers/user.server";
import { deleteExpiredUserTokens } from "~/domains/volunteers/user-token.server";
import { startMembershipMails } from "~/domains/membership/mail-jobs.server";
import { purgeOldNotifications } from "~/domains/membership/helloasso/notifications.server";
import { startHelloAssoReconciliation } from "~/domains/membership/helloasso/reconcile.server";
import { applyMembershipRetention } from "~/domains/membership/retention.server";
import { purgeOldDeskKeys } from "~/domains/membership/desk-once.server";
import { sweepUploadTemp } from "~/domains/content/upload-removal.server";
import { getEnv } from "~/core/env.server";
import { startJobs, startPeriodic, type Job } from "~/core/jobs.server";
import { startMailWorker } from "~/domains/mail/worker.server";
import { startTrialJobs } from "~/domains/trials/trial-jobs.server";
import { startScheduledPublishing } from "~/domains/content/scheduled-publishing.server";
import { startHeartbeat } from "~/domains/backups/heartbeat.server";
import { startNightlyBackups } from "~/domains/backups/nightly.server";

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
 * Housekeeping, the first process's, now and then every ORPHAN_SWEEP_INTERVAL_MS:
 * temporary files of interrupted uploads, uploads nothing uses (app/domains/content/upload-removal.server.ts),
 * contact messages past their retention period (RGPD; spam after 30 days), the journal's
 * rows past its 13 months, the history's versions beyond 50 per item and 90 days
 * (docs/decisions/021-history.md), the Corbeille's items past their 30 days (022), the
 * membership's retention, HelloAsso's notifications past 90 days and the desk's used
 * one-time keys past their 30 days. Returns a function that stops it.
 */
export function startHousekeeping({
  intervalMs = ORPHAN_SWEEP_INTERVAL_MS,
}: { intervalMs?: number } = {}): () => void {
  return startPeriodic({
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
      await purgeOldDeskKeys();
    },
  });
}

/**
 * Every periodic job of the server, in the order they start once it listens, each with its
 * own interval (see each start function).
 */
export const SERVER_JOBS: readonly Job[] = [
  // The outbox: every process sends, its claims keep two from sending one mail.
  { name: "mail", runsIn: "every-process", start: () => startMailWorker() },
  // The membership's mails, every 15 minutes.
  { name: "membership-mails", runsIn: "first-process", start: () => startMembershipMails() },
  // HelloAsso's payments checked against the club's, hourly.
  {
    name: "helloasso-reconciliation",
    runsIn: "first-process",
    start: () => startHelloAssoReconciliation(),
  },
  { name: "housekeeping", runsIn: "first-process", start: () => startHousekeeping() },
  // Trial reminders and purges, every 15 minutes.
  { name: "trials", runsIn: "first-process", start: () => startTrialJobs() },
  // Each due change claimed once (ADR 023), every minute.
  {
    name: "scheduled-publishing",
    runsIn: "first-process",
    start: () => startScheduledPublishing(),
  },
  // The first process's sign of life in app_meta, which a restore checks.
  { name: "heartbeat", runsIn: "first-process", start: () => startHeartbeat() },
  // The nightly backup at 03:00 Paris, checked every minute.
  { name: "nightly-backups", runsIn: "first-process", start: () => startNightlyBackups() },
];

/** Starts the jobs this process runs (all of them in the first); returns what stops them. */
export function startServerJobs({ firstProcess }: { firstProcess: boolean }): () => void {
  return startJobs(SERVER_JOBS, { firstProcess });
}
