/*
 * A second factor that can no longer be opened: the database restored without
 * DATA_DIR/secret-key, so each TOTP secret is sealed with a key this server does not
 * have. The code step says so, takes a recovery code (stored hashed, they survive), and
 * the person enrols again; without one, the operator's reset-2fa still works. No 500.
 */
import { randomBytes } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { confirmEnrolment, startEnrolment } from "~/domains/volunteers/two-factor.server";
import { openSecret, sealSecret } from "~/utils/secret-box.server";
import { totpCode } from "~/domains/volunteers/totp.server";
import { resetUserTwoFactor } from "../../../scripts/admin-commands";
import {
  callRoute,
  createUser,
  getRequest,
  postRequest,
  sessionIdFrom,
} from "../../../tests/auth";
import { action as accountAction, loader as accountLoader } from "../admin/volunteers/account";
import { loader as dashboardLoader } from "../admin/dashboard/dashboard";
import { action as codeAction, CODE_MESSAGES, loader as codeLoader } from "./login-code";
import { action as loginAction } from "./login";

const PASSWORD = "mot-de-passe-tresor";
const IP = "198.51.100.31";
let userId: number;
let recoveryCodes: string[];

/** What a restore without the key leaves: the secret sealed with another key. */
async function loseTheKey(id: number) {
  const row = await getDb()
    .selectFrom("users")
    .select("totp_secret")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  const foreign = sealSecret(openSecret(row.totp_secret!), randomBytes(32));
  await getDb().updateTable("users").set({ totp_secret: foreign }).where("id", "=", id).execute();
}

async function enrolledUser(username: string, roles: ("tresorier" | "coach")[]) {
  const id = await createUser(username, PASSWORD, { roles });
  const secret = (await startEnrolment({ userId: id }))!;
  const actor = { userId: id, username, ip: IP };
  const codes = (await confirmEnrolment({ userId: id, code: totpCode(secret), actor }))!;
  await loseTheKey(id);
  return { id, codes };
}

beforeEach(async () => {
  const db = getDb();
  for (const table of ["activity_log", "login_attempts", "sessions", "recovery_codes"] as const) {
    await db.deleteFrom(table).execute();
  }
  await db.deleteFrom("users").execute();
  ({ id: userId, codes: recoveryCodes } = await enrolledUser("tresoriere", ["tresorier"]));
  await db.deleteFrom("activity_log").execute();
});

const cookieOf = (id: string) => `__session=${id}`;

async function signInWithPassword(username = "tresoriere"): Promise<string> {
  const answer = await callRoute(
    loginAction,
    postRequest("/admin/login", { username, password: PASSWORD, redirectTo: "/admin" }),
    { clientIp: IP },
  );
  expect(answer.status).toBe(302);
  expect(answer.headers.get("location")).toMatch(/^\/admin\/login\/code\?/);
  return cookieOf(sessionIdFrom(answer.headers)!);
}

function code(cookie: string, typed: string) {
  return callRoute(
    codeAction,
    postRequest("/admin/login/code", { code: typed, redirectTo: "/admin" }, { cookie }),
    { clientIp: IP },
  );
}

const actions = async () =>
  (await getDb().selectFrom("activity_log").select("action").orderBy("id").execute()).map(
    (row) => row.action,
  );

