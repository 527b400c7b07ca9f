import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { verifyLogin } from "~/domains/volunteers/user.server";
import { createSession } from "~/domains/volunteers/sessions.server";
import { confirmEnrolment, startEnrolment } from "~/domains/volunteers/two-factor.server";
import { totpCode } from "~/domains/volunteers/totp.server";
import { hashSessionId } from "~/core/session-hash";
import {
  callRoute,
  createUser,
  getRequest,
  postRequest,
  signIn,
  type SignedIn,
} from "../../../../tests/auth";
import { action, loader } from "./account";

const OLD = "ancien-mot-de-passe";
const IP = "203.0.113.9";
let userId: number;
let session: SignedIn;

beforeEach(async () => {
  await getDb().deleteFrom("users").execute();
  await getDb().deleteFrom("login_attempts").execute();
  await getDb().deleteFrom("activity_log").execute();
  userId = await createUser("coach", OLD, { roles: ["coach"] });
  session = await signIn(userId);
});

function post(fields: Record<string, string>, cookie = session.cookie) {
  return callRoute(action, postRequest("/admin/settings/account", fields, { cookie }), {
    clientIp: IP,
  });
}

const change = (fields: Record<string, string>) => post({ intent: "password", ...fields });

const journal = () =>
  getDb().selectFrom("activity_log").select(["action", "user_id"]).orderBy("id").execute();

const sessionIds = async () =>
  (await getDb().selectFrom("sessions").select("id").execute()).map((row) => row.id);

describe("password change", () => {
  it("is on Mon compte, for every volunteer", async () => {
    const answer = await callRoute(
      loader,
      getRequest("/admin/settings/account", { cookie: session.cookie }),
    );
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ username: "coach", enrolling: false, required: false });
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
    expect(answer.data).toMatchObject({
      toast: { type: "success", message: "Mot de passe modifié avec succès" },
    });

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
    expect(await journal()).toEqual([{ action: "password.changed", user_id: userId }]);
  });

  it("changes nothing without a session (401)", async () => {
    const answer = await callRoute(
      action,
      postRequest("/admin/settings/account", {
        intent: "password",
        currentPassword: OLD,
        newPassword: "pirate1",
        confirmPassword: "pirate1",
      }),
    );
    expect(answer.status).toBe(401);
    expect(await verifyLogin({ username: "coach", password: OLD })).not.toBeNull();
  });
});

describe("e-mail", () => {
  it("is stored lowercased, validated, and one account's only", async () => {
    await createUser("autre", "autre-mdp", { roles: ["coach"], email: "pris@club.test" });
    const invalid = await post({ intent: "email", email: "pas-une-adresse" });
    expect(invalid.status).toBe(400);
    expect(invalid.data).toMatchObject({
      errors: { email: "Adresse e-mail invalide" },
      email: "pas-une-adresse",
    });
    const taken = await post({ intent: "email", email: "PRIS@club.test" });
    expect(taken.status).toBe(400);
    expect(taken.data).toMatchObject({
      errors: { email: "Cette adresse est déjà celle d'un autre compte." },
    });
    const saved = await post({ intent: "email", email: "  Coach@Club.TEST " });
    expect(saved.status).toBe(200);
    const row = await getDb()
      .selectFrom("users")
      .select("email")
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe("coach@club.test");
    expect(await verifyLogin({ username: "coach@club.test", password: OLD })).not.toBeNull();
    expect(await journal()).toEqual([{ action: "user.email", user_id: userId }]);
  });
});

