import { beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { getDb } from "~/db/client.server";
import { LOGIN_DELAY_MS } from "~/domains/content/defaults";
import { hashSessionId } from "~/core/session-hash";
import {
  callRoute,
  createUser,
  getRequest,
  postRequest,
  sessionIdFrom,
  signIn,
} from "../../../tests/auth";
import { action, loader } from "./login";
import { getSiteAddress } from "~/core/site-address.server";

const PASSWORD = "bon-mot-de-passe";
let userId: number;

beforeAll(async () => {
  userId = await createUser("coach", PASSWORD, { roles: ["coach"] });
});

beforeEach(async () => {
  await getDb().deleteFrom("login_attempts").execute();
  await getDb().deleteFrom("sessions").execute();
});

function login(
  fields: Record<string, string>,
  {
    ip = "203.0.113.1",
    headers,
    url = "http://club.test",
    cookie,
  }: {
    ip?: string;
    headers?: Record<string, string>;
    url?: string;
    cookie?: string;
  } = {},
) {
  const request = postRequest("/admin/login", fields, { headers, origin: url, cookie });
  return callRoute(action, request, { clientIp: ip });
}

const attempts = () => getDb().selectFrom("login_attempts").selectAll().execute();
const sessions = () => getDb().selectFrom("sessions").selectAll().execute();

describe("login form", () => {
  it("requires both fields, in French, keeping the typed username", async () => {
    const empty = await login({ username: "", password: "" });
    expect(empty.status).toBe(400);
    expect(empty.data).toMatchObject({
      errors: {
        username: "Le nom d'utilisateur est obligatoire",
        password: "Le mot de passe est obligatoire",
      },
    });

    const noPassword = await login({ username: "coach" });
    expect(noPassword.status).toBe(400);
    expect(noPassword.data).toMatchObject({
      errors: { password: "Le mot de passe est obligatoire" },
      fields: { username: "coach" },
    });
    expect(noPassword.data).not.toHaveProperty("errors.username");
    expect(await sessions()).toHaveLength(0);
  });

  it("answers wrong credentials identically for an unknown user and a wrong password", async () => {
    const unknown = await login({ username: "personne", password: PASSWORD });
    const wrong = await login({ username: "coach", password: "mauvais" });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.data).toMatchObject({ formError: "Identifiants incorrects" });
    const strip = (data: unknown) => ({ ...(data as object), fields: null });
    expect(strip(unknown.data)).toEqual(strip(wrong.data));
    expect(await sessions()).toHaveLength(0);
  });

  it("answers no sooner than 800 ms, right or wrong", async () => {
    // The real floor, which the other tests skip (vitest.config.ts sets LOGIN_FLOOR_MS).
    vi.stubEnv("LOGIN_FLOOR_MS", undefined);
    onTestFinished(() => {
      vi.unstubAllEnvs();
    });
    for (const fields of [
      { username: "coach", password: PASSWORD },
      { username: "coach", password: "mauvais" },
      { username: "personne", password: "x" },
      { username: "", password: "" },
    ]) {
      const started = performance.now();
      await login(fields);
      expect(performance.now() - started).toBeGreaterThanOrEqual(LOGIN_DELAY_MS - 1);
    }
    expect(LOGIN_DELAY_MS).toBe(800);
  });

  it("opens a session whose id alone is in an HttpOnly, SameSite=Lax cookie", async () => {
    const answer = await login({ username: "coach", password: PASSWORD });
    expect(answer.status).toBe(302);
    const cookie = answer.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^__session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    expect(cookie).not.toContain("Secure");
    const rows = await sessions();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(hashSessionId(sessionIdFrom(answer.headers)!));
    expect(rows[0]!.user_id).toBe(userId);
  });

  it("marks the cookie Secure when served over HTTPS, directly or behind a proxy", async () => {
    const direct = await login(
      { username: "coach", password: PASSWORD },
      { url: "https://club.test" },
    );
    expect(direct.headers.get("set-cookie")).toContain("; Secure");
    const proxied = await login(
      { username: "coach", password: PASSWORD },
      { headers: { "X-Forwarded-Proto": "https" } },
    );
    expect(proxied.headers.get("set-cookie")).toContain("; Secure");
  });

  it("gives a new random session id at each login and ends the browser's previous one", async () => {
    const first = await login({ username: "coach", password: PASSWORD });
    const firstId = sessionIdFrom(first.headers)!;
    const second = await login(
      { username: "coach", password: PASSWORD },
      { cookie: `__session=${firstId}` },
    );
    const secondId = sessionIdFrom(second.headers)!;
    expect(secondId).not.toBe(firstId);
    expect((await sessions()).map((s) => s.id)).toEqual([hashSessionId(secondId)]);
  });

  it("never takes the club's address from the address signed in at", async () => {
    const before = await getSiteAddress();
    const answer = await login(
      { username: "coach", password: PASSWORD },
      { url: "https://faux.example", headers: { "X-Forwarded-Host": "faux.example" } },
    );
    expect(answer.status).toBe(302);
    expect(await getSiteAddress()).toEqual(before);
    expect(before.origin).toMatch(/^http:\/\/localhost:\d+$/);
    const meta = await getDb().selectFrom("app_meta").select("value").execute();
    expect(meta.map((row) => row.value).join(" ")).not.toContain("faux.example");
  });

  it("redirects only to a path of the back office", async () => {
    // The full table of refused targets is in app/utils/auth.server.test.ts.
    const cases: [string | undefined, string][] = [
      ["/admin/settings/account", "/admin/settings/account"],
      [undefined, "/admin/dashboard"],
      ["https://evil.example", "/admin/dashboard"],
      ["//evil.example", "/admin/dashboard"],
      ["/\\evil.example", "/admin/dashboard"],
    ];
    const fields = { username: "coach", password: PASSWORD };
    const answers = await Promise.all(
      cases.map(([redirectTo]) =>
        login(redirectTo === undefined ? fields : { ...fields, redirectTo }),
      ),
    );
    cases.forEach(([redirectTo, expected], i) => {
      expect(answers[i]!.status, String(redirectTo)).toBe(302);
      expect(answers[i]!.headers.get("location"), String(redirectTo)).toBe(expected);
    });
  });
});

