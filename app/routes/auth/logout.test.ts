import { sql } from "kysely";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "~/db/client.server";
import { callRoute, createUser, getRequest, postRequest, signIn } from "../../../tests/auth";
import { action, loader } from "./logout";

let userId: number;
beforeAll(async () => {
  userId = await createUser("coach", "mot-de-passe");
});

const sessionIds = async () =>
  (await getDb().selectFrom("sessions").select("id").execute()).map((row) => row.id);

describe("logout", () => {
  it("deletes the session row, clears the cookie and goes to the login page", async () => {
    const mine = await signIn(userId);
    const other = await signIn(userId);
    const answer = await callRoute(
      action,
      postRequest("/admin/logout", {}, { cookie: mine.cookie }),
    );
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/admin/login?loggedOut=1");
    const cookie = answer.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^__session=;/);
    expect(cookie).toContain("Max-Age=0");
    expect(cookie).toContain("HttpOnly");
    expect(await sessionIds()).toEqual([other.storedId]);
  });

  it("does not log out on GET", async () => {
    const { cookie, storedId } = await signIn(userId);
    const answer = await callRoute(loader, getRequest("/admin/logout", { cookie }));
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/admin");
    expect(answer.headers.get("set-cookie")).toBeNull();
    expect(await sessionIds()).toContain(storedId);
  });

  it("still clears the cookie without a session", async () => {
    const answer = await callRoute(action, postRequest("/admin/logout", {}));
    expect(answer.headers.get("location")).toBe("/admin/login?loggedOut=1");
    expect(answer.headers.get("set-cookie")).toContain("Max-Age=0");
  });

  it("reports 'Erreur lors de la déconnexion' when the session cannot be deleted", async () => {
    const { cookie } = await signIn(userId);
    // The last test of this file: its database loses the sessions table.
    await sql`drop table sessions`.execute(getDb());
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const answer = await callRoute(action, postRequest("/admin/logout", {}, { cookie }));
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
    expect(answer.headers.get("location")).toBe("/admin/login?loggedOut=0");
    expect(answer.headers.get("set-cookie")).toContain("Max-Age=0");
  });
});
