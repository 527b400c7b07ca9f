import { getDb, inTransaction } from "~/db/client.server";
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
import { createSession, type SessionPending } from "./sessions.server";
import {
  consumeUserToken,
  createUserToken,
  findUserToken,
  voidUserTokens,
} from "./user-token.server";
import { type AccountArgs, getAccount, NO_PASSWORD, VOLUNTEER_MESSAGES } from "./volunteer.server";

/*
 * A volunteer's invitation (Bénévoles, admin only): the account created without a password, the
 * mail with its single-use link, a new link on request, and the link accepted with the password
 * its owner chooses. The accounts themselves (list, roles, deactivation) are volunteer.server.ts.
 */

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

/** A new invitation link for someone who has not joined yet; the older links stop working. */
export async function resendInvitation({
  actor,
  userId,
  now = new Date(),
}: AccountArgs): Promise<boolean> {
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
