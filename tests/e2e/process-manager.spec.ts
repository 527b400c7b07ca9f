import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort } from "../free-port";

/*
 * The production process manager (server/index.ts) with two processes on a data folder of
 * its own: the first one's duties (preparing the database, sweeping unused uploads) pass
 * to its replacement when it dies, and SIGTERM stops them all.
 */

/** The server's worker processes, and which one holds the first one's duties. */
function workers(primary: number): { pid: number; first: boolean }[] {
  const children = fs
    .readdirSync(`/proc/${primary}/task`)
    .flatMap((task) => fs.readFileSync(`/proc/${primary}/task/${task}/children`, "utf8").split(" "))
    .filter(Boolean)
    .map(Number);
  return children.flatMap((pid) => {
    try {
      const environ = fs.readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
      return [{ pid, first: environ.includes("CLUB_FIRST_WORKER=1") }];
    } catch {
      return []; // gone meanwhile
    }
  });
}

let server: ChildProcess | undefined;
let dataDir: string | undefined;

test.afterEach(() => {
  server?.kill("SIGKILL");
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test("the first process's duties pass to its replacement, and SIGTERM stops every process", async ({
  request,
}) => {
  test.setTimeout(120_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "club-cluster-"));
  const port = await freePort();
  server = spawn(process.execPath, ["scripts/start.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      WEB_CONCURRENCY: "2",
      ADMIN_PASSWORD: "cluster-mot-de-passe",
    },
    stdio: "ignore",
  });
  const primary = server.pid!;
  await expect
    .poll(
      async () =>
        (await request.get(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.status(),
      {
        timeout: 60_000,
      },
    )
    .toBe(200);
  await expect.poll(() => workers(primary).length, { timeout: 30_000 }).toBe(2);
  const [first] = workers(primary).filter((worker) => worker.first);
  expect(first).toBeDefined();

  // An upload nothing uses, two days old: the sweep at a first process's start removes it.
  const orphan = path.join(dataDir, "uploads", "site-images", "100000000000-orphelin.webp");
  fs.mkdirSync(path.dirname(orphan), { recursive: true });
  fs.writeFileSync(orphan, "x");
  const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
  fs.utimesSync(orphan, twoDaysAgo, twoDaysAgo);

  process.kill(first!.pid, "SIGKILL");
  await expect
    .poll(() => workers(primary).some((worker) => worker.first && worker.pid !== first!.pid), {
      timeout: 30_000,
    })
    .toBe(true);
  await expect.poll(() => fs.existsSync(orphan), { timeout: 30_000 }).toBe(false);
  expect(workers(primary)).toHaveLength(2);
  expect((await request.get(`http://127.0.0.1:${port}/`)).status()).toBe(200);

  const exited = new Promise<number | null>((resolve) => server!.once("exit", resolve));
  server.kill("SIGTERM");
  expect(await exited).toBe(0);
  server = undefined;
});
