import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";
import { databaseTestFiles, testFilesUnder } from "./tests/setup/database-files";

const root = path.dirname(fileURLToPath(import.meta.url));
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const files = testFilesUnder(root, ["app", "server", "scripts", "tests/helloasso", "lint"]);
const reachDatabase = databaseTestFiles(root, files);
const pure = files.filter((file) => !reachDatabase.has(file));

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    environment: "node",
    // Limits far above a quiet machine's times: CI may share its two cores with another heavy
    // process, and a test must not fail for that (the longest quiet test takes about 10 s,
    // the seed's hooks about 25 s).
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Vitest's default is one worker less than the cores: one file at a time on CI's 2 cores,
    // while most of a file's time is spent waiting (scrypt, sharp, servers it starts).
    maxWorkers: availableParallelism(),
    // A worker runs its files one after the other in one process that imports the app's
    // modules once: a fresh process per file spent about 0.5 s a file importing them again.
    // Each file still starts from the worker's first environment, on its own DATA_DIR and
    // database, with nothing left stubbed (tests/setup/data-dir.ts).
    isolate: false,
    // The sign-in floor is for people (app/domains/volunteers/steady-timing.server.ts), and
    // scrypt's full cost for stored passwords (app/domains/volunteers/password.server.ts): a
    // test checks each real value, the others need not pay them.
    env: { LOGIN_FLOOR_MS: "0", TEST_PASSWORD_COST: "12" },
    projects: [
      // Pure tests load no database; on PostgreSQL they are not run again.
      ...(onPostgres
        ? []
        : [
            {
              extends: true as const,
              test: { name: "pure", include: pure, setupFiles: ["./tests/setup/data-dir.ts"] },
            },
          ]),
      // Each file copies a database migrated once (tests/setup/template-database.ts):
      // a file of its own on SQLite, a database of its own on PostgreSQL, so files run in
      // parallel on both.
      {
        extends: true as const,
        test: {
          name: "database",
          include: [...reachDatabase],
          globalSetup: [
            path.join(root, "tests/setup/template-database.ts"),
            path.join(root, "tests/setup/seed-pictures.ts"),
          ],
          setupFiles: ["./tests/setup/data-dir.ts", "./tests/setup/vitest.setup.ts"],
        },
      },
    ],
  },
});
