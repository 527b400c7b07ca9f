import { afterAll, beforeAll } from "vitest";
import { setDb } from "~/db/client.server";
import { createTestDatabase } from "./db";

// Every test file runs the app's own code on a real, freshly migrated database.
let cleanup: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const test = await createTestDatabase();
  process.env.DATA_DIR = test.dataDir;
  setDb(test.db);
  cleanup = test.cleanup;
});

afterAll(async () => {
  setDb(undefined);
  await cleanup?.();
});
