/*
 * `npm run bench -- --history`: the history table's size alone (section 7 of
 * scripts/bench.ts), in process on a throwaway database; no server.
 */
import { historySize } from "./bench/history-size";
import { runBench } from "./bench/clients";
import { out, outStart } from "./bench/report";

async function main() {
  out("# npm run bench -- --history");
  out();
  outStart();
  await historySize();
}

runBench(main);
