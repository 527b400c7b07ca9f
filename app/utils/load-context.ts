/*
 * What server/app.ts hands every loader and action through Express `getLoadContext`.
 * Optional on purpose: tests call loaders and actions directly without a context, and
 * the code then falls back (IP "unknown", no nonce).
 */
declare module "react-router" {
  interface AppLoadContext {
    /** The client's IP: the socket's address, or X-Forwarded-For when TRUST_PROXY=1. */
    clientIp?: string;
    /** The Content-Security-Policy nonce of this response (server/security.ts). */
    cspNonce?: string;
    /** This request's correlation id: in the server log's error line and on the error page. */
    requestId?: string;
    /** Logs a server error on one line with the request and its id (server/request-guards.ts). */
    reportError?: (error: unknown) => void;
  }
}

export interface RequestContext {
  clientIp?: string;
  cspNonce?: string;
}

/** What an action's server half is handed: the request, and the load context when served. */
export interface ActionRequest {
  request: Request;
  context?: RequestContext;
}

export function getClientIp(context: RequestContext | undefined | null): string {
  return context?.clientIp || "unknown";
}
