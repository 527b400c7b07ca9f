// `npm start`: builds when there is no build or a source is newer (scripts/build.js),
// then runs the built server (server/index.ts, in BUILD_DIR/server/main.js). The worker
// processes it forks run this file too, and never build.
import cluster from "node:cluster";
import { pathToFileURL } from "node:url";
import { build, isBuildStale, SERVER_MAIN } from "./build.js";

if (cluster.isPrimary && isBuildStale()) {
  console.log("Construction de l'application (npm run build)…");
  try {
    await build();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
await import(pathToFileURL(SERVER_MAIN).href);
