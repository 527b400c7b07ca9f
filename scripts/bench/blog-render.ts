// The server's render of a far page of the blog with ten thousand articles, uncached.
import path from "node:path";
import Database from "better-sqlite3";
import { get } from "./clients";
import { DATA_DIR, UNCACHED } from "./environment";
import { kb, ms, out, percentile } from "./report";

const BLOG_ARTICLES = 10_000;
export const BLOG_PAGE = 500;
const BLOG_SAMPLES = 200;

export async function blogRender() {
  const db = new Database(path.join(DATA_DIR, "club.sqlite"));
  db.pragma("busy_timeout = 5000");
  const insert = db.prepare(
    `insert into blog_posts (slug, title, subtitle, excerpt, content, image_url, category, author,
       published_at, is_published, is_featured, created_at, updated_at)
     values (?, ?, '', '', ?, '', 'actualite', 'Le club', ?, 1, 0, ?, ?)`,
  );
  const paragraph =
    "Séance ouverte à tous les niveaux : échauffement, travail au sac, assauts éducatifs et retour au calme. ";
  const start = Date.parse("2020-01-01T08:00:00Z");
  db.transaction(() => {
    for (let i = 1; i <= BLOG_ARTICLES; i += 1) {
      const stamp = new Date(start + i * 3_600_000).toISOString();
      insert.run(
        `bench-article-${i}`,
        `Article de test ${i}`,
        `${paragraph.repeat(12)}\n\n${paragraph.repeat(8)}`,
        stamp,
        stamp,
        stamp,
      );
    }
  })();
  const plan = db
    .prepare(
      `explain query plan select id from blog_posts where is_published = 1
       order by is_featured desc, published_at desc, id desc limit 9 offset ${(BLOG_PAGE - 1) * 9}`,
    )
    .all() as { detail: string }[];
  db.close();

  const url = `${UNCACHED}/blog?page=${BLOG_PAGE}`;
  const first = await get(url);
  if (first.status !== 200 || !first.body.includes("Article de test")) {
    throw new Error(`/blog?page=${BLOG_PAGE} : HTTP ${first.status} sans articles`);
  }
  for (let i = 0; i < 20; i += 1) await get(url);
  const times: number[] = [];
  for (let i = 0; i < BLOG_SAMPLES; i += 1) {
    const t0 = process.hrtime.bigint();
    await get(url);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  times.sort((a, b) => a - b);
  const p50 = percentile(times, 50);
  const p95 = percentile(times, 95);
  out();
  out(
    `## 4. Rendu serveur de /blog?page=${BLOG_PAGE} avec ${BLOG_ARTICLES.toLocaleString("fr-FR")} articles publiés (sans cache, ${BLOG_SAMPLES} requêtes l'une après l'autre)`,
  );
  out();
  out("| p50 | p95 | max | octets |");
  out("| ---: | ---: | ---: | ---: |");
  out(`| ${ms(p50)} | ${ms(p95)} | ${ms(times.at(-1)!)} | ${kb(first.body.length)} |`);
  out(`Plan de la requête : ${plan.map((row) => row.detail).join(" ; ")}`);
  return p95;
}
