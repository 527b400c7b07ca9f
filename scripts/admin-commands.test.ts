import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { verifyLogin } from "~/models/user.server";
import { createUser, signIn } from "../tests/auth";
import { confirmEnrolment, startEnrolment } from "~/models/two-factor.server";
import { totpCode } from "~/utils/totp.server";
import { resetPassword, resetUserTwoFactor, unlockUser } from "./admin-commands";

/** n recent login failures for the username, each from its own address. */
async function failLogins(username: string, n: number) {
  await getDb()
    .insertInto("login_attempts")
    .values(
      Array.from({ length: n }, (_, i) => ({
        ip: `198.51.100.${i}`,
        username,
        succeeded: 0,
        attempted_at: new Date().toISOString(),
      })),
    )
    .execute();
}

const failuresOf = async (username: string) =>
  (
    await getDb()
      .selectFrom("login_attempts")
      .select("id")
      .where("username", "=", username)
      .execute()
  ).length;

describe("reset-password", () => {
  it("sets the new password and ends every session of that user only", async () => {
    const userId = await createUser("coach", "ancien-mdp");
    const otherId = await createUser("secretaire", "son-mdp");
    await signIn(userId);
    await signIn(userId);
    const kept = await signIn(otherId);

    await failLogins("coach", 7);
    await failLogins("secretaire", 2);

    expect(await resetPassword({ username: "coach", password: "nouveau-mdp" })).toEqual({
      endedSessions: 2,
      clearedFailures: 7,
    });
    expect(await failuresOf("coach")).toBe(0);
    expect(await failuresOf("secretaire")).toBe(2);
    expect(await verifyLogin({ username: "coach", password: "nouveau-mdp" })).not.toBeNull();
    expect(await verifyLogin({ username: "coach", password: "ancien-mdp" })).toBeNull();
    const sessions = await getDb().selectFrom("sessions").select("id").execute();
    expect(sessions.map((s) => s.id)).toEqual([kept.storedId]);
  });

  it("refuses an unknown user with a French message", async () => {
    await expect(resetPassword({ username: "personne", password: "nouveau-mdp" })).rejects.toThrow(
      "Utilisateur inconnu : « personne ».",
    );
  });

  it("refuses a password under 6 characters and keeps the old one", async () => {
    await createUser("tresorier", "ancien-mdp");
    await expect(resetPassword({ username: "tresorier", password: "abcde" })).rejects.toThrow(
      "Le mot de passe doit contenir au moins 6 caractères.",
    );
    expect(await verifyLogin({ username: "tresorier", password: "ancien-mdp" })).not.toBeNull();
  });
});

describe("unlock", () => {
  it("clears the user's login failures from every address, and nothing else", async () => {
    const userId = await createUser("entraineur", "son-mdp-1");
    const session = await signIn(userId);
    await failLogins("entraineur", 9);
    await failLogins("autre", 3);

    expect(await unlockUser({ username: "entraineur" })).toEqual({ clearedFailures: 9 });
    expect(await failuresOf("entraineur")).toBe(0);
    expect(await failuresOf("autre")).toBe(3);
    expect(await verifyLogin({ username: "entraineur", password: "son-mdp-1" })).not.toBeNull();
    const sessions = await getDb().selectFrom("sessions").select("id").execute();
    expect(sessions.map((s) => s.id)).toContain(session.storedId);
  });

  it("refuses an unknown user with a French message", async () => {
    await expect(unlockUser({ username: "personne" })).rejects.toThrow(
      "Utilisateur inconnu : « personne ».",
    );
  });
});

describe("reset-2fa", () => {
  it("removes the second factor and recovery codes, ends the sessions, tells the journal", async () => {
    const userId = await createUser("perdu", "son-mdp", { roles: ["admin"] });
    const secret = (await startEnrolment({ userId }))!;
    const actor = { userId, username: "perdu", ip: "" };
    expect(await confirmEnrolment({ userId, code: totpCode(secret), actor })).toHaveLength(10);
    await signIn(userId);
    await signIn(userId);

    expect(await resetUserTwoFactor({ username: "perdu" })).toEqual({ endedSessions: 2 });
    const user = await getDb()
      .selectFrom("users")
      .select(["totp_secret", "totp_enabled_at", "totp_last_step"])
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ totp_secret: null, totp_enabled_at: null, totp_last_step: null });
    const codes = await getDb()
      .selectFrom("recovery_codes")
      .select("id")
      .where("user_id", "=", userId)
      .execute();
    expect(codes).toEqual([]);
    const sessions = await getDb()
      .selectFrom("sessions")
      .select("id")
      .where("user_id", "=", userId)
      .execute();
    expect(sessions).toEqual([]);
    const journal = await getDb()
      .selectFrom("activity_log")
      .select(["action", "user_id", "username", "item_label"])
      .where("action", "=", "2fa.reset")
      .execute();
    expect(journal).toEqual([
      { action: "2fa.reset", user_id: null, username: "serveur", item_label: "perdu" },
    ]);
  });

  it("refuses an unknown user", async () => {
    await expect(resetUserTwoFactor({ username: "personne" })).rejects.toThrow(
      "Utilisateur inconnu : « personne ».",
    );
  });
});
