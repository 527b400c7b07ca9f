import { getDb, inTransaction, isPostgres } from "~/db/client.server";
import { isUniqueViolation } from "~/db/unique-violation";
import { getMailClub } from "~/core/club.server";
import { invitationMail, invitationUrl } from "~/domains/volunteers/volunteer-mails.server";
import { queueMail } from "~/domains/mail/index.server";
import {
  formatRoles,
  parseRoles,
  requiresTwoFactor,
  type Role,
} from "~/domains/volunteers/capabilities";
import { hashPassword } from "~/domains/volunteers/password.server";
import { logActivity, withActivity } from "~/domains/history/index.server";
import { type Actor } from "~/domains/history";
import { createSession, deleteUserSessions, type SessionPending } from "./sessions.server";
import {
  consumeUserToken,
  createUserToken,
  findUserToken,
  latestInvitations,
  voidUserTokens,
} from "./user-token.server";

/*
 * The volunteers' accounts (Bénévoles, admin only): the list, the invitation by e-mail,
 * roles, deactivation. An invited account has no password ("!", which no scrypt hash
 * matches) until its owner chooses one from the invitation's link. A deactivated account
 * keeps its rows and its journal; getActiveSession refuses its sessions, and they are
 * deleted at once anyway. The club always keeps one active admin (assertAdminRemains).
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
      "id",
      "username",
      "email",
      "roles",
      "deactivated_at",
      "totp_enabled_at",
      "created_at",
      eb("password_hash", "=", NO_PASSWORD).as("invited"),
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

/** Queues the invitation's mail with a new link (the earlier links voided). */
async function sendInvitation(
  user: { id: number; username: string; email: string; roles: readonly Role[] },
  actor: Actor,
  now: Date,
) {
  const { token, expiresAt } = await createUserToken({
    userId: user.id,
    purpose: "invitation",
    ip: actor.ip,
    now,
  });
  const club = await getMailClub();
  await queueMail(
    invitationMail({
      to: user.email,
      username: user.username,
      clubName: club.name,
      link: invitationUrl(club.origin, token),
      expiresAt,
      roles: user.roles,
      invitedBy: actor.username,
    }),
  );
}

export type InviteResult =
  | { status: "invited"; userId: number }
  | { status: "taken"; field: "username" | "email"; message: string };

/**
 * Creates the account (no password yet), its invitation link and the mail, and the
 * journal's row, in one transaction. Usernames are unique whatever their case.
 */
