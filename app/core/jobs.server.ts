/*
 * Every periodic job of the server (the mail worker, housekeeping, reminders, scheduled
 * publishing, reconciliation, backups) is started by one registry: startJobs, given the
 * app's list (app/startup/startup.server.ts, where the app starts). A job runs in every
 * process (the mail worker: its claims are atomic) or in the first one only, which does the
 * shared duties (ADR 010); each keeps its own interval and never runs twice at once.
 */

export interface Periodic {
  /** Runs the task now (or, when it is running and `whenBusy` is "again", once more after). */
  runNow: () => void;
  stop: () => void;
}

/**
 * Runs `task` now (or, with `atStart: false`, first after one interval), then every
 * `intervalMs`, never two runs at once: a run asked while one is under way is skipped, or
 * with `whenBusy: "again"` made once more when it ends. A failure is logged with `failure`
 * and the next run still comes. The timer does not keep the process alive.
 */
export function createPeriodic({
  task,
  intervalMs,
  failure,
  atStart = true,
  whenBusy = "skip",
}: {
  task: () => Promise<unknown>;
  intervalMs: number;
  failure: string;
  atStart?: boolean;
  whenBusy?: "skip" | "again";
}): Periodic {
  let running = false;
  let again = false;
  const run = async () => {
    if (running) {
      if (whenBusy === "again") again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        await task();
      } while (again);
    } catch (error) {
      console.error(failure, error);
    } finally {
      running = false;
    }
  };
  if (atStart) void run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return { runNow: () => void run(), stop: () => clearInterval(timer) };
}

/** createPeriodic for a job that is never asked to run now; returns the function that stops it. */
export function startPeriodic(options: Parameters<typeof createPeriodic>[0]): () => void {
  return createPeriodic(options).stop;
}

export interface Job {
  /** Said in the logs and the tests. */
  name: string;
  /** "every-process": each server process runs it; "first-process": only the first. */
  runsIn: "every-process" | "first-process";
  /** Starts the job; returns the function that stops it. */
  start: () => () => void;
}

/** Starts, in list order, the jobs this process runs; returns the function that stops them. */
export function startJobs(jobs: readonly Job[], { firstProcess }: { firstProcess: boolean }) {
  const stops = jobs
    .filter((job) => firstProcess || job.runsIn === "every-process")
    .map((job) => job.start());
  return () => {
    for (const stop of stops) stop();
  };
}
