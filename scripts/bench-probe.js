// Loaded by npm run bench into every server process (node --import): measures the event
// loop's delay (perf_hooks.monitorEventLoopDelay) and writes it with the resident memory to
// BENCH_PROBE_DIR/<pid>.json twice a second. SIGUSR2 starts a new measurement, so the bench
// reads the delay of one scenario alone. Nothing of it runs outside the bench.
import fs from "node:fs";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";

const dir = process.env.BENCH_PROBE_DIR;
if (dir) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const file = path.join(dir, `${process.pid}.json`);
  const ms = (/** @type {number} */ ns) => Math.round(ns / 1e4) / 100;
  const write = () => {
    const figures = {
      pid: process.pid,
      p50: ms(histogram.percentile(50)),
      p99: ms(histogram.percentile(99)),
      max: ms(histogram.max),
      rss: process.memoryUsage.rss(),
      at: Date.now(),
    };
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(figures));
    fs.renameSync(`${file}.tmp`, file);
  };
  setInterval(write, 500).unref();
  process.on("SIGUSR2", () => {
    histogram.reset();
    write();
  });
}
