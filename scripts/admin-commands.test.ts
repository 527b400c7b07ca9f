import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { verifyLogin } from "~/models/user.server";
import { createUser, signIn } from "../tests/auth";
import { resetPassword } from "./admin-commands";

describe("reset-password", () => {
  it("sets the new password and ends every session of that user only", async () => {
    const userId = await createUser("coach", "ancien-mdp");
    const otherId = await createUser("secretaire", "son-mdp");
    await signIn(userId);
    await signIn(userId);
    const kept = await signIn(otherId);

    expect(await resetPassword({ username: "coach", password: "nouveau-mdp" })).toEqual({
      endedSessions: 2,
    });
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
