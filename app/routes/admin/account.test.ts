import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { verifyLogin } from "~/models/user.server";
import {
  callRoute,
  createUser,
  getRequest,
  postRequest,
  signIn,
  type SignedIn,
} from "../../../tests/auth";
import { action, loader } from "./account";

const OLD = "ancien-mot-de-passe";
let userId: number;
let session: SignedIn;

beforeEach(async () => {
  await getDb().deleteFrom("users").execute();
  await getDb().deleteFrom("login_attempts").execute();
  userId = await createUser("coach", OLD);
  session = await signIn(userId);
});

function change(fields: Record<string, string>) {
  return callRoute(
    action,
    postRequest("/admin/settings/account", fields, { cookie: session.cookie }),
  );
}

const sessionIds = async () =>
  (await getDb().selectFrom("sessions").select("id").execute()).map((row) => row.id);

describe("password change", () => {
  it("sends the page to the Settings screen's Compte tab", async () => {
    const answer = await callRoute(
      loader,
      getRequest("/admin/settings/account", { cookie: session.cookie }),
    );
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/admin/settings?tab=compte");
  });

  it("requires the current password", async () => {
    const answer = await change({
      currentPassword: "",
      newPassword: "nouveau1",
      confirmPassword: "nouveau1",
    });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      errors: { currentPassword: "Le mot de passe actuel est obligatoire" },
    });
  });

  it("refuses a wrong current password and changes nothing", async () => {
    const other = await signIn(userId);
    const answer = await change({
      currentPassword: "pas-le-bon",
      newPassword: "nouveau1",
      confirmPassword: "nouveau1",
    });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      errors: { currentPassword: "Mot de passe actuel incorrect" },
    });
    expect(await verifyLogin({ username: "coach", password: OLD })).not.toBeNull();
    expect(await sessionIds()).toContain(other.storedId);
  });

  it("checks the current password through the login throttle: 429 after 5 wrong ones", async () => {
    const wrong = {
      currentPassword: "pas-le-bon",
      newPassword: "nouveau1",
      confirmPassword: "nouveau1",
    };
    for (let i = 0; i < 5; i += 1) expect((await change(wrong)).status).toBe(400);
    const right = await change({ ...wrong, currentPassword: OLD });
    expect(right.status).toBe(429);
    expect(right.data).toMatchObject({
      errors: { currentPassword: "Trop de tentatives de connexion. Réessayez dans 15 minutes." },
    });
    expect(await verifyLogin({ username: "coach", password: OLD })).not.toBeNull();
    expect(await verifyLogin({ username: "coach", password: "nouveau1" })).toBeNull();
  });

  it("requires matching passwords of at least 6 characters", async () => {
    const mismatch = await change({
      currentPassword: OLD,
      newPassword: "nouveau1",
      confirmPassword: "nouveau2",
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.data).toMatchObject({
      errors: { confirmPassword: "Les mots de passe ne correspondent pas" },
    });
    const short = await change({
      currentPassword: OLD,
      newPassword: "abcde",
      confirmPassword: "abcde",
    });
    expect(short.status).toBe(400);
    expect(short.data).toMatchObject({
      errors: { newPassword: "Le mot de passe doit contenir au moins 6 caractères" },
    });
    expect(await verifyLogin({ username: "coach", password: OLD })).not.toBeNull();
  });

  it("changes the stored hash and ends every other session of the user", async () => {
    const otherDevice = await signIn(userId);
    const someoneElse = await signIn(await createUser("tresorier", "autre-mdp"));
    const before = await getDb()
      .selectFrom("users")
      .select("password_hash")
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();

    const answer = await change({
      currentPassword: OLD,
      newPassword: "nouveau-secret",
      confirmPassword: "nouveau-secret",
    });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ success: "Mot de passe modifié avec succès" });

    const after = await getDb()
      .selectFrom("users")
      .select("password_hash")
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    expect(after.password_hash).not.toBe(before.password_hash);
    expect(await verifyLogin({ username: "coach", password: "nouveau-secret" })).not.toBeNull();
    expect(await verifyLogin({ username: "coach", password: OLD })).toBeNull();

    const left = await sessionIds();
    expect(left).toContain(session.storedId);
    expect(left).not.toContain(otherDevice.storedId);
    expect(left).toContain(someoneElse.storedId);
  });

  it("changes nothing without a session (401)", async () => {
    const answer = await callRoute(
      action,
      postRequest("/admin/settings/account", {
        currentPassword: OLD,
        newPassword: "pirate1",
        confirmPassword: "pirate1",
      }),
    );
    expect(answer.status).toBe(401);
    expect(await verifyLogin({ username: "coach", password: OLD })).not.toBeNull();
  });
});
