/*
 * A session's stage follows the person's roles for its whole life
 * (docs/decisions/018-two-factor-sign-in.md): a change of roles or of factor ends the
 * person's other sessions, and the guard itself refuses a full session that never proved
 * a factor once the person's roles require one.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { createSession, getActiveSession } from "~/domains/volunteers/sessions.server";
import { confirmEnrolment, startEnrolment } from "~/domains/volunteers/two-factor.server";
import { totpCode } from "~/domains/volunteers/totp.server";
import {
  callRoute,
  createUser,
  getRequest,
  postRequest,
  sessionIdFrom,
  signIn,
  type SignedIn,
} from "../../../tests/auth";
import { action as loginAction } from "../auth/login";
import { action as accountAction } from "./volunteers/account";
import { loader as filesLoader } from "./membership/membership-files";
import { action as volunteersAction } from "./volunteers/volunteers";

const PASSWORD = "mot-de-passe-coach";
const IP = "198.51.100.20";
let adminId: number;
let admin: SignedIn;
let coachId: number;

beforeEach(async () => {
  const db = getDb();
  for (const table of ["activity_log", "login_attempts", "sessions", "recovery_codes"] as const) {
    await db.deleteFrom(table).execute();
  }
  await db.deleteFrom("users").execute();
  adminId = await createUser("presidente", "mot-de-passe-admin");
  admin = await signIn(adminId);
  coachId = await createUser("karim", PASSWORD, { roles: ["coach"] });
});

const cookieOf = (id: string) => `__session=${id}`;

/** The coach signs in with the password alone, as the login form does. */
async function coachSignsIn(): Promise<string> {
  const answer = await callRoute(
    loginAction,
    postRequest("/admin/login", { username: "karim", password: PASSWORD, redirectTo: "/admin" }),
    { clientIp: IP },
  );
  expect(answer.status).toBe(302);
  return cookieOf(sessionIdFrom(answer.headers)!);
}

function setRoles(userId: number, roles: string[], who: SignedIn = admin) {
  const body = new URLSearchParams({ intent: "roles", id: String(userId) });
  for (const role of roles) body.append("roles", role);
  const request = new Request("http://club.test/admin/benevoles", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: who.cookie },
  });
  return callRoute(volunteersAction, request, { clientIp: IP });
}

const openFiles = (cookie: string) =>
  callRoute(filesLoader, getRequest("/admin/adhesions", { cookie }));

const sessionCount = async (userId: number) =>
  (await getDb().selectFrom("sessions").select("id").where("user_id", "=", userId).execute())
    .length;

describe("a promotion while signed in", () => {
  it("ends the coach's session: made trésorier, it goes back through sign-in and enrolment", async () => {
    const cookie = await coachSignsIn();
    expect((await openFiles(cookie)).status).toBe(403);

    const promoted = await setRoles(coachId, ["coach", "tresorier"]);
    expect(promoted.status).toBe(200);
    expect(await sessionCount(coachId)).toBe(0);

    const refused = await openFiles(cookie);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fadhesions");
    // The password again: now the enrolment the new role requires, and nothing else.
    const again = await coachSignsIn();
    const rows = await getDb()
      .selectFrom("sessions")
      .select("pending")
      .where("user_id", "=", coachId)
      .execute();
    expect(rows).toEqual([{ pending: "enrol" }]);
    const sent = await openFiles(again);
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe("/admin/settings/account");
  });

  it("is refused by the guard itself when the roles change by another way", async () => {
    const cookie = await coachSignsIn();
    // A change that ends no session (an operator's SQL, a restore, a bug): the guard holds.
    await getDb()
      .updateTable("users")
      .set({ roles: "tresorier" })
      .where("id", "=", coachId)
      .execute();
    const page = await openFiles(cookie);
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toMatch(/^\/admin\/login\?/);
    expect(await sessionCount(coachId)).toBe(0);
    // A post is refused as a missing session (401), its form untouched.
    const post = await callRoute(
      accountAction,
      postRequest("/admin/settings/account", { intent: "email", email: "x@club.test" }, { cookie }),
      { clientIp: IP },
    );
    expect(post.status).toBe(401);
    const user = await getDb()
      .selectFrom("users")
      .select("email")
      .where("id", "=", coachId)
      .executeTakeFirstOrThrow();
    expect(user.email).toBeNull();
  });

  it("keeps, through such a change, a session that proved its factor", async () => {
    // The coach enrolled the optional factor in one session; another one never proved it.
    const unproven = await coachSignsIn();
    const proven = await coachSignsIn();
    const secret = (await startEnrolment({ userId: coachId }))!;
    const actor = { userId: coachId, username: "karim", ip: IP };
    expect(
      await confirmEnrolment({ userId: coachId, code: totpCode(secret), actor }),
    ).not.toBeNull();
    const { id } = await createSession({ userId: coachId, secondFactor: true });
    await getDb()
      .updateTable("users")
      .set({ roles: "tresorier" })
      .where("id", "=", coachId)
      .execute();
    expect((await openFiles(cookieOf(id))).status).toBe(200);
    expect((await openFiles(unproven)).status).toBe(302);
    expect((await openFiles(proven)).status).toBe(302);
  });

  it("keeps the admin's own session when they change their own roles, and ends the others", async () => {
    const elsewhere = await signIn(adminId);
    const answer = await setRoles(adminId, ["admin", "tresorier"]);
    expect(answer.status).toBe(200);
    expect(await getActiveSession({ id: admin.sessionId })).not.toBeNull();
    expect(await getActiveSession({ id: elsewhere.sessionId })).toBeNull();
  });

  it("ends nothing when the roles stay the same, or when the change is refused", async () => {
    const cookie = await coachSignsIn();
    expect((await setRoles(coachId, ["coach"])).status).toBe(200);
    expect(await sessionCount(coachId)).toBe(1);
    // Refused: the last admin cannot lose the role; a coach cannot change roles at all.
    expect((await setRoles(adminId, ["coach"])).status).toBe(409);
    expect(await getActiveSession({ id: admin.sessionId })).not.toBeNull();
    const coachSession = { cookie, sessionId: "", storedId: "" };
    expect((await setRoles(coachId, ["admin"], coachSession)).status).toBe(403);
    expect(await sessionCount(coachId)).toBe(1);
    const roles = await getDb().selectFrom("users").select(["id", "roles"]).orderBy("id").execute();
    expect(roles.map((row) => row.roles)).toEqual(["admin", "coach"]);
  });
});

describe("a factor disabled", () => {
  it("ends the person's other sessions, keeping the one that disabled it", async () => {
    const here = await coachSignsIn();
    const there = await coachSignsIn();
    const secret = (await startEnrolment({ userId: coachId }))!;
    const actor = { userId: coachId, username: "karim", ip: IP };
    await confirmEnrolment({ userId: coachId, code: totpCode(secret), actor });
    const answer = await callRoute(
      accountAction,
      postRequest(
        "/admin/settings/account",
        {
          intent: "2fa-disable",
          currentPassword: PASSWORD,
          code: totpCode(secret, new Date(Date.now() + 30_000)),
        },
        { cookie: here },
      ),
      { clientIp: IP },
    );
    expect(answer.status).toBe(200);
    expect(await getActiveSession({ id: here.slice("__session=".length) })).not.toBeNull();
    expect(await getActiveSession({ id: there.slice("__session=".length) })).toBeNull();
  });
});
