import path from "node:path";
import { defineConfig } from "vitest/config";
import base from "../../vitest.config";

const root = path.resolve(import.meta.dirname, "../..");
// The base config's projects would bring every test file back in: this run has one file.
const { projects: _everyFile, ...shared } = base.test!;

/*
 * The test behind nginx alone (tests/nginx/behind-nginx.test.ts), run by .ci/run once the
 * build exists and nginx is installed; the normal `npx vitest run` has neither and leaves
 * it out. Same set-up as every file that reaches the database: a copy of the migrated template.
 */
export default defineConfig({
  ...base,
  root,
  test: {
    ...shared,
    include: ["tests/nginx/**/*.test.ts"],
    globalSetup: [path.join(root, "tests/setup/template-database.ts")],
    setupFiles: ["./tests/setup/data-dir.ts", "./tests/setup/vitest.setup.ts"],
  },
});
