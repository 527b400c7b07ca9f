import "react-router";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { getEnv, getFormSecret } from "~/core/env.server";
import { stampingNonces } from "~/utils/form-stamp.server";
import type { AppLoadContext } from "react-router";
import { logServerError } from "./request-guards";
import { clientIp } from "./security";
import { uploadsHandler } from "./uploads";

// Bundled with the React Router build (vite.config.ts), so it shares one module graph
// (one database handle) with the loaders and actions.
export { prepareApp, startServerJobs } from "~/startup/startup.server";
export { listenForSessionChanges } from "~/domains/trials/trial-notices.server";
export { getDb } from "~/db/client.server";
export { createContentVersionReader } from "~/db/content-version.server";
export { trackTablesRead } from "~/db/tables-read.server";

/** Every answer's CSP nonce is a signed stamp of its time (app/utils/form-stamp.server.ts). */
export function createNonceSource(): () => string {
  return stampingNonces(getFormSecret());
}

export const app = express.Router();

app.use("/uploads", uploadsHandler());

app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    // The typing of this context lives in app/utils/load-context.ts.
    getLoadContext: (req, res): AppLoadContext => ({
      clientIp: clientIp(req, { trustProxy: getEnv().trustProxy }),
      cspNonce: typeof res.locals.cspNonce === "string" ? res.locals.cspNonce : undefined,
      requestId: typeof res.locals.requestId === "string" ? res.locals.requestId : undefined,
      reportError: (error) => {
        logServerError({
          id: res.locals.requestId,
          method: req.method,
          path: req.originalUrl,
          error,
        });
        res.locals.errorLogged = true;
      },
    }),
  }),
);
