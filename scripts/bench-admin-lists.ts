/*
 * `npm run bench -- --admin-lists`: the back office at scale alone (section 6 of
 * scripts/bench.ts), for a quick check while the admin lists change. scripts/bench.sh starts
 * its servers only (SQLite's two, PostgreSQL's with --postgres) and stops them.
 */
import { adminLists } from "./bench/admin-lists";
import { runBench } from "./bench/clients";
import { out, outStart } from "./bench/report";

async function main() {
  out("# npm run bench -- --admin-lists");
  out();
  outStart();
  const budgets = await adminLists();
  out();
  out("## Budgets (../shared/DESIGN.md)");
  out();
  for (const line of budgets) out(line);
}

runBench(main);
