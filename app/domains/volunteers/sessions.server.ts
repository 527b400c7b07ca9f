import { randomBytes } from "node:crypto";
import { getDb } from "~/db/client.server";
import { parseRoles, requiresTwoFactor, type Role } from "~/domains/volunteers/capabilities";
import { hashSessionId } from "~/core/session-hash";

/*
 * Every function here takes and returns the cookie's id; the table holds only its hash
 * (hashSessionId), so reading the table or a backup opens no session.
 */

/** A session ends after 7 days without use, and 30 days after login whatever happens. */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** last_used_at is written at most this often, to spare the database a write per click. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

/** "" a full session; "code" awaiting the second factor; "enrol" must enrol it first. */
export type SessionPending = "" | "code" | "enrol";

export interface Session {
  /** The cookie's id (not what the table stores). */
  id: string;
  userId: number;
  username: string;
  email: string | null;
  roles: Role[];
  /** Whether the user has a confirmed second factor. */
  twoFactor: boolean;
  pending: SessionPending;
  /** Whether this session proved a second factor (a code, or an enrolment confirmed in it). */
  secondFactor: boolean;
  createdAt: string;
  lastUsedAt: string;
  expiresAt: string;
}

function readPending(value: string): SessionPending {
  return value === "code" || value === "enrol" ? value : "";
}

/** 256 random bits: unguessable, so the id alone is the credential. */
export function newSessionId(): string {
  return randomBytes(32).toString("base64url");
}

export async function createSession({
  userId,
  ip = "",
  userAgent = "",
  pending = "",
  secondFactor = false,
  now = new Date(),
}: {
  userId: number;
  /** The address and device shown in Mon compte's list of sessions. */
  ip?: string;
  userAgent?: string;
  pending?: SessionPending;
  /** True when the session opens on a second factor just checked. */
  secondFactor?: boolean;
  now?: Date;
}): Promise<{ id: string; expiresAt: string }> {
  const id = newSessionId();
  const stamp = now.toISOString();
  const expiresAt = new Date(now.getTime() + SESSION_MAX_AGE_MS).toISOString();
  await getDb()
    .insertInto("sessions")
    .values({
      id: hashSessionId(id),
      user_id: userId,
      created_at: stamp,
      last_used_at: stamp,
      expires_at: expiresAt,
      ip,
      user_agent: userAgent.slice(0, 300),
      pending,
      second_factor: secondFactor ? 1 : 0,
    })
    .execute();
  return { id, expiresAt };
}

/**
 * Whether a session's stage still fits its person as they are now (docs/decisions/
 * 018-two-factor-sign-in.md). Roles and factors change while sessions live (a coach made
 * treasurer, a factor enrolled elsewhere or removed): those changes end the person's
 * other sessions, and this check holds the line should one be missed.
 * - awaiting its code: always (it opens nothing but the code step);
 * - awaiting enrolment: only while a role requires a factor and none is enrolled;
 * - full: when no role requires a factor, or the session proved one.
 */
function stageHolds(row: {
  pending: string;
  second_factor: number;
  roles: string;
  totp_enabled_at: string | null;
}): boolean {
  const pending = readPending(row.pending);
  const required = requiresTwoFactor(parseRoles(row.roles));
  if (pending === "code") return true;
  if (pending === "enrol") return required && row.totp_enabled_at === null;
  return !required || row.second_factor === 1;
}

/**
 * The live session with this id, its last use refreshed (at most once a minute);
 * null when unknown, expired, its user deactivated, or its stage no longer fitting the
 * person's roles (stageHolds): the row is deleted on the way, so the next page goes
 * through sign-in again, and its code or enrolment.
 */
