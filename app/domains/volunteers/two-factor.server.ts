import { createHash, randomInt } from "node:crypto";
import { getDb, inTransaction } from "~/db/client.server";
import { generateTotpSecret, matchTotp } from "~/domains/volunteers/totp.server";
import { openSecret, sealSecret } from "~/utils/secret-box.server";
import { logActivity } from "~/domains/history/index.server";
import { type Actor } from "~/domains/history";
import {
  clearUsernameFailures,
  countRecentFailures,
  deleteLoginAttempt,
  deleteOldLoginAttempts,
  LOGIN_MAX_FAILURES,
  markLoginAttemptSucceeded,
  recordLoginAttempt,
} from "./login-attempt.server";
import { deleteUserSessions } from "./sessions.server";
import { isAccountLocked, noteWrongCode } from "./two-factor-lock.server";

/*
 * A user's second factor (docs/decisions/018-two-factor-sign-in.md): the TOTP secret,
 * sealed with DATA_DIR's key, confirmed by a first code; the last time step accepted, so
 * a code is never taken twice; 10 single-use recovery codes, stored hashed.
 */

export const RECOVERY_CODE_COUNT = 10;

/**
 * The plain secret, or null when it can no longer be opened: DATA_DIR's key is not the
 * one that sealed it (a restore without the key). Such a factor is treated as absent:
 * nothing to check a code against (docs/decisions/018-two-factor-sign-in.md).
 */
function readSecret(sealed: string): string | null {
  try {
    return openSecret(sealed);
  } catch {
    return null;
  }
}
/** No 0/o, 1/l/i: the codes are read off paper. */
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

export interface TwoFactorStatus {
  enabled: boolean;
  enabledAt: string | null;
  /** The secret of an enrolment begun but not confirmed yet (base32), else null. */
  pendingSecret: string | null;
  /** A confirmed factor whose secret can no longer be opened (readSecret). */
  unreadable: boolean;
  recoveryCodesLeft: number;
}