const factor = () =>
  getDb()
    .selectFrom("users")
    .select(["totp_secret", "totp_enabled_at"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();

describe("a factor that can no longer be opened", () => {
  it("the code step says so, takes a recovery code, then asks to enrol again", async () => {
    const pending = await signInWithPassword();
    const page = await callRoute(codeLoader, getRequest("/admin/login/code", { cookie: pending }));
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ unreadable: true, recovery: true });

    // The app's six digits cannot be checked: said in French, nothing opened, no 500.
    const typed = await code(pending, "123456");
    expect(typed.status).toBe(400);
    expect(typed.data).toEqual({ error: CODE_MESSAGES.unreadable });
    expect((await factor()).totp_enabled_at).not.toBeNull();

    const recovered = await code(pending, recoveryCodes[0]!);
    expect(recovered.status).toBe(302);
    expect(recovered.headers.get("location")).toBe("/admin/settings/account?reactiver=1");
    const cookie = cookieOf(sessionIdFrom(recovered.headers)!);
    expect(await factor()).toEqual({ totp_secret: null, totp_enabled_at: null });
    expect(await getDb().selectFrom("recovery_codes").select("id").execute()).toEqual([]);
    const sessions = await getDb().selectFrom("sessions").select("pending").execute();
    expect(sessions).toEqual([{ pending: "enrol" }]);
    expect(await actions()).toEqual([
      "2fa.unreadable",
      "2fa.recovery-used",
      "2fa.unreadable-cleared",
      "login",
    ]);

    // Mon compte says why and asks for the enrolment, and only that.
    const account = await callRoute(
      accountLoader,
      getRequest("/admin/settings/account?reactiver=1", { cookie }),
    );
    expect(account.data).toMatchObject({
      enrolling: true,
      enrolAgain: true,
      twoFactor: { enabled: false },
    });
    const dashboard = await callRoute(dashboardLoader, getRequest("/admin", { cookie }));
    expect(dashboard.headers.get("location")).toBe("/admin/settings/account");
    const post = (fields: Record<string, string>) =>
      callRoute(accountAction, postRequest("/admin/settings/account", fields, { cookie }), {
        clientIp: IP,
      });
    expect((await post({ intent: "2fa-start" })).status).toBe(302);
    const sealed = (await factor()).totp_secret!;
    const confirmed = await post({ intent: "2fa-confirm", code: totpCode(openSecret(sealed)) });
    expect(confirmed.status).toBe(200);
    expect((await callRoute(dashboardLoader, getRequest("/admin", { cookie }))).status).toBe(200);
  });

  it("a coach's optional factor: the recovery code opens a full session, enrolment offered", async () => {
    const coach = await enrolledUser("karim", ["coach"]);
    userId = coach.id;
    const pending = await signInWithPassword("karim");
    const recovered = await code(pending, coach.codes[1]!);
    expect(recovered.headers.get("location")).toBe("/admin/settings/account?reactiver=1");
    const cookie = cookieOf(sessionIdFrom(recovered.headers)!);
    const account = await callRoute(
      accountLoader,
      getRequest("/admin/settings/account?reactiver=1", { cookie }),
    );
    expect(account.data).toMatchObject({ enrolling: false, twoFactor: { enabled: false } });
  });

  it("without a recovery code, the operator's reset-2fa lets the person enrol again", async () => {
    const pending = await signInWithPassword();
    expect((await code(pending, "abcd-efgh")).status).toBe(400);
    expect((await factor()).totp_enabled_at).not.toBeNull();

    expect(await resetUserTwoFactor({ username: "tresoriere" })).toEqual({ endedSessions: 1 });
    expect(await factor()).toEqual({ totp_secret: null, totp_enabled_at: null });
    const answer = await callRoute(
      loginAction,
      postRequest("/admin/login", { username: "tresoriere", password: PASSWORD }),
      { clientIp: IP },
    );
    expect(answer.headers.get("location")).toBe("/admin/settings/account");
    expect(await actions()).toEqual(["2fa.failed", "2fa.reset", "login"]);
  });

  it("an enrolment begun before the restore is begun again, without a 500", async () => {
    await getDb()
      .updateTable("users")
      .set({ totp_enabled_at: null })
      .where("id", "=", userId)
      .execute();
    const answer = await callRoute(
      loginAction,
      postRequest("/admin/login", { username: "tresoriere", password: PASSWORD }),
      { clientIp: IP },
    );
    const cookie = cookieOf(sessionIdFrom(answer.headers)!);
    const account = await callRoute(
      accountLoader,
      getRequest("/admin/settings/account", { cookie }),
    );
    expect(account.status).toBe(200);
    expect(account.data).toMatchObject({ enrolling: true, twoFactor: { enrolment: null } });
    const started = await callRoute(
      accountAction,
      postRequest("/admin/settings/account", { intent: "2fa-start" }, { cookie }),
      { clientIp: IP },
    );
    expect(started.status).toBe(302);
    const again = await callRoute(accountLoader, getRequest("/admin/settings/account", { cookie }));
    expect(again.data).toMatchObject({ twoFactor: { enrolment: { secret: expect.any(String) } } });
  });
});
