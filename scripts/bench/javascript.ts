// The JavaScript each public page loads in Chromium, and the proof that none of it is the
// back office's.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { Browser } from "@playwright/test";
import { get } from "./clients";
import { BUILD_DIR, CACHED } from "./environment";
import { kb, out } from "./report";

const PUBLIC_PAGES = [
  "/",
  "/disciplines",
  "/entrainements",
  "/entreprise",
  "/contact",
  "/infos-pratiques",
  "/tarifs",
  "/planning",
  "/blog",
  "/inscription",
  "/adhesion",
];
/** Strings found only in the back office's libraries and screens. */
const ADMIN_SIGNATURES = ["data-sonner-toaster", "ProseMirror", "DndDescribedBy", "/admin/upload"];

function gzipSize(assetPath: string): { gzip: number; brotli: number } {
  const file = path.join(BUILD_DIR, "client", assetPath);
  const bytes = fs.readFileSync(file);
  const gz = fs.existsSync(`${file}.gz`)
    ? fs.statSync(`${file}.gz`).size
    : zlib.gzipSync(bytes, { level: 9 }).length;
  const br = fs.existsSync(`${file}.br`)
    ? fs.statSync(`${file}.br`).size
    : zlib.brotliCompressSync(bytes).length;
  return { gzip: gz, brotli: br };
}

interface Manifest {
  entry: { module: string; imports?: string[] };
  routes: Record<string, { module: string; imports?: string[]; css?: string[] }>;
}

function adminOnlyFiles(manifest: Manifest): Set<string> {
  const isAdmin = (id: string) => /^routes\/(admin|auth)\//.test(id);
  const files = (route: { module: string; imports?: string[]; css?: string[] }) => [
    route.module,
    ...(route.imports ?? []),
    ...(route.css ?? []),
  ];
  const publicFiles = new Set(files(manifest.entry));
  const adminFiles = new Set<string>();
  for (const [id, route] of Object.entries(manifest.routes)) {
    for (const file of files(route)) (isAdmin(id) ? adminFiles : publicFiles).add(file);
  }
  return new Set([...adminFiles].filter((file) => !publicFiles.has(file)));
}

async function firstLinkTo(prefix: string, page: string): Promise<string | null> {
  const html = (await get(`${CACHED}${page}`)).body.toString("utf8");
  // A page of the site, not a feed (/blog/rss.xml).
  return html.match(new RegExp(`href="(${prefix}[^"#?.]+)"`))?.[1] ?? null;
}

export async function javascript(browser: Browser) {
  const pages = [...PUBLIC_PAGES];
  const article = await firstLinkTo("/blog/", "/blog");
  const activity = await firstLinkTo("/activite/", "/planning");
  if (article) pages.push(article);
  if (activity) pages.push(activity);
  pages.push("/page-inexistante");

  out();
  out(
    "## 2. JavaScript au premier chargement (fichiers chargés par Chromium, tailles .gz / .br servies, plus les scripts en ligne du HTML compressés seuls)",
  );
  out();
  out("| page | fichiers | scripts en ligne | gzip | brotli | code admin chargé |");
  out("| --- | ---: | ---: | ---: | ---: | --- |");
  let largest = 0;
  let adminLoaded = false;
  let adminOnly: Set<string> | null = null;
  let adminCount = 0;
  for (const page of pages) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const tab = await context.newPage();
    const scripts = new Set<string>();
    tab.on("response", (response) => {
      const url = new URL(response.url());
      if (response.request().resourceType() === "script" && url.origin === CACHED) {
        scripts.add(url.pathname);
      }
    });
    await tab.goto(`${CACHED}${page}`, { waitUntil: "networkidle", timeout: 30_000 });
    // Inline scripts count too (the public pages' site script is one): JavaScript the
    // browser runs, whatever the file it came in. JSON-LD is data, not code.
    const inline = await tab.evaluate(() =>
      Array.from(document.scripts)
        .filter(
          (script) =>
            !script.src && /^(|module|(text|application)\/javascript)$/i.test(script.type),
        )
        .map((script) => script.textContent ?? ""),
    );
    await context.close();
    if (!adminOnly) {
      // The whole route manifest of the build (pages inline only the routes they match).
      const name = fs
        .readdirSync(path.join(BUILD_DIR, "client/assets"))
        .find((file) => /^manifest-[\w-]+\.js$/.test(file));
      if (!name) throw new Error("Manifeste React Router introuvable");
      const text = fs.readFileSync(path.join(BUILD_DIR, "client/assets", name), "utf8");
      const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
      adminOnly = adminOnlyFiles(manifest as Manifest);
      adminCount = adminOnly.size;
    }
    let gzip = 0;
    let brotli = 0;
    const found: string[] = [];
    for (const script of scripts) {
      const size = gzipSize(script);
      gzip += size.gzip;
      brotli += size.brotli;
      if (adminOnly.has(script)) found.push(script);
      const text = fs.readFileSync(path.join(BUILD_DIR, "client", script), "utf8");
      for (const signature of ADMIN_SIGNATURES) {
        if (text.includes(signature)) found.push(`${script} (${signature})`);
      }
    }
    for (const [index, text] of inline.entries()) {
      const bytes = Buffer.from(text);
      gzip += zlib.gzipSync(bytes, { level: 9 }).length;
      brotli += zlib.brotliCompressSync(bytes).length;
      for (const signature of ADMIN_SIGNATURES) {
        if (text.includes(signature)) found.push(`script en ligne ${index + 1} (${signature})`);
      }
    }
    largest = Math.max(largest, gzip);
    adminLoaded ||= found.length > 0;
    out(
      `| \`${page}\` | ${scripts.size} | ${inline.length} | ${kb(gzip)} | ${kb(brotli)} | ${found.length ? found.join(", ") : "aucun"} |`,
    );
  }
  out();
  out(
    `Preuve « pas de code admin » : aucun des ${adminCount} fichiers propres aux routes admin/auth du manifeste React Router, ni aucune chaîne propre au back office (${ADMIN_SIGNATURES.join(", ")}), n'est chargé par une page publique : ${adminLoaded ? "ÉCHEC" : "vérifié"}.`,
  );

  // React 19 and React Router alone: what the back office loads before anything else, and
  // what the public pages no longer load (docs/decisions/006-public-pages-without-react.md).
  const entry = fs
    .readdirSync(path.join(BUILD_DIR, "client/assets"))
    .filter((name) => /^(entry\.client|jsx-runtime|chunk)-[\w-]+\.js$/.test(name));
  const floor = entry.reduce((sum, name) => sum + gzipSize(`/assets/${name}`).gzip, 0);
  out(
    `React 19 + React Router 7 (${entry.join(", ")}) : ${kb(floor)} gzip, chargés par le back office seulement.`,
  );
  return { largest, adminLoaded };
}
