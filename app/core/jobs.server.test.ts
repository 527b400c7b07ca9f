import { describe, expect, it, vi } from "vitest";
import { createPeriodic, startJobs, type Job } from "./jobs.server";

describe("startJobs", () => {
  const started: string[] = [];
  const stopped: string[] = [];
  const job = (name: string, runsIn: Job["runsIn"]): Job => ({
    name,
    runsIn,
    start: () => {
      started.push(name);
      return () => stopped.push(name);
    },
  });
  const jobs = [
    job("mail", "every-process"),
    job("sweep", "first-process"),
    job("backup", "first-process"),
  ];

  it("starts every job in the first process, the every-process ones elsewhere, and stops them", () => {
    started.length = 0;
    stopped.length = 0;
    const stopFirst = startJobs(jobs, { firstProcess: true });
    expect(started).toEqual(["mail", "sweep", "backup"]);
    const stopOther = startJobs(jobs, { firstProcess: false });
    expect(started).toEqual(["mail", "sweep", "backup", "mail"]);
    stopFirst();
    stopOther();
    expect(stopped).toEqual(["mail", "sweep", "backup", "mail"]);
  });
});

describe("createPeriodic", () => {
  function gate() {
    let open = () => {};
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { opened, open };
  }

  it("skips a run asked while one is under way, or makes one more with whenBusy: again", async () => {
    for (const [whenBusy, runs] of [
      ["skip", 1],
      ["again", 2],
    ] as const) {
      const first = gate();
      let count = 0;
      const done = vi.fn();
      const periodic = createPeriodic({
        intervalMs: 3_600_000,
        failure: "test",
        whenBusy,
        task: async () => {
          count += 1;
          if (count === 1) await first.opened;
          done();
        },
      });
      periodic.runNow();
      periodic.runNow();
      first.open();
      await vi.waitFor(() => expect(done).toHaveBeenCalledTimes(runs));
      periodic.stop();
      expect(count).toBe(runs);
    }
  });

  it("logs a failure and keeps its timer", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const task = vi.fn().mockRejectedValueOnce(new Error("boom")).mockResolvedValue(undefined);
    const periodic = createPeriodic({ intervalMs: 3_600_000, failure: "Tâche impossible", task });
    await vi.waitFor(() =>
      expect(error).toHaveBeenCalledWith("Tâche impossible", expect.any(Error)),
    );
    periodic.runNow();
    await vi.waitFor(() => expect(task).toHaveBeenCalledTimes(2));
    periodic.stop();
    error.mockRestore();
  });
});
