import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { prepareSeedPictures } from "~/startup/prepare-seed-pictures.server";
import { BUILD_DIR, isBuildStale } from "../../scripts/build.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The seed's pictures drawn and encoded once for the run (CLUB_PREPARED_PICTURES). */
    seedPictures: string;
  }
}

/*
 * Vitest's global setup: draws and encodes the seed's pictures once per run, as the build
 * does for the built server (or takes the build's, when it is newer than the sources), so
 * that the files which seed a whole site (the seed, start-up, backups and restores) copy
 * them instead of paying sharp each time (tests/setup/vitest.setup.ts). The drawing and the
 * encoding keep their test, which runs without it: prepare-seed-pictures.server.test.ts
 * compares a seed from prepared pictures with one that draws and encodes them, file by file.
 */
export default async function prepareForRun(project: TestProject) {
  // A build newer than every source has them already (npm test builds beside the checks).
  const built = path.join(BUILD_DIR, "seed-pictures");
  if (fs.existsSync(built) && !isBuildStale()) {
    project.provide("seedPictures", built);
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "club-seed-pictures-"));
  await prepareSeedPictures(dir);
  project.provide("seedPictures", dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
