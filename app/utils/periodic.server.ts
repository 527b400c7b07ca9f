/**
 * Runs `task` now (or, with `atStart: false`, first after one interval), then every `intervalMs`, never two runs at once; a failure is logged
 * with `failure` and the next run still comes. The timer does not keep the process alive.
 * Returns a function that stops it. (The first process's shared duties: ADR 010.)
 */
export function startPeriodic({
  task,
  intervalMs,
  failure,
  atStart = true,
}: {
  task: () => Promise<void>;
  intervalMs: number;
  failure: string;
  atStart?: boolean;
}): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await task();
    } catch (error) {
      console.error(failure, error);
    } finally {
      running = false;
    }
  };
  if (atStart) void run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
