import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, vi } from "vitest";
import { rereadEnv } from "~/core/env.server";

// The test files of a worker run one after the other in one process, sharing its modules
// (isolate: false, vitest.config.ts). Each starts from the environment the worker started
// with, whatever the file before it set, and the settings are read from it again.
const first = ((globalThis as { clubTestEnv?: NodeJS.ProcessEnv }).clubTestEnv ??= {
  ...process.env,
});
for (const name of Object.keys(process.env)) if (!(name in first)) delete process.env[name];
Object.assign(process.env, first);

// Every test file writes its files (uploads, outbox, secrets, the SQLite database) in a
// temporary DATA_DIR of its own, removed after it.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "club-test-"));
process.env.DATA_DIR = dataDir;
rereadEnv();

afterAll(() => {
  // Nothing a file stubbed or spied on reaches the next one.
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
