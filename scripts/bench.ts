/*
 * The measuring half of `npm run bench` (scripts/bench.sh starts the servers and nginx and
 * stops them). Every request goes to 127.0.0.1; every run is bounded in time. Prints the
 * table that docs/performance.md keeps, with what each figure means.
 */
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { adminLists } from "./bench/admin-lists";
import { backups } from "./bench/backups";
import { BLOG_PAGE, blogRender } from "./bench/blog-render";
import { burst } from "./bench/burst";
import { runBench } from "./bench/clients";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tests/chromium";
import { TMP } from "./bench/environment";
import { heroImage } from "./bench/hero-image";
import { historySize } from "./bench/history-size";
import { javascript } from "./bench/javascript";
import { LIGHTHOUSE_PAGES, lighthouse } from "./bench/lighthouse";
import { machine } from "./bench/machine";
import { membershipBench } from "./bench/membership";
import { memoryAtRest } from "./bench/memory";
import { kb, ms, out, verdict } from "./bench/report";
import { throughput } from "./bench/throughput";

async function main() {
  out("# npm run bench");
  out();
  await machine();
  const { ratios, memory } = await throughput();
  const rafale = await burst();
  const atRest = memoryAtRest();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  });
  let js: { largest: number; adminLoaded: boolean };
  let hero: number;
  try {
    js = await javascript(browser);
    hero = await heroImage(browser);
  } finally {
    await browser.close();
  }
  const scores = await lighthouse();
  const p95 = await blogRender();

  out();
  out("## 5. Mémoire résidente du serveur (cache de pages actif)");
  out();
  out("| au repos (après mise en route) | pic sous charge | après la charge |");
  out("| ---: | ---: | ---: |");
  out(
    `| ${(memory.idle / 1024).toFixed(0)} Mo | ${(memory.peak / 1024).toFixed(0)} Mo | ${(memory.after / 1024).toFixed(0)} Mo |`,
  );

  const admin = await adminLists();
  await historySize();
  const saved = await backups(TMP);
  const membership = await membershipBench();
  out();
  out("## Budgets (../shared/DESIGN.md)");
  out();
  out(
    `- GET / en cache ≥ 1/3 du débit de nginx : ${ratios["/"]!.toFixed(2)} → ${verdict(ratios["/"]! >= 1 / 3)}`,
  );
  out(
    `- JavaScript public ≤ 110 KB gzip : page la plus lourde ${kb(js.largest)} → ${verdict(js.largest <= 110 * 1024)}`,
  );
  out(`- Aucun code admin sur les pages publiques → ${verdict(!js.adminLoaded)}`);
  out(
    `- Lighthouse 100 partout (${LIGHTHOUSE_PAGES.length} pages × 4) : ${scores.filter((s) => s === 100).length}/${LIGHTHOUSE_PAGES.length * 4} → ${verdict(scores.length === LIGHTHOUSE_PAGES.length * 4 && scores.every((s) => s === 100))}`,
  );
  out(
    `- Image du bandeau à 412 px < 60 KB : ${kb(hero)} → ${verdict(hero > 0 && hero < 60 * 1024)}`,
  );
  out(`- /blog?page=${BLOG_PAGE} p95 < 25 ms : ${ms(p95)} → ${verdict(p95 < 25)}`);
  const [sqlite, ...others] = rafale;
  for (const { target, quiet, busy, saves } of rafale) {
    const on = rafale.length > 1 ? ` (${target.name})` : "";
    out(
      `- Rafale${on} avec un enregistrement par seconde, p99 ≤ 100 ms : ${ms(busy.p99)} → ${verdict(busy.p99 <= 100)}`,
    );
    out(
      `- Rafale${on} avec enregistrements sans erreur : ${busy.errors || "0"} → ${verdict(!busy.errors && saves.failed === 0)}`,
    );
    out(
      `- Rafale${on} avec enregistrements ≥ 1/2 du débit sans : ${(busy.rps / quiet.rps).toFixed(2)} → ${verdict(busy.rps >= quiet.rps / 2)}`,
    );
    out(
      `- Rafale${on} sans enregistrement, p99 ≤ 50 ms : ${ms(quiet.p99)} → ${verdict(quiet.p99 <= 50)}`,
    );
    out(
      `- Enregistrements${on} pendant la rafale, p99 ≤ 300 ms : ${ms(saves.p99)} → ${verdict(saves.p99 <= 300)}`,
    );
    out(
      `- Après chaque enregistrement${on}, la page suivante le montre : ${saves.stale} sans → ${verdict(saves.stale === 0)}`,
    );
  }
  for (const { target, quiet, busy } of others) {
    const ratios = [quiet.rps / sqlite!.quiet.rps, busy.rps / sqlite!.busy.rps];
    out(
      `- ${target.name} ≥ 80 % du débit de SQLite (sans / avec enregistrements) : ${ratios.map((r) => r.toFixed(2)).join(" / ")} → ${verdict(ratios.every((r) => r >= 0.8))}`,
    );
  }
  const heaviest = Math.max(...atRest.map((row) => row.mb));
  out(
    `- Chaque processus ≤ 200 Mo au repos (premier démarrage compris) : ${heaviest.toFixed(0)} Mo au plus → ${verdict(heaviest <= 200)}`,
  );
  const single = atRest
    .filter((r) => r.moment.includes("WEB_CONCURRENCY=1"))
    .reduce((sum, r) => sum + r.mb, 0);
  out(
    `- Un seul processus (WEB_CONCURRENCY=1) ≤ 200 Mo en tout : ${single.toFixed(0)} Mo → ${verdict(single > 0 && single <= 200)}`,
  );
  for (const line of [...admin, ...saved, ...membership]) out(line);
  out();
  out(
    `Charge moyenne à la fin : ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(", ")}`,
  );
}

runBench(main, path.join(TMP, "bench.md"));
