// The resident memory of each server process once idle, as scripts/bench.sh recorded it.
import fs from "node:fs";
import { MEMORY_FILE } from "./environment";
import { out } from "./report";

interface MemoryRow {
  moment: string;
  pid: number;
  role: string;
  mb: number;
}

/** The resident memory bench.sh recorded once each server was idle. */
export function memoryAtRest(): MemoryRow[] {
  const rows = fs
    .readFileSync(MEMORY_FILE, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [moment, pid, role, kb] = line.split("\t");
      return { moment: moment!, pid: Number(pid), role: role!, mb: Number(kb) / 1024 };
    });
  out();
  out(
    `## 1c. Mémoire résidente au repos (VmRSS, ${process.env.BENCH_IDLE_SECONDS || 15} s après le démarrage)`,
  );
  out();
  out("| moment | processus | PID | Mo |");
  out("| --- | --- | ---: | ---: |");
  for (const row of rows) {
    out(`| ${row.moment} | ${row.role} | ${row.pid} | ${row.mb.toFixed(0)} |`);
  }
  return rows;
}
