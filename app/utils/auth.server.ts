/*
 * Who is signed in, and the login itself. Every loader and action under /admin calls
 * requireAdmin(request) itself: a parent layout's loader protects nothing, since React
 * Router runs the loaders of a route without asking its parents
 * (app/routes/admin/guard.test.ts checks every admin module).
 */
import { redirect } from "react-router";
import {
  LOGIN_MAX_FAILURES,
  clearUsernameFailures,
  countRecentFailures,
  deleteLoginAttempt,
  deleteOldLoginAttempts,
  markLoginAttemptSucceeded,
  recordLoginAttempt,
  usernameDelayMs,
} from "~/models/login-attempt.server";
import {
  createSession,
  deleteExpiredSessions,
  deleteSession,
  getActiveSession,
  type Session,
} from "~/models/session.server";
import { verifyLogin } from "~/models/user.server";
import { getEnv } from "./env.server";
import { readSessionId } from "./session.server";

export const LOGIN_PATH = "/admin/login";
/** The answer to a throttled address (HTTP 429), whatever the username. */
export const TOO_MANY_ATTEMPTS_MESSAGE =
  "Trop de tentatives de connexion. Réessayez dans 15 minutes.";
export const DEFAULT_ADMIN_PATH = "/admin/dashboard";

/** The signed-in admin's session, or null. */
export async function getAdmin(request: Request): Promise<Session | null> {
  const id = readSessionId(request);
  return id ? getActiveSession({ id }) : null;
}

/**
 * The signed-in admin's session. Without one, a page (GET) is sent to the login page,
 * which brings the visitor back afterwards; any other method answers 401 untouched.
 */
export async function requireAdmin(request: Request): Promise<Session> {
  const session = await getAdmin(request);
  if (session) return session;
  const method = request.method.toUpperCase();
  if (method === "GET" || method === "HEAD") {
    const url = new URL(request.url);
    const back = `${url.pathname}${url.search}`;
    throw redirect(`${LOGIN_PATH}?${new URLSearchParams({ redirectTo: back })}`);
  }
  throw new Response("Session expirée : reconnectez-vous.", {
    status: 401,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/**
 * Where to go after login: a path of this site's back office only. Anything else
 * ("https://evil.example", "//evil.example", "/\\evil.example", "/blog") falls back to
 * the dashboard.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined): string {
  if (typeof to !== "string") return DEFAULT_ADMIN_PATH;
  if (!to.startsWith("/admin") || to.startsWith("//") || to.includes("\\")) {
    return DEFAULT_ADMIN_PATH;
  }
  // NOTE: browsers drop tabs and newlines inside URLs; refuse every control character.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(to)) return DEFAULT_ADMIN_PATH;
  const base = "http://club.invalid";
  const resolved = new URL(to, base);
  if (resolved.origin !== base || !/^\/admin(\/|$)/.test(resolved.pathname)) {
    return DEFAULT_ADMIN_PATH;
  }
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

export type PasswordCheck =
  { status: "valid"; userId: number } | { status: "invalid" } | { status: "throttled" };

/**
 * Checks a user's password through the login throttle (docs/decisions/008-login-throttle.md):
 * the login form and the password change's current password both come here.
 * - This address failed too often, for this username or for any: "throttled" (429), and
 *   the password is not even checked, so known and unknown usernames answer alike.
 * - The username failed often from anywhere: the check waits (usernameDelayMs, at most
 *   10 s) but goes on, so an attacker elsewhere slows its owner down and never locks them out.
 * A valid password clears the username's failures.
 *
 * NOTE: the attempt is recorded as a failure *before* the password check and counted
 * with those before it, so a burst of parallel attempts cannot all slip under the limit
 * while the first ones are still being checked.
 */
export async function checkPassword({
  username,
  password,
  ip,
}: {
  username: string;
  password: string;
  ip: string;
}): Promise<PasswordCheck> {
  const now = new Date();
  await deleteOldLoginAttempts({ now });
  const attemptId = await recordLoginAttempt({ ip, username, succeeded: false, now });
  const failures = await countRecentFailures({ ip, username, upToId: attemptId, now });
  // This attempt is among the failures counted: more than the limit means refused.
  if (failures.byUsernameAtIp > LOGIN_MAX_FAILURES || failures.byIp > getEnv().loginIpLimit) {
    // A refused attempt checked nothing and does not push the end of the wait further.
    await deleteLoginAttempt({ id: attemptId });
    return { status: "throttled" };
  }
  const delay = usernameDelayMs(failures.byUsername);
  if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
  const user = await verifyLogin({ username, password });
  if (!user) return { status: "invalid" };
  await markLoginAttemptSucceeded({ id: attemptId });
  await clearUsernameFailures({ username });
  return { status: "valid", userId: user.id };
}

export type LoginResult =
  { status: "success"; sessionId: string } | { status: "invalid" } | { status: "throttled" };

/**
 * A login: the password checked through the throttle (checkPassword), then a new
 * session; the request's previous session, if any, is ended.
 */
export async function attemptLogin({
  username,
  password,
  ip,
  previousSessionId,
}: {
  username: string;
  password: string;
  ip: string;
  previousSessionId?: string | null;
}): Promise<LoginResult> {
  const check = await checkPassword({ username, password, ip });
  if (check.status !== "valid") return check;
  const now = new Date();
  await deleteExpiredSessions({ now });
  if (previousSessionId) await deleteSession({ id: previousSessionId });
  const session = await createSession({ userId: check.userId, now });
  return { status: "success", sessionId: session.id };
}
