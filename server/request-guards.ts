// What every request meets before a route sees it, and the last word on every error
// (docs/decisions/007-bounded-requests-and-clean-errors.md): a method we serve, an address
// that decodes, a body of a bounded size and of a form's type. Every refusal is a short
// French text with its status; no answer carries a stack, a file path or a route id.
import { randomBytes } from "node:crypto";
import type { ErrorRequestHandler, RequestHandler, Response } from "express";

/** Methods the site answers; anything else (TRACE, CONNECT, PROPFIND…) is 405. */
const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];
const ALLOWED = new Set(ALLOWED_METHODS);

const KB = 1024;
/** The login and logout forms: a username, a password and a return path. */
export const AUTH_BODY_LIMIT = 16 * KB;
/**
 * The back office's forms. The largest one measured is a page editor's rich text (a long
 * page is ~50 KB of HTML) or the content screen's save of every block (~20 KB): 2 MB
 * leaves room for forty times that.
 */
export const ADMIN_BODY_LIMIT = 2 * 1024 * KB;
/** Public forms (contact, trial booking): a few fields and a message. */
export const PUBLIC_BODY_LIMIT = 64 * KB;
/** HelloAsso's notifications: JSON, not a form, as small as a public form. */
export const NOTIFICATION_PATH = "/api/helloasso/notification";

/** Short French texts for the statuses answered here and by the final handler. */
export const STATUS_MESSAGES = new Map([
  [400, "Requête invalide."],
  [404, "Page introuvable."],
  [405, "Méthode non autorisée."],
  [411, "La longueur de la requête est requise."],
  [413, "Requête trop volumineuse."],
  [415, "Type de contenu non pris en charge : envoyez le formulaire depuis le site."],
]);
const SERVER_ERROR_MESSAGE = "Erreur interne du serveur. Réessayez dans un instant.";

export function sendShortText(res: Response, status: number, text?: string): void {
  const message =
    text ?? STATUS_MESSAGES.get(status) ?? (status >= 500 ? SERVER_ERROR_MESSAGE : "Erreur.");
  res.status(status).type("text/plain; charset=utf-8").send(`${message}\n`);
}

/** A new correlation id: short enough to read over the phone, unique enough for a log. */
export function newRequestId(): string {
  return randomBytes(6).toString("hex");
}

/**
 * One line in the server log for a server error: its correlation id (also on the page the
 * visitor sees), the request, and the error's stack folded onto that line.
 */
export function logServerError({
  id,
  method,
  path,
  error,
}: {
  id: string;
  method: string;
  path: string;
  error: unknown;
}): void {
  const detail =
    error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  console.error(`Erreur ${id} ${method} ${path} : ${detail.replace(/\s*\n\s*/g, " | ")}`);
}

/**
 * Where a body goes decides its limit: the uploads stream with limits of their own
 * (app/storage), the login and logout are tiny, the back office is bounded, the public
 * forms are small. `path` is the request's path without a React Router `.data` suffix,
 * `type` the Content-Type header in lower case. Null: the route reads the body itself,
 * with its own limits.
 */
export function bodyLimitFor(path: string, type: string): number | null {
  if (path === "/admin/upload") return null;
  if (path === "/admin/media" && type.startsWith("multipart/form-data")) return null;
  if (path === "/admin/login" || path === "/admin/logout") return AUTH_BODY_LIMIT;
  if (path === "/admin" || path.startsWith("/admin/")) return ADMIN_BODY_LIMIT;
  return PUBLIC_BODY_LIMIT;
}

/** True for the two form encodings a browser sends (multipart with its boundary). */
export function isFormType(type: string): boolean {
  if (type.startsWith("application/x-www-form-urlencoded")) return true;
  return type.startsWith("multipart/form-data") && /;\s*boundary=[^;\s]/.test(type);
}

/**
 * An encoded control character (%00–%1F, %7F, a C1 as %C2%80–%C2%9F) in the path or the
 * query: no address of the site holds one, and once decoded it would reach a redirect's
 * header (a TypeError) or the database (PostgreSQL refuses a NUL).
 */
const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f)|%c2%[89][0-9a-f]/i;

function decodes(url: string, path: string): boolean {
  if (ENCODED_CONTROL.test(url)) return false;
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Express middleware, mounted right after the security headers: 405 for methods we do not
 * serve, 400 for an address that does not decode (or holds a control character), 411/413 for a body without a length or
 * over its limit (refused from the header, before a byte of it is read; Node's parser
 * holds a body to its Content-Length), 415 for a body that is not a form.
 */
export function requestGuards(): RequestHandler {
  return (req, res, next) => {
    if (!ALLOWED.has(req.method)) {
      res.setHeader("Allow", ALLOWED_METHODS.join(", "));
      return sendShortText(res, 405);
    }
    if (!decodes(req.originalUrl, req.path)) return sendShortText(res, 400, "Adresse invalide.");
    if (req.method === "GET" || req.method === "HEAD") return next();

    const type = String(req.headers["content-type"] ?? "").toLowerCase();
    const limit = bodyLimitFor(req.path.replace(/\.data$/, ""), type);
    if (limit === null) return next();
    const declared = req.headers["content-length"];
    const chunked = req.headers["transfer-encoding"] !== undefined;
    if (declared === undefined && chunked) return sendShortText(res, 411);
    const length = Number(declared ?? 0);
    if (length > limit) {
      // The rest of the body is not wanted: close once the answer is out.
      res.setHeader("Connection", "close");
      return sendShortText(res, 413);
    }
    const json = req.path === NOTIFICATION_PATH && type.startsWith("application/json");
    if (length > 0 && !isFormType(type) && !json) return sendShortText(res, 415);
    next();
  };
}

/**
 * Express's last error handler: the error's own 4xx status (a missing upload's 404, a
 * malformed address's 400) with a short text, or a 500 whose detail goes to the log with
 * the correlation id the visitor reads.
 */
export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, next) => {
  if (res.headersSent) return next(error);
  const { status: given, statusCode } = (error ?? {}) as { status?: unknown; statusCode?: unknown };
  const declared = Number(given ?? statusCode);
  const status =
    error instanceof URIError
      ? 400
      : Number.isInteger(declared) && declared >= 400 && declared < 600
        ? declared
        : 500;
  if (status < 500) {
    const missingFile = status === 404 && req.path.startsWith("/uploads/");
    return sendShortText(res, status, missingFile ? "Fichier introuvable." : undefined);
  }
  const id = typeof res.locals.requestId === "string" ? res.locals.requestId : newRequestId();
  logServerError({ id, method: req.method, path: req.originalUrl, error });
  res.locals.errorLogged = true;
  sendShortText(res, status, `${SERVER_ERROR_MESSAGE} Référence : ${id}.`);
};