describe("login throttling", () => {
  const TOO_MANY = "Trop de tentatives de connexion. Réessayez dans 15 minutes.";

  /** n failures recorded as the server records them, failure i from who(i). */
  async function recordFailures(n: number, who: (i: number) => { username: string; ip: string }) {
    const now = new Date().toISOString();
    await getDb()
      .insertInto("login_attempts")
      .values(Array.from({ length: n }, (_, i) => ({ ...who(i), succeeded: 0, attempted_at: now })))
      .execute();
  }

  /** n wrong passwords at once, attempt i from who(i). */
  function fail(n: number, who: (i: number) => { username: string; ip: string }) {
    return Promise.all(
      Array.from({ length: n }, (_, i) =>
        login({ username: who(i).username, password: "mauvais" }, { ip: who(i).ip }),
      ),
    );
  }

  it("answers 429 to an address after 5 failures for a username, even with the right password", async () => {
    const failures = await fail(5, () => ({ username: "coach", ip: "198.51.100.1" }));
    expect(failures.map((f) => f.status)).toEqual([401, 401, 401, 401, 401]);
    const right = await login({ username: "coach", password: PASSWORD }, { ip: "198.51.100.1" });
    expect(right.status).toBe(429);
    expect(right.data).toMatchObject({ formError: TOO_MANY });
    expect(await sessions()).toHaveLength(0);
  });

  it("lets the owner in from another address after 5 failures elsewhere, slowed down", async () => {
    await fail(5, () => ({ username: "coach", ip: "198.51.100.1" }));
    const owner = await login({ username: "coach", password: PASSWORD }, { ip: "192.0.2.77" });
    expect(owner.status).toBe(302);
    expect(await sessions()).toHaveLength(1);
  });

  it("never refuses the owner for failures from many addresses, only delays them", async () => {
    // 7 failures against "coach", each from its own address (a botnet).
    await recordFailures(7, (i) => ({ username: "coach", ip: `198.18.0.${i}` }));
    const startedAt = Date.now();
    const owner = await login({ username: "coach", password: PASSWORD }, { ip: "192.0.2.78" });
    expect(owner.status).toBe(302);
    // The 8th failure counted: 0.5 s doubled twice, beyond the 0.8 s every answer waits.
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(2000);
  });

  it("does not reveal whether the throttled username exists", async () => {
    await recordFailures(5, () => ({ username: "coach", ip: "10.0.0.1" }));
    await recordFailures(5, () => ({ username: "fantome", ip: "10.0.0.2" }));
    const known = await login({ username: "coach", password: "x" }, { ip: "10.0.0.1" });
    const unknown = await login({ username: "fantome", password: "x" }, { ip: "10.0.0.2" });
    expect(known.status).toBe(429);
    expect(unknown.status).toBe(429);
    const strip = (data: unknown) => ({ ...(data as object), fields: null });
    expect(strip(known.data)).toEqual(strip(unknown.data));
  });

  it("answers 429 after 5 failures from one IP, whatever the usernames", async () => {
    await fail(5, (i) => ({ username: `inconnu-${i}`, ip: "203.0.113.9" }));
    const fromThatIp = await login(
      { username: "coach", password: PASSWORD },
      { ip: "203.0.113.9" },
    );
    expect(fromThatIp.status).toBe(429);
    expect(fromThatIp.data).toMatchObject({ formError: TOO_MANY });
    const fromElsewhere = await login(
      { username: "coach", password: PASSWORD },
      { ip: "203.0.113.10" },
    );
    expect(fromElsewhere.status).toBe(302);
  });

  it("lets no more than 5 of a burst of parallel attempts from one address check the password", async () => {
    const burst = await fail(12, () => ({ username: "coach", ip: "192.0.2.1" }));
    const statuses = burst.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });

  it("counts only the last 15 minutes, and removes older attempts", async () => {
    const old = new Date(Date.now() - 16 * 60 * 1000).toISOString();
    await getDb()
      .insertInto("login_attempts")
      .values(
        Array.from({ length: 6 }, () => ({
          ip: "203.0.113.1",
          username: "coach",
          succeeded: 0,
          attempted_at: old,
        })),
      )
      .execute();
    const answer = await login({ username: "coach", password: PASSWORD });
    expect(answer.status).toBe(302);
    expect((await attempts()).filter((a) => a.attempted_at === old)).toHaveLength(0);
  });

  it("clears the username's failures on success", async () => {
    await recordFailures(4, (i) => ({ username: "coach", ip: `10.1.0.${i}` }));
    const success = await login({ username: "coach", password: PASSWORD }, { ip: "10.1.1.1" });
    expect(success.status).toBe(302);
    const failuresLeft = (await attempts()).filter(
      (a) => a.username === "coach" && a.succeeded === 0,
    );
    expect(failuresLeft).toHaveLength(0);
  });

  it("falls back to the IP 'unknown' when no context is given", async () => {
    const request = postRequest("/admin/login", { username: "coach", password: "mauvais" });
    await callRoute(action, request, null);
    expect((await attempts()).map((a) => a.ip)).toEqual(["unknown"]);
  });
});

describe("login page", () => {
  it("says 'Déconnexion réussie' after a logout, and the error when it failed", async () => {
    const ok = await callRoute(loader, getRequest("/admin/login?loggedOut=1"));
    expect(ok.data).toMatchObject({ notice: "Déconnexion réussie", error: null });
    const failed = await callRoute(loader, getRequest("/admin/login?loggedOut=0"));
    expect(failed.data).toMatchObject({ error: "Erreur lors de la déconnexion" });
  });

  it("sends a signed-in admin on to the page asked for", async () => {
    const { cookie } = await signIn(userId);
    const answer = await callRoute(
      loader,
      getRequest("/admin/login?redirectTo=%2Fadmin%2Fsettings%2Faccount", { cookie }),
    );
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/admin/settings/account");
  });

  it("keeps only a safe redirectTo for the form", async () => {
    const answer = await callRoute(
      loader,
      getRequest("/admin/login?redirectTo=https://evil.example"),
    );
    expect(answer.data).toMatchObject({ redirectTo: "/admin/dashboard" });
  });
});
