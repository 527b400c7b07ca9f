/*
 * Who is signed in, what they may do, and the login itself. Every loader and action under
 * /admin calls requireCapability (or requireUser, for what every volunteer may see) itself:
 * a parent layout's loader protects nothing, since React Router runs the loaders of a
 * route without asking its parents (app/routes/admin/guard.test.ts checks every admin
 * module, app/routes/admin/roles.test.ts every module against every role).
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
} from "~/domains/volunteers/login-attempt.server";
import {
  createSession,
  deleteExpiredSessions,
  deleteSession,
  getActiveSession,
  type Session,
  type SessionPending,
} from "~/domains/volunteers/sessions.server";
import { logActivity } from "~/domains/history/index.server";
import { type Actor } from "~/domains/history";
import { dropUnreadableFactor, verifySecondFactor } from "~/domains/volunteers/two-factor.server";
import {
  getUserByIdentifier,
  verifyLogin,
  type VerifiedUser,
} from "~/domains/volunteers/user.server";
import { inTransaction } from "~/db/client.server";
import { can, requiresTwoFactor, type Capability } from "./capabilities";
import { getEnv } from "~/core/env.server";
import { readSessionId } from "./session.server";

export const LOGIN_PATH = "/admin/login";
/** The answer to a throttled address (HTTP 429), whatever the username. */
export const TOO_MANY_ATTEMPTS_MESSAGE =
  "Trop de tentatives de connexion. Réessayez dans 15 minutes.";
export const DEFAULT_ADMIN_PATH = "/admin/dashboard";
/** Where a session awaiting its second factor is sent (ADR 018). */
export const SECOND_FACTOR_PATH = "/admin/login/code";
/** Mon compte, where a role that requires a second factor enrols it. */
export const ACCOUNT_PATH = "/admin/settings/account";
/** Mon compte's query when a recovery code stood in for a factor that could not be opened. */
export const ENROL_AGAIN_PARAM = "reactiver";
export const FORBIDDEN_MESSAGE = "Accès refusé : votre rôle ne permet pas cette action.";

/** The signed-in volunteer's session (full or pending), or null. */
export async function getUser(request: Request): Promise<Session | null> {
  const id = readSessionId(request);
  return id ? getActiveSession({ id }) : null;
}

function isPageRequest(request: Request): boolean {
  const method = request.method.toUpperCase();
  return method === "GET" || method === "HEAD";
}

