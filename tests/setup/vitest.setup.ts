import { afterAll, inject } from "vitest";
import { setDb } from "~/db/client.server";
import { forgetHelloAssoTokens } from "~/domains/membership/helloasso/api.server";
import { createTestDatabase } from "./db";

// Every test file that reaches the database runs the app's own code on a migrated database
// of its own, copied before the file is imported: TEST_DATABASE_URL is then its address,
// for the tests that open it themselves.
const test = await createTestDatabase(process.env.DATA_DIR!);
if (test.databaseUrl) process.env.TEST_DATABASE_URL = test.databaseUrl;
setDb(test.db);
// A token kept for a fake HelloAsso of the file before, whose port this file's may reuse.
forgetHelloAssoTokens();
// The seed copies the pictures prepared once for the run (tests/setup/seed-pictures.ts).
// A run without that set-up (tests/nginx: the built server uses the build's) leaves it unset.
const seedPictures = inject("seedPictures");
if (seedPictures) process.env.CLUB_PREPARED_PICTURES = seedPictures;

afterAll(async () => {
  setDb(undefined);
  await test.cleanup();
});