export async function getActiveSession({
  id,
  now = new Date(),
}: {
  id: string;
  now?: Date;
}): Promise<Session | null> {
  const db = getDb();
  const stored = hashSessionId(id);
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select([
      "sessions.id",
      "sessions.user_id",
      "sessions.created_at",
      "sessions.last_used_at",
      "sessions.expires_at",
      "sessions.pending",
      "sessions.second_factor",
      "users.username",
      "users.email",
      "users.roles",
      "users.totp_enabled_at",
    ])
    .where("sessions.id", "=", stored)
    .where("users.deactivated_at", "is", null)
    .executeTakeFirst();
  if (!row) return null;
  const time = now.getTime();
  const lastUsed = Date.parse(row.last_used_at);
  if (
    time >= Date.parse(row.expires_at) ||
    time - lastUsed >= SESSION_IDLE_MS ||
    !stageHolds(row)
  ) {
    await db.deleteFrom("sessions").where("id", "=", stored).execute();
    return null;
  }
  let lastUsedAt = row.last_used_at;
  if (time - lastUsed >= SESSION_TOUCH_INTERVAL_MS) {
    lastUsedAt = now.toISOString();
    await db
      .updateTable("sessions")
      .set({ last_used_at: lastUsedAt })
      .where("id", "=", stored)
      .execute();
  }
  return {
    id,
    userId: row.user_id,
    username: row.username,
    email: row.email,
    roles: parseRoles(row.roles),
    twoFactor: row.totp_enabled_at !== null,
    pending: readPending(row.pending),
    secondFactor: row.second_factor === 1,
    createdAt: row.created_at,
    lastUsedAt,
    expiresAt: row.expires_at,
  };
}

/** Returns how many rows went (0 when the session was already gone). */
export async function deleteSession({ id }: { id: string }): Promise<number> {
  const result = await getDb()
    .deleteFrom("sessions")
    .where("id", "=", hashSessionId(id))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Ends every session of a user, except the one given (the user's current one). */
export async function deleteUserSessions({
  userId,
  exceptId,
}: {
  userId: number;
  exceptId?: string;
}): Promise<number> {
  let query = getDb().deleteFrom("sessions").where("user_id", "=", userId);
  if (exceptId) query = query.where("id", "!=", hashSessionId(exceptId));
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Removes sessions past their absolute or idle limit. */
export async function deleteExpiredSessions({ now = new Date() }: { now?: Date } = {}) {
  const idleSince = new Date(now.getTime() - SESSION_IDLE_MS).toISOString();
  const result = await getDb()
    .deleteFrom("sessions")
    .where((eb) =>
      eb.or([eb("expires_at", "<=", now.toISOString()), eb("last_used_at", "<=", idleSince)]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** One of a user's live sessions, as Mon compte lists them. */
export interface UserSessionRow {
  /** The table's key (the hash of the cookie's id): names the row, opens nothing. */
  key: string;
  ip: string;
  userAgent: string;
  pending: SessionPending;
  createdAt: string;
  lastUsedAt: string;
  current: boolean;
}

/** A user's live sessions, the most recently used first; `currentId` is marked. */
export async function listUserSessions({
  userId,
  currentId,
  now = new Date(),
}: {
  userId: number;
  currentId: string;
  now?: Date;
}): Promise<UserSessionRow[]> {
  const idleSince = new Date(now.getTime() - SESSION_IDLE_MS).toISOString();
  const current = hashSessionId(currentId);
  const rows = await getDb()
    .selectFrom("sessions")
    .select(["id", "ip", "user_agent", "pending", "created_at", "last_used_at"])
    .where("user_id", "=", userId)
    .where("expires_at", ">", now.toISOString())
    .where("last_used_at", ">", idleSince)
    .orderBy("last_used_at", "desc")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    key: row.id,
    ip: row.ip,
    userAgent: row.user_agent,
    pending: readPending(row.pending),
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    current: row.id === current,
  }));
}

/**
 * Ends one of the user's sessions by its key (listUserSessions), never another user's;
 * returns the row ended (its device for the journal), or null when it was already gone.
 */
export async function endUserSession({
  userId,
  key,
}: {
  userId: number;
  key: string;
}): Promise<{ userAgent: string; ip: string } | null> {
  const row = await getDb()
    .deleteFrom("sessions")
    .where("user_id", "=", userId)
    .where("id", "=", key)
    .returning(["user_agent", "ip"])
    .executeTakeFirst();
  return row ? { userAgent: row.user_agent, ip: row.ip } : null;
}

/**
 * A session that has just confirmed an enrolment in Mon compte: the same row, now full
 * and having proved the factor.
 */
export async function completeSession({ id }: { id: string }): Promise<void> {
  await getDb()
    .updateTable("sessions")
    .set({ pending: "", second_factor: 1 })
    .where("id", "=", hashSessionId(id))
    .execute();
}