describe("sessions", () => {
  it("lists the user's sessions with their device, and ends another one", async () => {
    const phone = await createSession({
      userId,
      ip: "192.0.2.4",
      userAgent:
        "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36",
    });
    const someoneElse = await signIn(await createUser("autre", "autre-mdp", { roles: ["coach"] }));
    const page = await callRoute(
      loader,
      getRequest("/admin/settings/account", { cookie: session.cookie }),
    );
    const { sessions } = page.data as {
      sessions: { key: string; device: string; ip: string; current: boolean }[];
    };
    expect(sessions).toHaveLength(2);
    const other = sessions.find((row) => !row.current)!;
    expect(other).toMatchObject({ device: "Chrome sur Android", ip: "192.0.2.4" });
    expect(sessions.find((row) => row.current)!.key).toBe(session.storedId);

    // Another user's session cannot be ended from here, nor this one.
    await post({ intent: "session-end", key: someoneElse.storedId });
    expect((await post({ intent: "session-end", key: session.storedId })).status).toBe(400);
    expect((await post({ intent: "session-end", key: other.key })).status).toBe(200);
    const left = await sessionIds();
    expect(left).toContain(session.storedId);
    expect(left).toContain(someoneElse.storedId);
    expect(left).not.toContain(other.key);
    expect(other.key).toBe(hashSessionId(phone.id));
    const rows = await getDb()
      .selectFrom("activity_log")
      .select(["action", "item_label"])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { action: "session.ended", item_label: "Chrome sur Android (192.0.2.4)" },
    ]);
  });

  it("ends every other session at once", async () => {
    await signIn(userId);
    await signIn(userId);
    const answer = await post({ intent: "sessions-end-others" });
    expect(answer.data).toMatchObject({ toast: { message: "2 autres sessions terminées" } });
    expect(await sessionIds()).toEqual([session.storedId]);
  });
});

describe("second factor in Mon compte", () => {
  async function enrolled() {
    const secret = (await startEnrolment({ userId }))!;
    const actor = { userId, username: "coach", ip: IP };
    const codes = (await confirmEnrolment({ userId, code: totpCode(secret), actor }))!;
    await getDb().deleteFrom("activity_log").execute();
    return { secret, codes };
  }
  const next = (secret: string) => totpCode(secret, new Date(Date.now() + 30_000));

  it("regenerates the recovery codes with the password, voiding the old ones", async () => {
    const { codes } = await enrolled();
    const refused = await post({ intent: "2fa-regenerate" });
    expect(refused.status).toBe(400);
    const answer = await post({ intent: "2fa-regenerate", currentPassword: OLD });
    expect(answer.status).toBe(200);
    const fresh = (answer.data as { recoveryCodes: string[] }).recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(codes[0]);
    const stored = await getDb()
      .selectFrom("recovery_codes")
      .select("id")
      .where("user_id", "=", userId)
      .execute();
    expect(stored).toHaveLength(10);
    expect(await journal()).toEqual([{ action: "2fa.recovery-regenerated", user_id: userId }]);
  });

  it("disables it with the password and a code, for a role that allows it", async () => {
    const { secret } = await enrolled();
    const noCode = await post({ intent: "2fa-disable", currentPassword: OLD });
    expect(noCode.status).toBe(400);
    const answer = await post({ intent: "2fa-disable", currentPassword: OLD, code: next(secret) });
    expect(answer.status).toBe(200);
    const row = await getDb()
      .selectFrom("users")
      .select(["totp_secret", "totp_enabled_at"])
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ totp_secret: null, totp_enabled_at: null });
    expect(await journal()).toEqual([{ action: "2fa.disabled", user_id: userId }]);
  });

  it("refuses to disable it for an admin, and says why", async () => {
    await getDb().updateTable("users").set({ roles: "admin" }).where("id", "=", userId).execute();
    // The coach's session ended with the promotion: the admin signs in again.
    session = await signIn(userId);
    const { secret } = await enrolled();
    const answer = await post({ intent: "2fa-disable", currentPassword: OLD, code: next(secret) });
    expect(answer.status).toBe(403);
    expect(JSON.stringify(answer.data)).toContain(
      "Votre rôle (Administrateur) exige la double authentification",
    );
    const row = await getDb()
      .selectFrom("users")
      .select("totp_enabled_at")
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    expect(row.totp_enabled_at).not.toBeNull();
  });
});
