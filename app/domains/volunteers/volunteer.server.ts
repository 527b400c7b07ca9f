import type { ExpressionBuilder } from "kysely";
import { getDb, inTransaction, isPostgres } from "~/db/client.server";
import type { Database } from "~/db/schema";
import { formatRoles, parseRoles, type Role } from "~/domains/volunteers/capabilities";
import { logActivity } from "~/domains/history/index.server";
import { type Actor } from "~/domains/history";
import { deleteUserSessions } from "./sessions.server";
import { latestInvitations, voidUserTokens } from "./user-token.server";

/*
 * The volunteers' accounts (Bénévoles, admin only): the list, the invitation by e-mail,
 * roles, deactivation. An invited account has no password ("!", which no scrypt hash
 * matches) until its owner chooses one from the invitation's link. A deactivated account
 * keeps its rows and its journal; getActiveSession refuses its sessions, and they are
 * deleted at once anyway. The club always keeps one active admin (assertAdminRemains).
 * The invitation and its link are volunteer-invitation.server.ts.
 */

/** users.password_hash of an account whose owner has not chosen a password yet. */
export const NO_PASSWORD = "!";

export const VOLUNTEER_MESSAGES = {
  usernameTaken: "Ce nom d'utilisateur est déjà pris",
  emailTaken: "Cette adresse e-mail est déjà celle d'un autre bénévole",
  lastAdmin:
    "Impossible : c'est le dernier administrateur actif du club. Donnez d'abord le rôle Administrateur à un autre bénévole.",
  notFound: "Bénévole introuvable : rechargez la page.",
} as const;

export type VolunteerStatus = "active" | "invited" | "invitation-expired" | "deactivated";

export interface VolunteerListItem {
  id: number;
  username: string;
  email: string | null;
  roles: Role[];
  status: VolunteerStatus;
  /** The latest invitation's dates, while the person has not joined. */
  invitedAt: string | null;
  invitationExpiresAt: string | null;
  deactivatedAt: string | null;
  twoFactor: boolean;
  lastSignInAt: string | null;
  createdAt: string;
}

/** Thrown inside a transaction to undo it: the change would leave no active admin. */
class LastAdminError extends Error {}

function latest(...stamps: (string | null | undefined)[]): string | null {
  return (
    stamps
      .filter((s): s is string => Boolean(s))
      .sort()
      .at(-1) ?? null
  );
}

/** Every account, by username; a club has a few dozen at most. */
export async function listVolunteers({ now = new Date() }: { now?: Date } = {}): Promise<
  VolunteerListItem[]
> {
  const db = getDb();
  const rows = await db
    .selectFrom("users")
    .select((eb) => [
      ...accountColumns(eb),
      "totp_enabled_at",
      "created_at",
      eb
        .selectFrom("sessions")
        .select((s) => s.fn.max("sessions.last_used_at").as("at"))
        .whereRef("sessions.user_id", "=", "users.id")
        .as("last_session"),
      eb
        .selectFrom("activity_log")
        .select((s) => s.fn.max("activity_log.created_at").as("at"))
        .whereRef("activity_log.user_id", "=", "users.id")
        .where("activity_log.action", "=", "login")
        .as("last_login"),
    ])
    .orderBy("username")
    .orderBy("id")
    .execute();
  const invitations = await latestInvitations({
    userIds: rows.filter((row) => Boolean(row.invited)).map((row) => row.id),
  });
  return rows.map((row) => {
    const invitation = row.invited ? invitations.get(row.id) : undefined;
    const live =
      invitation && invitation.usedAt === null && invitation.expiresAt > now.toISOString();
    const status: VolunteerStatus = row.deactivated_at
      ? "deactivated"
      : !row.invited
        ? "active"
        : live
          ? "invited"
          : "invitation-expired";
    return {
      id: row.id,
      username: row.username,
      email: row.email,
      roles: parseRoles(row.roles),
      status,
      invitedAt: invitation?.createdAt ?? null,
      invitationExpiresAt: invitation?.expiresAt ?? null,
      deactivatedAt: row.deactivated_at,
      twoFactor: row.totp_enabled_at !== null,
      lastSignInAt: latest(row.last_session as string | null, row.last_login as string | null),
      createdAt: row.created_at,
    };
  });
}

export interface AccountRow {
  id: number;
  username: string;
  email: string | null;
  roles: string;
  deactivated_at: string | null;
  invited: unknown;
}

