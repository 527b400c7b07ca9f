/*
 * `npm run bench -- --history`: the history table's size alone (section 7 of
 * scripts/bench.ts), in process on a throwaway database; no server.
 */
import { historySize } from "./bench/history-size";
import { runBench } from "./bench/clients";
import { out } from "./bench/report";

async function main() {
  out("# npm run bench -- --history");
  await historySize();
}

runBench(main);
