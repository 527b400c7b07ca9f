import { createHash } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import {
  deleteExpiredSessions,
  getActiveSession,
  SESSION_IDLE_MS,
  SESSION_MAX_AGE_MS,
} from "~/domains/volunteers/sessions.server";
import { createUser, getRequest, postRequest, signIn } from "../../../tests/auth";
import { requireUser, safeRedirect } from "./auth.server";

const DAY = 24 * 60 * 60 * 1000;
let userId: number;

beforeAll(async () => {
  userId = await createUser("coach", "mot-de-passe");
});

beforeEach(async () => {
  await getDb().deleteFrom("sessions").execute();
});

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a thrown Response");
}

/** A session row as it would be after the given ages. */
async function agedSession({ createdAgo, usedAgo }: { createdAgo: number; usedAgo: number }) {
  const { sessionId, storedId, cookie } = await signIn(userId);
  const now = Date.now();
  await getDb()
    .updateTable("sessions")
    .set({
      created_at: new Date(now - createdAgo).toISOString(),
      last_used_at: new Date(now - usedAgo).toISOString(),
      expires_at: new Date(now - createdAgo + SESSION_MAX_AGE_MS).toISOString(),
    })
    .where("id", "=", storedId)
    .execute();
  return { sessionId, storedId, cookie };
}

const sessionIds = async () =>
  (await getDb().selectFrom("sessions").select("id").execute()).map((row) => row.id);

describe("requireUser", () => {
  it("returns the admin's session when the cookie names a live one", async () => {
    const { cookie, sessionId } = await signIn(userId);
    const session = await requireUser(getRequest("/admin/dashboard", { cookie }));
    expect(session).toMatchObject({ id: sessionId, userId, username: "coach" });
  });

  it("sends a page request without a session to the login page, remembering path and query", async () => {
    const response = await thrown(requireUser(getRequest("/admin/blog?page=2&q=gala")));
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!, "http://club.test");
    expect(location.pathname).toBe("/admin/login");
    expect(location.searchParams.get("redirectTo")).toBe("/admin/blog?page=2&q=gala");
  });

  it("answers 401 to a non-GET request without a session", async () => {
    const response = await thrown(requireUser(postRequest("/admin/settings/account", {})));
    expect(response.status).toBe(401);
  });

  it("stores only the SHA-256 of the cookie's id, which opens no session itself", async () => {
    const { sessionId } = await signIn(userId);
    const expected = createHash("sha256").update(sessionId).digest("base64url");
    expect(await sessionIds()).toContain(expected);
    expect(await sessionIds()).not.toContain(sessionId);
    const response = await thrown(
      requireUser(getRequest("/admin", { cookie: `__session=${expected}` })),
    );
    expect(response.status).toBe(302);
  });

  it("refuses an unknown or malformed session id", async () => {
    for (const cookie of ["__session=" + "a".repeat(43), "__session=../../etc", "autre=1"]) {
      const response = await thrown(requireUser(getRequest("/admin", { cookie })));
      expect(response.status).toBe(302);
    }
  });
});

describe("session expiry", () => {
  it("refuses a session unused for 7 days and deletes it", async () => {
    const { cookie, storedId } = await agedSession({
      createdAgo: 8 * DAY,
      usedAgo: SESSION_IDLE_MS + 1000,
    });
    const response = await thrown(requireUser(getRequest("/admin", { cookie })));
    expect(response.status).toBe(302);
    expect(await sessionIds()).not.toContain(storedId);
  });

  it("keeps a session used within 7 days, and refreshes its last use", async () => {
    const { cookie, storedId } = await agedSession({ createdAgo: 20 * DAY, usedAgo: 6 * DAY });
    const before = Date.now();
    await requireUser(getRequest("/admin", { cookie }));
    const row = await getDb()
      .selectFrom("sessions")
      .selectAll()
      .where("id", "=", storedId)
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.last_used_at)).toBeGreaterThanOrEqual(before);
  });

  it("refuses a session 30 days after login even if used every day", async () => {
    const { cookie, storedId } = await agedSession({
      createdAgo: SESSION_MAX_AGE_MS + 1000,
      usedAgo: 60 * 1000,
    });
    const response = await thrown(requireUser(getRequest("/admin", { cookie })));
    expect(response.status).toBe(302);
    expect(await sessionIds()).not.toContain(storedId);
  });

  it("writes last use at most once a minute", async () => {
    const { sessionId, storedId } = await signIn(userId);
    const start = new Date();
    const lastUsed = async () =>
      (
        await getDb()
          .selectFrom("sessions")
          .select("last_used_at")
          .where("id", "=", storedId)
          .executeTakeFirstOrThrow()
      ).last_used_at;
    const created = await lastUsed();
    await getActiveSession({ id: sessionId, now: new Date(start.getTime() + 30 * 1000) });
    expect(await lastUsed()).toBe(created);
    const later = new Date(start.getTime() + 61 * 1000);
    await getActiveSession({ id: sessionId, now: later });
    expect(await lastUsed()).toBe(later.toISOString());
  });

  it("cleans every expired session at once (done at each login)", async () => {
    const idle = await agedSession({ createdAgo: 10 * DAY, usedAgo: 8 * DAY });
    const old = await agedSession({ createdAgo: 31 * DAY, usedAgo: DAY });
    const live = await agedSession({ createdAgo: 2 * DAY, usedAgo: DAY });
    expect(await deleteExpiredSessions()).toBe(2);
    expect(await sessionIds()).toEqual([live.storedId]);
    expect(await sessionIds()).not.toContain(idle.storedId);
    expect(await sessionIds()).not.toContain(old.storedId);
  });
});

describe("safeRedirect", () => {
  it("keeps back-office paths and their query", () => {
    expect(safeRedirect("/admin")).toBe("/admin");
    expect(safeRedirect("/admin/settings/account")).toBe("/admin/settings/account");
    expect(safeRedirect("/admin/blog?page=2#liste")).toBe("/admin/blog?page=2#liste");
  });

  it("sends anything else to the dashboard", () => {
    for (const target of [
      null,
      undefined,
      "",
      "https://evil.example",
      "http://evil.example/admin",
      "//evil.example",
      "//evil.example/admin",
      "/\\evil.example",
      "/admin\\..\\evil",
      "/admin/../blog",
      "/admin/%2e%2e/blog",
      "/administrateur",
      "/blog",
      "admin/dashboard",
      "javascript:alert(1)",
      "/admin\n//evil.example",
      "/admin\t/x",
    ]) {
      expect(safeRedirect(target), String(target)).toBe("/admin/dashboard");
    }
  });
});
