/*
 * What the operator CLI (scripts/admin.ts) does, as functions the tests can call on a
 * test database. Messages are French: they are what the operator reads.
 */
import { PASSWORD_MIN_LENGTH } from "~/content/defaults";
import { clearUsernameFailures } from "~/models/login-attempt.server";
import { deleteUserSessions } from "~/models/session.server";
import { resetTwoFactor } from "~/models/two-factor.server";
import { getUserByUsername, setUserPassword } from "~/models/user.server";

/** A refusal to print as is, ending the command with a non-zero status. */
export class CommandError extends Error {}

export function checkNewPassword(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw new CommandError(
      `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères.`,
    );
  }
}

export async function requireUser(username: string) {
  const user = await getUserByUsername({ username });
  if (!user) throw new CommandError(`Utilisateur inconnu : « ${username} ».`);
  return user;
}

/** Sets a user's password, ends all of their sessions and clears their login failures. */
export async function resetPassword({
  username,
  password,
}: {
  username: string;
  password: string;
}): Promise<{ endedSessions: number; clearedFailures: number }> {
  checkNewPassword(password);
  const user = await requireUser(username);
  await setUserPassword({ userId: user.id, password });
  return {
    endedSessions: await deleteUserSessions({ userId: user.id }),
    clearedFailures: await clearUsernameFailures({ username }),
  };
}

/** Clears a user's login failures (from every address) and nothing else. */
export async function unlockUser({
  username,
}: {
  username: string;
}): Promise<{ clearedFailures: number }> {
  await requireUser(username);
  return { clearedFailures: await clearUsernameFailures({ username }) };
}

/** Who the journal names for what an operator does on the server. */
export const SERVER_ACTOR = { userId: null, username: "serveur", ip: "" } as const;

/**
 * For a lost phone: the user's second factor is removed (secret and recovery codes),
 * every session ended, the journal told. A role that requires one enrols again at the
 * next sign-in (docs/decisions/018-two-factor-sign-in.md).
 */
export async function resetUserTwoFactor({
  username,
}: {
  username: string;
}): Promise<{ endedSessions: number }> {
  const user = await requireUser(username);
  const endedSessions = await resetTwoFactor({
    userId: user.id,
    username: user.username,
    actor: SERVER_ACTOR,
  });
  return { endedSessions };
}
