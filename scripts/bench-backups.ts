/*
 * `npm run bench -- --backups`: the backup and restore section alone (section 8 of
 * scripts/bench.ts), for a quick check while the backup code changes. No server is started.
 */
import os from "node:os";
import { backups } from "./bench/backups";
import { runBench } from "./bench/clients";
import { out, outStart } from "./bench/report";

async function main() {
  out("# npm run bench -- --backups");
  out();
  outStart();
  const budgets = await backups(process.env.BENCH_TMP ?? os.tmpdir());
  out();
  out("## Budgets (../shared/DESIGN.md)");
  out();
  for (const line of budgets) out(line);
}

runBench(main);
