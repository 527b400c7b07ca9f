/*
 * `npm run bench -- --backups`: the backup and restore section alone (section 8 of
 * scripts/bench.ts), for a quick check while the backup code changes. No server is started.
 */
import os from "node:os";
import { backups } from "./bench/backups";
import { runBench } from "./bench/clients";
import { out } from "./bench/report";

async function main() {
  out("# npm run bench -- --backups");
  out();
  out(`Date : ${new Date().toISOString()}`);
  out(
    `Charge moyenne (1, 5, 15 min) au début : ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(", ")} ; ${os.cpus().length} cœurs`,
  );
  const budgets = await backups(process.env.BENCH_TMP ?? os.tmpdir());
  out();
  out("## Budgets (../shared/DESIGN.md, issue 33)");
  out();
  for (const line of budgets) out(line);
}

runBench(main);