/** An account's columns (AccountRow): `invited` while its owner has no password. */
function accountColumns(eb: ExpressionBuilder<Database, "users">) {
  return [
    "id",
    "username",
    "email",
    "roles",
    "deactivated_at",
    eb("password_hash", "=", NO_PASSWORD).as("invited"),
  ] as const;
}

export async function getAccount(userId: number): Promise<AccountRow | undefined> {
  return getDb()
    .selectFrom("users")
    .select(accountColumns)
    .where("id", "=", userId)
    .executeTakeFirst();
}

/**
 * Throws LastAdminError when, with the user's roles and state changed as given, no active
 * admin who has joined would remain. NOTE: the admins are counted inside the change's own
 * transaction: SQLite's write lock (begin immediate) serialises two such changes, and on
 * PostgreSQL the accounts' rows are locked (for update), so two admins demoting each other
 * at once cannot both succeed.
 */
async function assertAdminRemains(userId: number, after: { roles: Role[]; active: boolean }) {
  const db = getDb();
  let query = db
    .selectFrom("users")
    .select(["id", "roles", "deactivated_at"])
    .where("password_hash", "!=", NO_PASSWORD)
    .orderBy("id");
  if (isPostgres(db)) query = query.forUpdate();
  const rows = await query.execute();
  const admins = rows.filter((row) =>
    row.id === userId
      ? after.active && after.roles.includes("admin")
      : row.deactivated_at === null && parseRoles(row.roles).includes("admin"),
  );
  if (admins.length === 0) throw new LastAdminError();
}

export type AccountChange = "done" | "last-admin" | "not-found";

/** One account changed by one volunteer. */
export interface AccountArgs {
  actor: Actor;
  userId: number;
  now?: Date;
}

/** Runs a change of one account with its journal row; LastAdminError becomes "last-admin". */
async function changeAccount(
  actor: Actor,
  userId: number,
  action: "user.roles" | "user.deactivated" | "user.reactivated",
  change: (user: AccountRow) => Promise<void>,
): Promise<AccountChange> {
  try {
    return await inTransaction<AccountChange>(async () => {
      const user = await getAccount(userId);
      if (!user) return "not-found";
      await change(user);
      await logActivity(actor, {
        action,
        itemType: "user",
        itemId: userId,
        itemLabel: user.username,
      });
      return "done";
    });
  } catch (error) {
    if (error instanceof LastAdminError) return "last-admin";
    throw error;
  }
}

/**
 * A change of roles ends the person's sessions but the one making it (ADR 018): each
 * signs in again, with the code or enrolment the new roles require.
 */
export async function setVolunteerRoles({
  actor,
  userId,
  roles,
  currentSessionId,
  now = new Date(),
}: {
  actor: Actor;
  userId: number;
  roles: Role[];
  currentSessionId?: string;
  now?: Date;
}): Promise<AccountChange> {
  return changeAccount(actor, userId, "user.roles", async (user) => {
    await assertAdminRemains(userId, { roles, active: user.deactivated_at === null });
    await getDb()
      .updateTable("users")
      .set({ roles: formatRoles(roles), updated_at: now.toISOString() })
      .where("id", "=", userId)
      .execute();
    if (formatRoles(parseRoles(user.roles)) === formatRoles(roles)) return;
    await deleteUserSessions({
      userId,
      exceptId: actor.userId === userId ? currentSessionId : undefined,
    });
  });
}

/** Ends every session of the account at once and voids its links; its rows stay. */
export async function deactivateVolunteer({
  actor,
  userId,
  now = new Date(),
}: AccountArgs): Promise<AccountChange> {
  return changeAccount(actor, userId, "user.deactivated", async (user) => {
    await assertAdminRemains(userId, { roles: parseRoles(user.roles), active: false });
    const stamp = now.toISOString();
    await getDb()
      .updateTable("users")
      .set({ deactivated_at: user.deactivated_at ?? stamp, updated_at: stamp })
      .where("id", "=", userId)
      .execute();
    await deleteUserSessions({ userId });
    await voidUserTokens({ userId, purpose: "invitation", now });
    await voidUserTokens({ userId, purpose: "reset", now });
  });
}

export async function reactivateVolunteer({
  actor,
  userId,
  now = new Date(),
}: AccountArgs): Promise<AccountChange> {
  return changeAccount(actor, userId, "user.reactivated", async () => {
    await getDb()
      .updateTable("users")
      .set({ deactivated_at: null, updated_at: now.toISOString() })
      .where("id", "=", userId)
      .execute();
  });
}
