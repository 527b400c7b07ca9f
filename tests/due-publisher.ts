/*
 * A worker thread with its own SQLite connection to the test's database file, running
 * scheduled publishing's due-job once at a given instant when told to
 * (app/models/scheduled-publishing.server.test.ts): several of them are several server
 * processes' jobs on one file.
 */
import { parentPort, workerData } from "node:worker_threads";
import { createDatabase, setDb } from "~/db/client.server";
import { runDuePublications } from "~/domains/content/scheduled-publishing.server";

const { dataDir, now } = workerData as { dataDir: string; now: string };
const db = createDatabase({ databaseUrl: null, dataDir });
setDb(db);
// Every worker starts at the same signal, not as soon as it is loaded.
parentPort!.once("message", async () => {
  try {
    const run = await runDuePublications({ now: new Date(now) });
    parentPort!.postMessage(run);
  } catch (error) {
    parentPort!.postMessage({ error: String(error) });
  } finally {
    await db.destroy();
  }
});
parentPort!.postMessage("ready");
