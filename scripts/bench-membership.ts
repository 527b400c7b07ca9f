/*
 * `npm run bench -- --membership`: the membership at scale alone (section 9 of
 * scripts/bench.ts). scripts/bench.sh starts section 6's servers only (SQLite's, and
 * PostgreSQL's with --postgres) and stops them.
 */
import { runBench } from "./bench/clients";
import { membershipBench } from "./bench/membership";
import { out, outStart } from "./bench/report";

async function main() {
  out("# npm run bench -- --membership");
  out();
  outStart();
  const budgets = await membershipBench();
  out();
  out("## Budgets (../shared/DESIGN.md)");
  out();
  for (const line of budgets) out(line);
}

runBench(main);
