import fs from "node:fs";
import { expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { getEnv } from "~/core/env.server";
import { prepareApp } from "./startup.server";

// The session cookie holds a random id checked against the table (docs/decisions/003):
// nothing is signed, so no secret is generated or documented.
it("prepares the app without generating a session secret", { timeout: 60_000 }, async () => {
  await prepareApp(getDb());
  expect(fs.readdirSync(getEnv().dataDir)).not.toContain("session-secret");
});
