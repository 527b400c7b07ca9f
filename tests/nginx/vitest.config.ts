import path from "node:path";
import { defineConfig } from "vitest/config";
import base from "../../vitest.config";

/*
 * The test behind nginx alone (tests/nginx/behind-nginx.test.ts), run by .ci/run once the
 * build exists and nginx is installed; the normal `npx vitest run` has neither and leaves
 * it out. Same set-up as every test file: a fresh migrated database.
 */
export default defineConfig({
  ...base,
  root: path.resolve(import.meta.dirname, "../.."),
  test: {
    ...base.test,
    include: ["tests/nginx/**/*.test.ts"],
    testTimeout: 60_000,
  },
});
