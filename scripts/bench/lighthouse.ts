// Lighthouse's four scores on the public pages, as a phone.
import fs from "node:fs";
import path from "node:path";
import { run } from "./clients";
import { CHROMIUM_FLAGS } from "../../tests/chromium";
import { CACHED, TMP } from "./environment";
import { ms, out } from "./report";

export const LIGHTHOUSE_PAGES = [
  "/",
  "/planning",
  "/blog",
  "/disciplines",
  "/contact",
  "/adhesion",
];

export async function lighthouse() {
  out();
  out("## 3. Lighthouse 12, mobile (réglages par défaut : Moto G Power, 4G lente simulée, CPU ×4)");
  out();
  out("| page | performance | accessibilité | bonnes pratiques | SEO | LCP |");
  out("| --- | ---: | ---: | ---: | ---: | ---: |");
  const scores: number[] = [];
  for (const page of LIGHTHOUSE_PAGES) {
    const report = path.join(TMP, `lighthouse-${page.replace(/\W/g, "_")}.json`);
    await run(
      path.resolve("node_modules/.bin/lighthouse"),
      [
        `${CACHED}${page}`,
        "--output=json",
        `--output-path=${report}`,
        "--only-categories=performance,accessibility,best-practices,seo",
        `--chrome-flags=${["--headless=new", ...CHROMIUM_FLAGS].join(" ")}`,
        "--max-wait-for-load=30000",
        "--quiet",
      ],
      150_000,
    ).catch((error: Error) => out(`Lighthouse ${page} : ${error.message.split("\n")[0]}`));
    if (!fs.existsSync(report)) continue;
    const result = JSON.parse(fs.readFileSync(report, "utf8"));
    const score = (id: string) => Math.round((result.categories[id]?.score ?? 0) * 100);
    const ids = ["performance", "accessibility", "best-practices", "seo"];
    scores.push(...ids.map(score));
    const lcp = result.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN;
    out(`| \`${page}\` | ${ids.map(score).join(" | ")} | ${ms(lcp)} |`);
    const misses: string[] = [];
    for (const category of Object.values(result.categories) as {
      id: string;
      auditRefs: { id: string; weight: number }[];
    }[]) {
      for (const ref of category.auditRefs) {
        const audit = result.audits[ref.id];
        if (ref.weight > 0 && audit?.score !== null && audit?.score < 1) {
          misses.push(`${ref.id} ${audit.displayValue ?? audit.score}`);
        }
      }
    }
    if (misses.length) out(`|  | à gagner : ${misses.join(", ")} | | | | |`);
  }
  return scores;
}
