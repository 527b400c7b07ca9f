import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { mondayClass, NOW, request, resetTrialData } from "../../../tests/trial";
import { bookTrial } from "./trial-booking.server";

/*
 * In one process Kysely runs SQLite's transactions one after the other, so the 50
 * simultaneous bookings of trial-booking.server.test.ts cannot race there. Here 5 worker
 * threads, each with its own connection to the same file (as 5 server processes would
 * have), send 10 requests each for the last place at the same moment.
 */

const WORKERS = 5;
const EACH = 10;

function startWorker(requests: unknown[]): Promise<{ worker: Worker; done: Promise<unknown[]> }> {
  // tsx compiles the worker's TypeScript (and reads the "~/" paths of tsconfig.json).
  const entry = pathToFileURL(path.resolve("tests/trial-booker.ts")).href;
  const boot = `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`;
  const worker = new Worker(boot, {
    eval: true,
    workerData: { dataDir: process.env.DATA_DIR, requests, now: NOW.toISOString() },
  });
  return new Promise((resolve, reject) => {
    worker.once("error", reject);
    worker.once("message", () => {
      const done = new Promise<unknown[]>((finish, fail) => {
        worker.once("message", finish);
        worker.once("error", fail);
      });
      resolve({ worker, done });
    });
  });
}

beforeEach(resetTrialData);

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  "bookTrial from several SQLite connections",
  () => {
    it("gives the last place to exactly one of 50 requests from 5 connections", async () => {
      const open = await mondayClass(3);
      for (let i = 0; i < 2; i += 1) await bookTrial(request(open.id), NOW);
      const workers = await Promise.all(
        Array.from({ length: WORKERS }, () =>
          startWorker(Array.from({ length: EACH }, () => request(open.id, { waitlist: true }))),
        ),
      );
      for (const { worker } of workers) worker.postMessage("go");
      const results = (await Promise.all(workers.map(({ done }) => done))).flat() as Array<
        { ok: true; status: string } | { ok: false; refusal: string } | { error: string }
      >;
      expect(results.filter((r) => "error" in r)).toEqual([]);
      expect(results.filter((r) => "ok" in r && r.ok && r.status === "booked")).toHaveLength(1);
      expect(results.filter((r) => "ok" in r && r.ok && r.status === "waitlist")).toHaveLength(49);
      const booked = await getDb()
        .selectFrom("trial_bookings")
        .select("id")
        .where("activity_id", "=", open.id)
        .where("status", "=", "booked")
        .execute();
      expect(booked).toHaveLength(3);
    }, 90_000);
  },
);
