// The server of `npm start` (built into BUILD_DIR/server/main.js by scripts/build.js and
// started by scripts/start.js) and of `npm run dev` (run by tsx): migrates and seeds
// (prepareApp), then listens. In production it runs one process per core
// (WEB_CONCURRENCY, docs/decisions/010-one-process-per-core.md): the first one prepares
// the database, then the others start; they share the port, the database and the content
// version that invalidates every process's page cache.
import cluster from "node:cluster";
import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import compression from "compression";
import express from "express";
import { parisDayClock } from "~/core/club-time";
import { assetsMiddleware } from "./assets";
import { createPageCache } from "./page-cache";
import { prepareInChild } from "./prepare";
import { errorHandler, newRequestId, requestGuards } from "./request-guards";
import { randomNonce, securityMiddleware } from "./security";
import { wholeCompression } from "./whole-compression";

const DEV = process.argv.includes("--dev");
// Before any Express app exists: Express in development mode puts stacks in error pages.
process.env.NODE_ENV = DEV ? "development" : "production";
const PORT = Number.parseInt(process.env.PORT ?? "", 10) || 3000;
const HOST = process.env.HOST || "0.0.0.0";
/** Built, this file sits beside the app's build (BUILD_DIR/server/index.js). */
const BUILD_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BUILD = path.join(BUILD_DIR, "server/index.js");
// The seed's pictures the build prepared: a fresh install copies them (app/startup/seed-images.server.ts).
if (!DEV) process.env.CLUB_PREPARED_PICTURES ??= path.join(BUILD_DIR, "seed-pictures");
const WORKERS = DEV
  ? 1
  : Number.parseInt(process.env.WEB_CONCURRENCY ?? "", 10) || os.availableParallelism();
/** The process that prepares the database, prints the address and sweeps the uploads. */
const FIRST = cluster.isPrimary || process.env.CLUB_FIRST_WORKER === "1";

if (cluster.isPrimary && WORKERS > 1) {
  let stopping = false;
  /** The process holding the first one's duties (prepare, print, sweep); its replacement inherits them. */
  let firstWorker = cluster.fork({ CLUB_FIRST_WORKER: "1" });
  let firstListening = false;
  // The first one alone migrates and seeds; the others start once it listens.
  firstWorker.once("listening", () => {
    firstListening = true;
    for (let i = 1; i < WORKERS; i += 1) cluster.fork({ CLUB_FIRST_WORKER: "" });
    cluster.on("exit", (worker, code, signal) => {
      if (stopping) return;
      const wasFirst = worker === firstWorker;
      console.error(`Processus ${worker.process.pid} arrêté (${signal ?? code}) : relancé.`);
      setTimeout(() => {
        const replacement = cluster.fork({ CLUB_FIRST_WORKER: wasFirst ? "1" : "" });
        if (wasFirst) firstWorker = replacement;
      }, 1000);
    });
  });
  // It failed before listening (a database that does not answer…): stop with its code.
  firstWorker.once("exit", (code) => {
    if (!stopping && !firstListening) process.exitCode = code || 1;
  });
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill("SIGTERM");
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
} else {
  await serve();
}

async function serve() {
  const app = express();
  /** Set in production: the in-memory page cache in front of Express (server/page-cache.ts). */
  let pageCache: ReturnType<typeof createPageCache> | null = null;
  /**
   * Every periodic job (SERVER_JOBS in app/startup/startup.server.ts): the mail worker in
   * every process, the shared duties in the first only.
   */
  let startServerJobs = (_options: { firstProcess: boolean }): void => undefined;
  /** Trial sessions: the notice hook's listener (every process). */
  let listenForSessionChanges = (): void => undefined;
  /** The CSP nonces, signed with the site's key once the app is loaded (createNonceSource). */
  let freshNonce = randomNonce;
  const nonce = () => freshNonce();
  app.disable("x-powered-by");
  // Behind one reverse proxy (TRUST_PROXY=1), its X-Forwarded-* headers give the client's
  // protocol and address; otherwise they could be forged by anyone and are ignored.
  if (process.env.TRUST_PROXY === "1") app.set("trust proxy", 1);
  // First of all, so static files and errors carry the headers too.
  app.use(
    securityMiddleware({ dev: DEV, publicUrl: process.env.PUBLIC_URL?.trim() || null, nonce }),
  );
  app.use(requestGuards());
  app.use(compression());
  app.use(wholeCompression);
  // Quiet logs: only server errors are worth a line, and errors log their own (with their
  // correlation id: errorHandler, or React Router's handleError in app/entry.server.tsx).
  app.use((req, res, next) => {
    res.locals.requestId = newRequestId();
    res.on("finish", () => {
      if (res.statusCode >= 500 && !res.locals.errorLogged)
        console.error(`${res.statusCode} ${req.method} ${req.originalUrl}`);
    });
    next();
  });

  if (DEV) {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ server: { middlewareMode: true } });
    app.use(viteServer.middlewares);
    const first = await viteServer.ssrLoadModule("./server/app.ts");
    await first.prepareApp();
    freshNonce = first.createNonceSource();
    startServerJobs = first.startServerJobs;
    listenForSessionChanges = first.listenForSessionChanges;
    app.use(async (req, res, next) => {
      try {
        const mod = await viteServer.ssrLoadModule("./server/app.ts");
        return mod.app(req, res, next);
      } catch (error) {
        if (error instanceof Error) viteServer.ssrFixStacktrace(error);
        next(error);
      }
    });
  } else {
    const assetsDir = path.join(BUILD_DIR, "client/assets");
    // Hashed file names: cache for a year, never revalidate; precompressed at build time.
    app.use("/assets", assetsMiddleware(assetsDir));
    app.use(express.static(path.join(BUILD_DIR, "client"), { maxAge: "1h", index: false }));
    const mod = await import(BUILD);
    if (FIRST) await prepareInChild(BUILD);
    freshNonce = mod.createNonceSource();
    startServerJobs = mod.startServerJobs;
    listenForSessionChanges = mod.listenForSessionChanges;
    // PAGE_CACHE=off renders every request (npm run bench measures both ways).
    const versions = mod.createContentVersionReader();
    pageCache = createPageCache({
      readVersion: versions.read,
      readTableVersions: versions.readTables,
      trackTablesRead: mod.trackTablesRead,
      // The asset names are hashes of their bytes: the same build gives the same id everywhere.
      buildId: createHash("sha1")
        .update(fs.readdirSync(assetsDir).sort().join("\n"))
        .digest("base64url")
        .slice(0, 8),
      enabled: process.env.PAGE_CACHE !== "off",
      nonce,
      // Dated sessions (/planning's weeks, the home banner) change at Paris midnight.
      today: parisDayClock(),
    });
    app.use(pageCache.capture);
    app.use(mod.app);
  }
  app.use(errorHandler);

  // A cached page is answered before Express; anything else goes through it.
  const server = http.createServer((req, res) => {
    const served = pageCache ? pageCache.serve(req, res) : false;
    if (served === false) app(req, res);
    else if (served !== true)
      served.then(
        (done) => done || app(req, res),
        () => app(req, res),
      );
  });
  server.listen(PORT, HOST, () => {
    listenForSessionChanges();
    if (FIRST) console.log(`Site du club prêt sur http://localhost:${PORT}`);
    startServerJobs({ firstProcess: FIRST });
  });

  function shutdown() {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 5000).unref();
  }
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}
