/*
 * Two-factor sign-in end to end through the routes' own loaders and actions
 * (docs/decisions/018-two-factor-sign-in.md): enrolment in Mon compte, the password then
 * the code, recovery codes, replays, the throttle, and what a pending session may open.
 */
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { createSession } from "~/domains/volunteers/sessions.server";
import routes from "~/routes";
import { openSecret } from "~/utils/secret-box.server";
import { base32Decode, totpCode } from "~/domains/volunteers/totp.server";
import { hashSessionId } from "~/core/session-hash";
import {
  callRoute,
  createUser,
  getRequest,
  ORIGIN,
  postRequest,
  sessionIdFrom,
  signIn,
} from "../../../tests/auth";
import { action as accountAction, loader as accountLoader } from "../admin/volunteers/account";
import { loader as dashboardLoader } from "../admin/dashboard/dashboard";
import { action as codeAction, loader as codeLoader } from "./login-code";
import { action as loginAction, loader as loginLoader } from "./login";

const PASSWORD = "mot-de-passe-tresor";
const IP = "198.51.100.7";
let userId: number;

beforeEach(async () => {
  const db = getDb();
  for (const table of ["activity_log", "login_attempts", "sessions", "recovery_codes"] as const) {
    await db.deleteFrom(table).execute();
  }
  await db.deleteFrom("users").execute();
  userId = await createUser("tresorier", PASSWORD, {
    roles: ["tresorier"],
    email: "tresor@club.test",
  });
});

const cookieOf = (id: string) => `__session=${id}`;
const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000);

function account(cookie: string, fields: Record<string, string>) {
  return callRoute(accountAction, postRequest("/admin/settings/account", fields, { cookie }), {
    clientIp: IP,
  });
}

function login(fields: Record<string, string>) {
  return callRoute(loginAction, postRequest("/admin/login", fields), { clientIp: IP });
}

function code(cookie: string, typed: string, redirectTo = "/admin/essais") {
  return callRoute(
    codeAction,
    postRequest("/admin/login/code", { code: typed, redirectTo }, { cookie }),
    { clientIp: IP },
  );
}

/** Enrols the user through Mon compte; returns the base32 secret and the recovery codes. */
async function enrol(cookie: string) {
  expect((await account(cookie, { intent: "2fa-start" })).status).toBe(302);
  const row = await getDb()
    .selectFrom("users")
    .select("totp_secret")
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  const secret = openSecret(row.totp_secret!);
  const confirmed = await account(cookie, { intent: "2fa-confirm", code: totpCode(secret) });
  expect(confirmed.status).toBe(200);
  const { recoveryCodes } = confirmed.data as { recoveryCodes: string[] };
  return { secret, recoveryCodes };
}

async function actions(): Promise<string[]> {
  const rows = await getDb().selectFrom("activity_log").select("action").orderBy("id").execute();
  return rows.map((row) => row.action);
}