function textResponse(message: string, status: number): Response {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/**
 * The signed-in volunteer's full session. Without one, a page (GET) is sent to the login
 * page, which brings the visitor back afterwards; any other method answers 401 untouched.
 * A session still awaiting its second factor is sent to the code's page. One whose roles
 * require a second factor not enrolled yet reaches Mon compte only (`enrolling`: the
 * account screen's own loader and action), every other page sending it there.
 */
export async function requireUser(
  request: Request,
  { enrolling = false }: { enrolling?: boolean } = {},
): Promise<Session> {
  const session = await getUser(request);
  if (session && (session.pending === "" || (session.pending === "enrol" && enrolling))) {
    return session;
  }
  if (!isPageRequest(request)) {
    throw textResponse(
      session?.pending === "enrol"
        ? "Activez d'abord la double authentification dans Mon compte."
        : "Session expirée : reconnectez-vous.",
      session?.pending === "enrol" ? 403 : 401,
    );
  }
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  if (session?.pending === "enrol") throw redirect(ACCOUNT_PATH);
  if (session?.pending === "code") {
    throw redirect(`${SECOND_FACTOR_PATH}?${new URLSearchParams({ redirectTo: back })}`);
  }
  throw redirect(`${LOGIN_PATH}?${new URLSearchParams({ redirectTo: back })}`);
}

/** The 403 of a forbidden request: the admin layout's error page says it in French. */
export function forbidden(): Response {
  return textResponse(FORBIDDEN_MESSAGE, 403);
}

/**
 * The signed-in volunteer, when one of their roles grants this capability (any of these
 * capabilities, given several); else 403 and nothing done (app/domains/volunteers/capabilities.ts).
 */
export async function requireCapability(
  request: Request,
  capability: Capability | readonly Capability[],
): Promise<Session> {
  const session = await requireUser(request);
  const wanted: readonly Capability[] = typeof capability === "string" ? [capability] : capability;
  if (!wanted.some((one) => can(session.roles, one))) throw forbidden();
  return session;
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
  | { status: "valid"; userId: number; user: VerifiedUser }
  | { status: "invalid" }
  | { status: "throttled" };

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
  return { status: "valid", userId: user.id, user };
}

export type LoginResult =
  | { status: "success"; sessionId: string; pending: SessionPending }
  | { status: "invalid" }
  | { status: "throttled" };

/** A session awaiting its second factor is refused after this long: sign in again. */
export const SECOND_FACTOR_MAX_AGE_MS = 10 * 60 * 1000;

/** Which step follows a valid password (docs/decisions/018-two-factor-sign-in.md). */
function pendingAfterPassword(user: VerifiedUser): SessionPending {
  if (user.twoFactor) return "code";
  return requiresTwoFactor(user.roles) ? "enrol" : "";
}

/** The journal's name for a failed sign-in whose identifier names no account. */
export const UNKNOWN_IDENTIFIER = "(identifiant inconnu)";

/**
 * A login: the password checked through the throttle (checkPassword), then a new
 * session, full or awaiting its second factor (pending); the request's previous session,
 * if any, is ended. The identifier is the username or the e-mail. The journal gets
 * "login.failed" (the account when the identifier names one, else UNKNOWN_IDENTIFIER) or "login" (once the
 * session is full, with the session it opens).
 */
export async function attemptLogin({
  username,
  password,
  ip,
  userAgent = "",
  previousSessionId,
}: {
  username: string;
  password: string;
  ip: string;
  userAgent?: string;
  previousSessionId?: string | null;
}): Promise<LoginResult> {
  const check = await checkPassword({ username, password, ip });
  if (check.status === "throttled") return check;
  if (check.status === "invalid") {
    const named = await getUserByIdentifier({ identifier: username });
    // What was typed for no account is not kept: it is often a password in the wrong field.
    await logActivity(
      { userId: named?.id ?? null, username: named?.username ?? UNKNOWN_IDENTIFIER, ip },
      { action: "login.failed" },
    );
    return check;
  }
  const now = new Date();
  await deleteExpiredSessions({ now });
  if (previousSessionId) await deleteSession({ id: previousSessionId });
  const pending = pendingAfterPassword(check.user);
  const actor: Actor = { userId: check.userId, username: check.user.username, ip };
  const session = await inTransaction(async () => {
    const created = await createSession({ userId: check.userId, ip, userAgent, pending, now });
    if (pending !== "code") await logActivity(actor, { action: "login" }, { now });
    return created;
  });
  return { status: "success", sessionId: session.id, pending };
}

export type SecondFactorResult =
  /** `enrolAgain`: the factor could no longer be opened and was removed; enrol anew. */
  | { status: "success"; sessionId: string; enrolAgain: boolean }
  | { status: "invalid" }
  | { status: "throttled" }
  | { status: "unreadable" }
  | { status: "expired" };

/** Whether a session awaiting its code is past SECOND_FACTOR_MAX_AGE_MS. */
export function isSecondFactorExpired(session: Session, now: Date = new Date()): boolean {
  return now.getTime() - Date.parse(session.createdAt) > SECOND_FACTOR_MAX_AGE_MS;
}

/**
 * The second step of a sign-in: the code (or a recovery code) of a session awaiting it.
 * Success ends the pending session and opens a NEW full one (a new id, so whoever saw
 * the pending cookie holds nothing), with its "login" row. Too old: the session goes.
 * A recovery code for a factor that can no longer be opened (a restore without
 * DATA_DIR's key) removes that factor: the new session must enrol again when a role
 * requires a factor, else it is full and the person is invited to enrol again.
 */
export async function attemptSecondFactor({
  session,
  code,
  ip,
  userAgent = "",
  now = new Date(),
}: {
  session: Session;
  code: string;
  ip: string;
  userAgent?: string;
  now?: Date;
}): Promise<SecondFactorResult> {
  if (isSecondFactorExpired(session, now)) {
    await deleteSession({ id: session.id });
    return { status: "expired" };
  }
  const actor: Actor = { userId: session.userId, username: session.username, ip };
  const check = await verifySecondFactor({ userId: session.userId, code, actor, now });
  if (check.status !== "valid") return check;
  const created = await inTransaction(async () => {
    if ((await deleteSession({ id: session.id })) !== 1) return null;
    const enrolAgain = await dropUnreadableFactor({ userId: session.userId, actor, now });
    const pending = enrolAgain && requiresTwoFactor(session.roles) ? "enrol" : "";
    const opened = await createSession({
      userId: session.userId,
      ip,
      userAgent,
      pending,
      secondFactor: pending === "",
      now,
    });
    await logActivity(actor, { action: "login" }, { now });
    return { id: opened.id, enrolAgain };
  });
  // The same pending session completed twice at once: only the first opens a session.
  return created
    ? { status: "success", sessionId: created.id, enrolAgain: created.enrolAgain }
    : { status: "expired" };
}
