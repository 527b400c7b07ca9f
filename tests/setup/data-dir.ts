import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

// Every test file writes its files (uploads, outbox, secrets, the SQLite database) in a
// temporary DATA_DIR of its own, removed after it.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "club-test-"));
process.env.DATA_DIR = dataDir;

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
