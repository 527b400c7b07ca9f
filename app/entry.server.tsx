// React Router's default Node entry (node_modules/@react-router/dev/dist/config/defaults/
// entry.server.node.tsx), plus the CSP nonce made by server/security.ts: React's and React
// Router's inline scripts carry it, and NonceContext hands it to root.tsx.
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { seeOwnWrites } from "~/db/content-version.server";
import { NonceContext } from "~/utils/nonce";
import { RequestIdContext } from "~/utils/request-id";

export const streamTimeout = 5_000;

/** An error thrown by a loader, an action or the render: one line in the log, with its id. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // A visitor who went away, or an answer such as a 404 or 405, is not an error of ours.
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  if (context?.reportError) context.reportError(error);
  else console.error(error);
};

/**
 * NOTE: React Router answers 405 to a form posted to a page without an action, with a
 * message naming the route's internal id: a short text says as much without it.
 */
function methodNotAllowed(): Response {
  return new Response("Méthode non autorisée.\n", {
    status: 405,
    headers: { "Content-Type": "text/plain; charset=utf-8", Allow: "GET, HEAD" },
  });
}

/**
 * A data request: the back office's loaders and its saves (fetchers). A save is answered
 * once this process has heard of the content version it made (PostgreSQL; ADR 004).
 */
export async function handleDataRequest(
  response: Response,
  { request }: { request: Request },
): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") await seeOwnWrites();
  return response.status === 405 ? methodNotAllowed() : response;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  if (responseStatusCode === 405) return methodNotAllowed();
  const nonce = loadContext?.cspNonce || undefined;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");

    // Bots and SPA mode wait for all content before the first byte.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    // Abort after streamTimeout, leaving time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce ?? ""}>
        <RequestIdContext.Provider value={loadContext?.requestId ?? ""}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </RequestIdContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors of the shell are logged by React Router itself (handleError).
          if (shellRendered) handleError(error, { request, params: {}, context: loadContext });
        },
      },
    );
  });
}