async function sessionRows() {
  return getDb()
    .selectFrom("sessions")
    .select(["id", "pending", "ip", "user_agent"])
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

describe("enrolment and sign-in with a code", () => {
  it("a treasurer enrols at first sign-in, then signs in with password and code", async () => {
    // First sign-in, with the e-mail: the role requires a second factor not enrolled yet.
    const first = await login({ username: "Tresor@Club.test", password: PASSWORD });
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe("/admin/settings/account");
    const enrolCookie = cookieOf(sessionIdFrom(first.headers)!);
    expect((await sessionRows())[0]).toMatchObject({ pending: "enrol", ip: IP });

    // Only Mon compte: the dashboard sends back to it; other intents are refused.
    const dash = await callRoute(dashboardLoader, getRequest("/admin", { cookie: enrolCookie }));
    expect(dash.headers.get("location")).toBe("/admin/settings/account");
    expect((await account(enrolCookie, { intent: "sessions-end-others" })).status).toBe(403);
    const page = await callRoute(
      accountLoader,
      getRequest("/admin/settings/account", { cookie: enrolCookie }),
    );
    expect(page.data).toMatchObject({ enrolling: true, twoFactor: { enabled: false } });

    const { secret, recoveryCodes } = await enrol(enrolCookie);
    expect(recoveryCodes).toHaveLength(10);
    for (const one of recoveryCodes) expect(one).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    // The secret is stored sealed, the codes hashed.
    const user = await getDb()
      .selectFrom("users")
      .select(["totp_secret", "totp_enabled_at"])
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    expect(user.totp_secret).not.toContain(secret);
    expect(user.totp_enabled_at).not.toBeNull();
    const hashes = await getDb().selectFrom("recovery_codes").select("code_hash").execute();
    expect(hashes.map((row) => row.code_hash)).not.toContain(recoveryCodes[0]);
    // The enrolling session is now a full one: the dashboard opens.
    expect((await sessionRows())[0]!.pending).toBe("");
    const opened = await callRoute(dashboardLoader, getRequest("/admin", { cookie: enrolCookie }));
    expect(opened.status).toBe(200);

    // Next sign-in: password, then the code page.
    const second = await login({
      username: "tresorier",
      password: PASSWORD,
      redirectTo: "/admin/essais",
    });
    expect(second.headers.get("location")).toBe("/admin/login/code?redirectTo=%2Fadmin%2Fessais");
    const pendingId = sessionIdFrom(second.headers)!;
    const pending = cookieOf(pendingId);
    const shown = await callRoute(codeLoader, getRequest("/admin/login/code", { cookie: pending }));
    expect(shown.status).toBe(200);

    // The enrolment used this step's code: the next step's is the one accepted now.
    const wrong = await code(pending, "000000");
    expect(wrong.status).toBe(400);
    expect(wrong.data).toEqual({ error: "Code incorrect ou déjà utilisé" });
    const right = await code(pending, totpCode(secret, inSeconds(30)));
    expect(right.status).toBe(302);
    expect(right.headers.get("location")).toBe("/admin/essais");
    const fullId = sessionIdFrom(right.headers)!;
    expect(fullId).not.toBe(pendingId);
    const ids = (await sessionRows()).map((row) => row.id);
    expect(ids).not.toContain(hashSessionId(pendingId));
    expect(ids).toContain(hashSessionId(fullId));
    const dashboard = await callRoute(
      dashboardLoader,
      getRequest("/admin", { cookie: cookieOf(fullId) }),
    );
    expect(dashboard.status).toBe(200);

    expect(await actions()).toEqual(["login", "2fa.enrolled", "2fa.failed", "login"]);
  });

  it("a reused code is refused, in its window and after", async () => {
    const { secret } = await enrol((await signIn(userId)).cookie);
    const next = totpCode(secret, inSeconds(30));
    const first = await createSession({ userId, pending: "code" });
    expect((await code(cookieOf(first.id), next)).status).toBe(302);
    const second = await createSession({ userId, pending: "code" });
    expect((await code(cookieOf(second.id), next)).status).toBe(400);
    // The current step is older than the one used: refused too.
    expect((await code(cookieOf(second.id), totpCode(secret))).status).toBe(400);
  });

  it("a recovery code signs in once, whatever its case and dash", async () => {
    const { recoveryCodes } = await enrol((await signIn(userId)).cookie);
    const spare = recoveryCodes[3]!;
    const first = await createSession({ userId, pending: "code" });
    const typed = spare.replace("-", "").toUpperCase();
    expect((await code(cookieOf(first.id), typed)).status).toBe(302);
    const second = await createSession({ userId, pending: "code" });
    const again = await code(cookieOf(second.id), spare);
    expect(again.status).toBe(400);
    expect(await actions()).toEqual(["2fa.enrolled", "2fa.recovery-used", "login", "2fa.failed"]);
    const page = await callRoute(
      accountLoader,
      getRequest("/admin/settings/account", { cookie: (await signIn(userId)).cookie }),
    );
    expect(page.data).toMatchObject({ twoFactor: { recoveryCodesLeft: 9 } });
  });

  it("1,000 guessed codes from one address: no success, 429 from the 6th on", async () => {
    const { secret } = await enrol((await signIn(userId)).cookie);
    const pending = cookieOf((await createSession({ userId, pending: "code" })).id);
    const right = totpCode(secret, inSeconds(30));
    const statuses: number[] = [];
    for (let guess = 0; guess < 1000; guess += 1) {
      const typed = String(guess).padStart(6, "0");
      // The right code may be among the guesses: after the 5th, even it is refused.
      statuses.push((await code(pending, guess === 500 ? right : typed)).status);
    }
    expect(statuses.slice(0, 5).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(5).every((status) => status === 429)).toBe(true);
    const refused = await code(pending, right);
    expect(refused.data).toEqual({ error: "Trop de codes erronés. Réessayez dans 15 minutes." });
    // Still pending: nothing opened.
    expect((await sessionRows()).map((row) => row.pending)).toEqual(["", "code"]);
    // Another address is counted apart (per user and address).
    const elsewhere = await callRoute(
      codeAction,
      postRequest("/admin/login/code", { code: right, redirectTo: "/admin" }, { cookie: pending }),
      { clientIp: "192.0.2.99" },
    );
    expect(elsewhere.status).toBe(302);
  });

  it("a code session older than 10 minutes is refused and ended", async () => {
    await enrol((await signIn(userId)).cookie);
    const old = await createSession({
      userId,
      pending: "code",
      now: new Date(Date.now() - 11 * 60 * 1000),
    });
    const shown = await callRoute(
      codeLoader,
      getRequest("/admin/login/code", { cookie: cookieOf(old.id) }),
    );
    expect(shown.status).toBe(302);
    expect(shown.headers.get("location")).toBe("/admin/login?codeExpired=1");
    const back = await callRoute(loginLoader, getRequest("/admin/login?codeExpired=1"));
    expect(back.data).toMatchObject({
      error: "Le délai pour saisir le code est dépassé : reconnectez-vous.",
    });
    expect((await sessionRows()).map((row) => row.pending)).toEqual([""]);
  });
});

/** Every module under routes/admin/ in app/routes.ts, with a URL. */
function adminRoutes(entries: RouteConfigEntry[], parent = ""): { file: string; url: string }[] {
  return entries.flatMap((entry) => {
    const own = entry.path?.replace(/:[^/]+/g, "1");
    const url = own ? `${parent}/${own}`.replace(/\/+/g, "/") : parent;
    const here = entry.file.startsWith("routes/admin/") ? [{ file: entry.file, url }] : [];
    return [...here, ...adminRoutes(entry.children ?? [], url)];
  });
}

describe("a session awaiting its code", () => {
  it("opens no admin page and no admin action", async () => {
    const pending = cookieOf((await createSession({ userId, pending: "code" })).id);
    const found = adminRoutes(routes);
    expect(found.length).toBeGreaterThan(15);
    for (const route of found) {
      const module = await import(/* @vite-ignore */ path.resolve("app", route.file));
      if (module.loader) {
        const answer = await callRoute(module.loader, getRequest(route.url, { cookie: pending }));
        expect(answer.status, route.file).toBe(302);
        expect(answer.headers.get("location"), route.file).toMatch(/^\/admin\/login\/code\?/);
      }
      if (module.action) {
        const request = new Request(`${ORIGIN}${route.url}`, {
          method: "POST",
          headers: { Cookie: pending, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ intent: "2fa-start" }),
        });
        expect((await callRoute(module.action, request)).status, route.file).toBe(401);
      }
    }
    const user = await getDb()
      .selectFrom("users")
      .select("totp_secret")
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    expect(user.totp_secret).toBeNull();
  });
});

describe("sign-in refusals", () => {
  it("a deactivated account never signs in, answered as wrong credentials", async () => {
    await getDb()
      .updateTable("users")
      .set({ deactivated_at: new Date().toISOString() })
      .where("id", "=", userId)
      .execute();
    const answer = await login({ username: "tresorier", password: PASSWORD });
    expect(answer.status).toBe(401);
    expect(answer.data).toMatchObject({ formError: "Identifiants incorrects" });
    expect(await sessionRows()).toEqual([]);
    const journal = await getDb()
      .selectFrom("activity_log")
      .select(["action", "user_id", "username"])
      .execute();
    expect(journal).toEqual([{ action: "login.failed", user_id: userId, username: "tresorier" }]);
  });

  it("an unknown identifier is journalled without a user, and without what was typed", async () => {
    const typed = `  ${"x".repeat(150)}  `;
    await login({ username: typed, password: "n'importe" });
    const journal = await getDb()
      .selectFrom("activity_log")
      .select(["action", "user_id", "username", "ip"])
      .execute();
    expect(journal).toEqual([
      { action: "login.failed", user_id: null, username: "(identifiant inconnu)", ip: IP },
    ]);
  });
});