export async function inviteVolunteer({
  actor,
  username,
  email,
  roles,
  now = new Date(),
}: {
  actor: Actor;
  username: string;
  email: string;
  roles: Role[];
  now?: Date;
}): Promise<InviteResult> {
  try {
    return await withActivity<InviteResult>(
      actor,
      (result) =>
        result.status === "invited"
          ? { action: "user.invited", itemType: "user", itemId: result.userId, itemLabel: username }
          : null,
      async () => {
        const taken = await takenBy(username, email);
        if (taken) return taken;
        const stamp = now.toISOString();
        const { id } = await getDb()
          .insertInto("users")
          .values({
            username,
            email,
            password_hash: NO_PASSWORD,
            roles: formatRoles(roles),
            created_at: stamp,
            updated_at: stamp,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await sendInvitation({ id, username, email, roles }, actor, now);
        return { status: "invited", userId: id };
      },
    );
  } catch (error) {
    // The same name or address invited at the same moment: the constraint said it.
    if (!isUniqueViolation(error)) throw error;
    const taken = await takenBy(username, email);
    if (!taken) throw error;
    return taken;
  }
}

/** The invitation refused when the username (whatever its case) or the e-mail is taken. */
async function takenBy(username: string, email: string): Promise<InviteResult | null> {
  const clash = await getDb()
    .selectFrom("users")
    .select(["username", "email"])
    .where((eb) =>
      eb.or([
        eb(eb.fn("lower", ["username"]), "=", username.toLowerCase()),
        eb("email", "=", email),
      ]),
    )
    .execute();
  if (clash.some((row) => row.username.toLowerCase() === username.toLowerCase())) {
    return { status: "taken", field: "username", message: VOLUNTEER_MESSAGES.usernameTaken };
  }
  if (clash.length > 0) {
    return { status: "taken", field: "email", message: VOLUNTEER_MESSAGES.emailTaken };
  }
  return null;
}

interface AccountRow {
  id: number;
  username: string;
  email: string | null;
  roles: string;
  deactivated_at: string | null;
  invited: unknown;
}

async function getAccount(userId: number): Promise<AccountRow | undefined> {
  return getDb()
    .selectFrom("users")
    .select((eb) => [
      "id",
      "username",
      "email",
      "roles",
      "deactivated_at",
      eb("password_hash", "=", NO_PASSWORD).as("invited"),
    ])
    .where("id", "=", userId)
    .executeTakeFirst();
}

/** A new invitation link for someone who has not joined yet; the older links stop working. */
export async function resendInvitation({
  actor,
  userId,
  now = new Date(),
}: {
  actor: Actor;
  userId: number;
  now?: Date;
}): Promise<boolean> {
  return withActivity(
    actor,
    (sent: string | null) =>
      sent ? { action: "user.invited", itemType: "user", itemId: userId, itemLabel: sent } : null,
    async () => {
      const user = await getAccount(userId);
      if (!user || !user.invited || user.deactivated_at || !user.email) return null;
      await sendInvitation(
        { ...user, email: user.email, roles: parseRoles(user.roles) },
        actor,
        now,
      );
      return user.username;
    },
  ).then(Boolean);
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
}: {
  actor: Actor;
  userId: number;
  now?: Date;
}): Promise<AccountChange> {
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
}: {
  actor: Actor;
  userId: number;
  now?: Date;
}): Promise<AccountChange> {
  return changeAccount(actor, userId, "user.reactivated", async () => {
    await getDb()
      .updateTable("users")
      .set({ deactivated_at: null, updated_at: now.toISOString() })
      .where("id", "=", userId)
      .execute();
  });
}

/** The account a live invitation link opens (an active account not joined yet), or null. */
export async function getInvitation({
  token,
  now = new Date(),
}: {
  token: string;
  now?: Date;
}): Promise<{ userId: number; username: string } | null> {
  const found = await findUserToken({ token, purpose: "invitation", now });
  if (!found) return null;
  const user = await getAccount(found.userId);
  if (!user || user.deactivated_at || !user.invited) return null;
  return { userId: user.id, username: user.username };
}

/**
 * The invitation accepted: the link used (once, atomically), the password set, the
 * journal's "user.joined", and a session: full, or "enrol" when a role of the account
 * requires a second factor (ADR 018). Null when the link no longer works.
 */
export async function acceptInvitation({
  token,
  password,
  ip,
  userAgent,
  now = new Date(),
}: {
  token: string;
  password: string;
  ip: string;
  userAgent: string;
  now?: Date;
}): Promise<{ sessionId: string; pending: SessionPending } | null> {
  if (!(await getInvitation({ token, now }))) return null;
  // scrypt runs before the transaction, which then holds the write lock a few ms only.
  const passwordHash = await hashPassword(password);
  return inTransaction(async () => {
    const userId = await consumeUserToken({ token, purpose: "invitation", now });
    if (userId === null) return null;
    const user = await getAccount(userId);
    if (!user || user.deactivated_at || !user.invited) return null;
    await getDb()
      .updateTable("users")
      .set({ password_hash: passwordHash, updated_at: now.toISOString() })
      .where("id", "=", userId)
      .execute();
    await voidUserTokens({ userId, purpose: "invitation", now });
    await logActivity(
      { userId, username: user.username, ip },
      { action: "user.joined", itemType: "user", itemId: userId, itemLabel: user.username },
      { now },
    );
    const pending: SessionPending = requiresTwoFactor(parseRoles(user.roles)) ? "enrol" : "";
    const session = await createSession({ userId, ip, userAgent, pending, now });
    return { sessionId: session.id, pending };
  });
}
