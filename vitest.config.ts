import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: [
      "app/**/*.test.ts",
      "server/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tests/helloasso/**/*.test.ts",
      "lint/**/*.test.ts",
    ],
    environment: "node",
    setupFiles: ["./tests/setup/vitest.setup.ts"],
    // Each test file gets its own database (see tests/setup/db.ts); PostgreSQL
    // runs share one server, so files run one at a time there.
    fileParallelism: !process.env.TEST_DATABASE_URL,
    testTimeout: 20_000,
  },
});
