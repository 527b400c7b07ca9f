/*
 * A worker thread with its own SQLite connection to the test's database file, booking
 * the requests it is given all at once (app/models/trial-concurrency.server.test.ts):
 * several of them are several writers on one file, as with several server processes.
 */
import { parentPort, workerData } from "node:worker_threads";
import { createDatabase, setDb } from "~/db/client.server";
import { bookTrial, type TrialRequest } from "~/domains/trials/trial-booking.server";

const { dataDir, requests, now } = workerData as {
  dataDir: string;
  requests: TrialRequest[];
  now: string;
};
const db = createDatabase({ databaseUrl: null, dataDir });
setDb(db);
// Every worker starts its requests at the same signal, not as soon as it is loaded.
parentPort!.once("message", async () => {
  const results = await Promise.allSettled(requests.map((req) => bookTrial(req, new Date(now))));
  await db.destroy();
  parentPort!.postMessage(
    results.map((result) =>
      result.status === "fulfilled" ? result.value : { error: String(result.reason) },
    ),
  );
});
parentPort!.postMessage("ready");