export async function getTwoFactorStatus({ userId }: { userId: number }): Promise<TwoFactorStatus> {
  const db = getDb();
  const user = await db
    .selectFrom("users")
    .select(["totp_secret", "totp_enabled_at"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  const left = await db
    .selectFrom("recovery_codes")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  const enabled = user.totp_enabled_at !== null;
  const secret = user.totp_secret ? readSecret(user.totp_secret) : null;
  return {
    enabled,
    enabledAt: user.totp_enabled_at,
    pendingSecret: enabled ? null : secret,
    unreadable: enabled && secret === null,
    recoveryCodesLeft: Number(left.count),
  };
}

/** Begins an enrolment: a new secret, sealed; refused (null) when a factor is confirmed. */
export async function startEnrolment({ userId }: { userId: number }): Promise<string | null> {
  const secret = generateTotpSecret();
  const result = await getDb()
    .updateTable("users")
    .set({ totp_secret: sealSecret(secret), totp_last_step: null })
    .where("id", "=", userId)
    .where("totp_enabled_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? secret : null;
}

/** "abcd-efgh": 8 characters of RECOVERY_ALPHABET. */
function newRecoveryCode(): string {
  let code = "";
  for (let i = 0; i < 8; i += 1) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** What a typed recovery code is compared as: lower case, the dash and spaces optional. */
export function normalizeRecoveryCode(typed: string): string {
  const plain = typed.toLowerCase().replace(/[\s-]/g, "");
  return plain.length === 8 ? `${plain.slice(0, 4)}-${plain.slice(4)}` : plain;
}

function hashRecoveryCode(code: string): string {
  return createHash("sha256").update(normalizeRecoveryCode(code)).digest("hex");
}

/** Replaces the user's recovery codes with 10 new ones (in the caller's transaction). */
async function replaceRecoveryCodes(userId: number, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const db = getDb();
  await db.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
  await db
    .insertInto("recovery_codes")
    .values(
      codes.map((code) => ({
        user_id: userId,
        code_hash: hashRecoveryCode(code),
        created_at: now.toISOString(),
      })),
    )
    .execute();
  return codes;
}

/** An act of `actor` on the second factor of user `userId`, at `now`. */
type FactorAct = { userId: number; actor: Actor; now?: Date };

/**
 * Confirms an enrolment with a first code: the factor is on, its recovery codes are
 * made, the journal says so, all in one transaction. Returns the codes to show once, or
 * null when the code is wrong (or no enrolment was begun).
 */
export async function confirmEnrolment({
  userId,
  code,
  actor,
  now = new Date(),
}: FactorAct & { code: string }): Promise<string[] | null> {
  const { pendingSecret } = await getTwoFactorStatus({ userId });
  const step = pendingSecret ? matchTotp(pendingSecret, code, now) : null;
  if (step === null) return null;
  return inTransaction(async () => {
    const result = await getDb()
      .updateTable("users")
      .set({ totp_enabled_at: now.toISOString(), totp_last_step: step })
      .where("id", "=", userId)
      .where("totp_enabled_at", "is", null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return null;
    const codes = await replaceRecoveryCodes(userId, now);
    await logActivity(actor, { action: "2fa.enrolled" }, { now });
    return codes;
  });
}

export async function regenerateRecoveryCodes({
  userId,
  actor,
  now = new Date(),
}: FactorAct): Promise<string[]> {
  return inTransaction(async () => {
    const codes = await replaceRecoveryCodes(userId, now);
    await logActivity(actor, { action: "2fa.recovery-regenerated" }, { now });
    return codes;
  });
}

async function clearTwoFactor(userId: number): Promise<void> {
  const db = getDb();
  await db
    .updateTable("users")
    .set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null })
    .where("id", "=", userId)
    .execute();
  await db.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
}

/**
 * The user turns their second factor off (Mon compte checks they may): their other
 * sessions end, as after any change of factor, since what they proved no longer stands.
 */
export async function disableTwoFactor({
  userId,
  actor,
  currentSessionId,
}: {
  userId: number;
  actor: Actor;
  currentSessionId: string;
}) {
  await inTransaction(async () => {
    await clearTwoFactor(userId);
    await deleteUserSessions({ userId, exceptId: currentSessionId });
    await logActivity(actor, { action: "2fa.disabled" });
  });
}

/**
 * After a recovery code was accepted for a factor that can no longer be opened (a
 * restore without DATA_DIR's key): the factor is removed, as the operator's reset would,
 * so that the person enrols again; the journal says why. Returns whether it was removed
 * (false for a readable factor, which stays). Runs in the caller's transaction.
 */
export async function dropUnreadableFactor({
  userId,
  actor,
  now = new Date(),
}: FactorAct): Promise<boolean> {
  if (!(await getTwoFactorStatus({ userId })).unreadable) return false;
  await clearTwoFactor(userId);
  await logActivity(actor, { action: "2fa.unreadable-cleared" }, { now });
  return true;
}

/**
 * The operator's reset for a lost phone (npm run admin -- reset-2fa): no secret, no
 * recovery codes, every session ended. A role that requires the factor enrols again at
 * the next sign-in. Returns how many sessions ended.
 */
export async function resetTwoFactor({
  userId,
  username,
  actor,
}: {
  userId: number;
  username: string;
  actor: Actor;
}): Promise<number> {
  return inTransaction(async () => {
    await clearTwoFactor(userId);
    const ended = await deleteUserSessions({ userId });
    await logActivity(actor, {
      action: "2fa.reset",
      itemType: "user",
      itemId: userId,
      itemLabel: username,
    });
    return ended;
  });
}

/** The login_attempts key of a user's codes (a username can never start with it). */
export function twoFactorThrottleKey(userId: number): string {
  return `2fa:${userId}`;
}

export type CodeCheck =
  | { status: "valid"; kind: "totp" | "recovery" }
  | { status: "invalid" }
  | { status: "throttled" }
  /** A six-digit code, for a factor that can no longer be opened: a recovery code only. */
  | { status: "unreadable" };

/** A six-digit TOTP code of the user's secret whose step was never used; uses it. */
async function spendTotpCode(
  userId: number,
  code: string,
  now: Date,
): Promise<"valid" | "invalid" | "unreadable"> {
  const user = await getDb()
    .selectFrom("users")
    .select(["totp_secret", "totp_enabled_at"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user?.totp_secret || !user.totp_enabled_at) return "invalid";
  const secret = readSecret(user.totp_secret);
  if (secret === null) return "unreadable";
  const step = matchTotp(secret, code, now);
  if (step === null) return "invalid";
  // NOTE: one atomic update: two requests racing with one code cannot both win.
  const result = await getDb()
    .updateTable("users")
    .set({ totp_last_step: step })
    .where("id", "=", userId)
    .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? "valid" : "invalid";
}

/** An unused recovery code of the user; used up, with its journal row, in one transaction. */
async function spendRecoveryCode(userId: number, code: string, actor: Actor, now: Date) {
  return inTransaction(async () => {
    const result = await getDb()
      .updateTable("recovery_codes")
      .set({ used_at: now.toISOString() })
      .where("user_id", "=", userId)
      .where("code_hash", "=", hashRecoveryCode(code))
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await logActivity(actor, { action: "2fa.recovery-used" }, { now });
    return true;
  });
}

/**
 * Checks a second-factor code (six digits, or a recovery code) of a signed-in or signing-in
 * user, through a throttle of its own: 5 wrong codes in 15 minutes per user and address,
 * or CODE_ACCOUNT_LIMIT per user from every address together, then 429 without checking
 * anything (login_attempts under twoFactorThrottleKey); reaching the account's limit mails
 * its owner (noteWrongCode). A six-digit code for a factor that can no longer be opened
 * counts as a wrong one and answers "unreadable" (the journal: "2fa.unreadable").
 * NOTE: as checkPassword does, the attempt is recorded as a failure before the check and
 * counted with those before it, so a parallel burst cannot slip under the limit.
 */
export async function verifySecondFactor({
  userId,
  code,
  actor,
  now = new Date(),
}: FactorAct & { code: string }): Promise<CodeCheck> {
  const key = twoFactorThrottleKey(userId);
  await deleteOldLoginAttempts({ now });
  const attemptId = await recordLoginAttempt({
    ip: actor.ip,
    username: key,
    succeeded: false,
    now,
  });
  const failures = await countRecentFailures({
    ip: actor.ip,
    username: key,
    upToId: attemptId,
    now,
  });
  if (failures.byUsernameAtIp > LOGIN_MAX_FAILURES || isAccountLocked(failures.byUsername)) {
    await deleteLoginAttempt({ id: attemptId });
    return { status: "throttled" };
  }
  const typed = code.trim();
  const kind = /^\d{3}\s?\d{3}$/.test(typed) ? "totp" : "recovery";
  const outcome =
    kind === "totp"
      ? await spendTotpCode(userId, typed, now)
      : typed.length <= 20 && (await spendRecoveryCode(userId, typed, actor, now))
        ? "valid"
        : "invalid";
  if (outcome !== "valid") {
    const action = outcome === "unreadable" ? "2fa.unreadable" : "2fa.failed";
    await logActivity(actor, { action }, { now });
    await noteWrongCode({ userId, failuresByAccount: failures.byUsername, actor, now });
    return { status: outcome };
  }
  await markLoginAttemptSucceeded({ id: attemptId });
  await clearUsernameFailures({ username: key });
  return { status: "valid", kind };
}
