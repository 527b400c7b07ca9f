/*
 * Helpers for tests of loaders and actions: real Requests in, and whatever the route
 * gives back (a Response, thrown or returned, or data() or a plain object) read out alike.
 */
import { getDb } from "~/db/client.server";
import { createSession } from "~/domains/volunteers/sessions.server";
import {
  formatRoles,
  parseRoles,
  requiresTwoFactor,
  type Role,
} from "~/domains/volunteers/capabilities";
import { hashPassword } from "~/domains/volunteers/password.server";
import { SESSION_COOKIE } from "~/domains/volunteers/session.server";
import { hashSessionId } from "~/core/session-hash";

export const ORIGIN = "http://club.test";

export interface Answer {
  status: number;
  headers: Headers;
  data: unknown;
}

type RouteFunction = (args: never) => unknown;

/** Calls a loader or action and reads its answer, thrown or returned. */
export async function callRoute(
  fn: RouteFunction,
  request: Request,
  context: Record<string, unknown> | null = {},
  params: Record<string, string> = {},
): Promise<Answer> {
  let result: unknown;
  try {
    result = await (fn as (args: unknown) => unknown)({ request, params, context });
  } catch (thrown) {
    result = thrown;
    // A loader may throw a Response or data() (a status with a body).
    if (!(thrown instanceof Response) && !isDataWithInit(thrown)) throw thrown;
  }
  if (result instanceof Response) {
    const text = await result.text();
    return { status: result.status, headers: result.headers, data: text };
  }
  if (isDataWithInit(result)) {
    const { data, init } = result;
    return { status: init?.status ?? 200, headers: new Headers(init?.headers), data };
  }
  return { status: 200, headers: new Headers(), data: result };
}

function isDataWithInit(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return Boolean(value && typeof value === "object" && "type" in value && "init" in value);
}

export function getRequest(path: string, { cookie }: { cookie?: string } = {}): Request {
  return new Request(`${ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

export function postRequest(
  path: string,
  fields: Record<string, string>,
  {
    cookie,
    headers = {},
    origin = ORIGIN,
  }: { cookie?: string; headers?: Record<string, string>; origin?: string } = {},
): Request {
  return new Request(`${origin}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
      ...headers,
    },
  });
}

// scrypt costs a third of a second of CPU by design: the test file's users who share a
// password share one real hash of it (each made by hashPassword, salt and all).
const hashes = new Map<string, Promise<string>>();
function hashOnce(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
}

/** A user with this password (hashed as the app does), an admin unless told; returns its id. */
export async function createUser(
  username: string,
  password: string,
  { roles = ["admin"], email = null }: { roles?: Role[]; email?: string | null } = {},
): Promise<number> {
  const stamp = new Date().toISOString();
  const row = await getDb()
    .insertInto("users")
    .values({
      username,
      password_hash: await hashOnce(password),
      roles: formatRoles(roles),
      email,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface SignedIn {
  cookie: string;
  /** The cookie's id. */
  sessionId: string;
  /** What the `sessions` table holds for it (its hash). */
  storedId: string;
}

/**
 * A signed-in browser's Cookie header for this user, and its session id: a full session
 * as a complete sign-in opens it for the user's roles now, past its second factor when
 * one of them requires it (the user need not have enrolled one).
 */
export async function signIn(userId: number): Promise<SignedIn> {
  const user = await getDb()
    .selectFrom("users")
    .select("roles")
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  const secondFactor = requiresTwoFactor(parseRoles(user.roles));
  const { id } = await createSession({ userId, secondFactor });
  return { cookie: `${SESSION_COOKIE}=${id}`, sessionId: id, storedId: hashSessionId(id) };
}

/** The session id a Set-Cookie header opens (null when it opens none). */
export function sessionIdFrom(headers: Headers): string | null {
  const match = headers.get("set-cookie")?.match(new RegExp(`${SESSION_COOKIE}=([^;]*)`));
  return match?.[1] || null;
}
