// `npm run build`, and the build `npm start` runs when the sources are newer than it:
// 1. the app (React Router and Vite) into BUILD_DIR/client and BUILD_DIR/server/index.js;
// 2. the server (server/*.ts, typed like the app) bundled by esbuild into
//    BUILD_DIR/server/main.js, plain JavaScript that imports only installed packages;
// 3. the seed's pictures drawn and encoded into BUILD_DIR/seed-pictures, which a fresh
//    install's first start copies (app/startup/prepare-seed-pictures.server.ts);
// 4. a brotli and a gzip copy of each text asset (scripts/precompress.js).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { precompressBuild } from "./precompress.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const BUILD_DIR = path.resolve(root, process.env.BUILD_DIR || "build");
/** The server's entry in the build: what `npm start` runs. */
export const SERVER_MAIN = path.join(BUILD_DIR, "server/main.js");
const SOURCES = [
  "app",
  "server",
  "public",
  "package.json",
  "vite.config.ts",
  "react-router.config.ts",
];

/**
 * Newest modification time under the given paths (files and folders, recursively).
 * @param {string[]} paths
 * @returns {number}
 */
function newestMtime(paths) {
  let newest = 0;
  for (const p of paths) {
    if (!fs.existsSync(p)) continue;
    const stat = fs.statSync(p);
    newest = Math.max(newest, stat.mtimeMs);
    if (stat.isDirectory()) {
      newest = Math.max(newest, newestMtime(fs.readdirSync(p).map((name) => path.join(p, name))));
    }
  }
  return newest;
}

/** True when there is no build, or a source changed after it. */
export function isBuildStale() {
  const builtAt = fs.existsSync(SERVER_MAIN) ? fs.statSync(SERVER_MAIN).mtimeMs : 0;
  return builtAt <= newestMtime(SOURCES.map((source) => path.join(root, source)));
}

export async function build() {
  const app = spawnSync(path.join(root, "node_modules/.bin/react-router"), ["build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, BUILD_DIR },
  });
  if (app.status !== 0)
    throw new Error(`La construction de l'application a échoué (${app.status}).`);
  // Imported here: esbuild is needed to build, never to serve.
  const esbuild = await import("esbuild");
  /** @param {string} entry @param {string} outfile */
  const bundle = (entry, outfile) =>
    esbuild.build({
      entryPoints: [path.join(root, entry)],
      outfile,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      packages: "external",
      logLevel: "warning",
    });
  await bundle("server/index.ts", SERVER_MAIN);
  const prepare = path.join(BUILD_DIR, "server/prepare-seed-pictures.js");
  await bundle("app/startup/prepare-seed-pictures.server.ts", prepare);
  const { prepareSeedPictures } = await import(pathToFileURL(prepare).href);
  await prepareSeedPictures(path.join(BUILD_DIR, "seed-pictures"));
  precompressBuild(BUILD_DIR);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    await build();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
