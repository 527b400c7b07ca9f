import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { createUser, signIn } from "../../../tests/auth";
import { getActiveSession } from "./sessions.server";
import { verifyLogin } from "./user.server";
import {
  deactivateVolunteer,
  listVolunteers,
  reactivateVolunteer,
  setVolunteerRoles,
} from "./volunteer.server";
import {
  acceptInvitation,
  getInvitation,
  inviteVolunteer,
  resendInvitation,
} from "./volunteer-invitation.server";

const HOUR = 60 * 60 * 1000;
let adminId: number;
const actor = () => ({ userId: adminId, username: "presidente", ip: "192.0.2.1" });

beforeEach(async () => {
  const db = getDb();
  await db.deleteFrom("activity_log").execute();
  await db.deleteFrom("mail_outbox").execute();
  await db.deleteFrom("users").execute();
  adminId = await createUser("presidente", "mot-de-passe-1", { email: "presidente@club.test" });
});

/** The links of the mails queued to this address, oldest first. */
async function linksMailedTo(email: string): Promise<string[]> {
  const rows = await getDb()
    .selectFrom("mail_outbox")
    .select("body_text")
    .where("to_address", "=", email)
    .orderBy("id")
    .execute();
  return rows.flatMap(
    (row) => row.body_text.match(/https?:\/\/\S+\/admin\/invitation\/\S+/g) ?? [],
  );
}

const tokenOf = (link: string) => link.split("/").at(-1)!;

async function journal() {
  return getDb()
    .selectFrom("activity_log")
    .select(["username", "action", "item_label"])
    .orderBy("id")
    .execute();
}

async function invite(username: string, email: string, roles: ("admin" | "coach")[] = ["coach"]) {
  const result = await inviteVolunteer({ actor: actor(), username, email, roles });
  if (result.status !== "invited") throw new Error(result.message);
  return result.userId;
}

describe("invitation", () => {
  it("mails a link; the person chooses a password once and is signed in", async () => {
    const userId = await invite("coach-karim", "karim@club.test");
    const [link] = await linksMailedTo("karim@club.test");
    expect(link).toMatch(/^http:\/\/localhost:\d+\/admin\/invitation\/[A-Za-z0-9_-]{43}$/);
    // Only the hash is stored.
    const stored = await getDb().selectFrom("user_tokens").select("token_hash").execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(tokenOf(link!));
    // No password can sign in before the invitation is accepted.
    expect(await verifyLogin({ username: "coach-karim", password: "!" })).toBeNull();
    expect((await listVolunteers()).find((v) => v.id === userId)?.status).toBe("invited");

    expect(await getInvitation({ token: tokenOf(link!) })).toMatchObject({
      username: "coach-karim",
    });
    const joined = await acceptInvitation({
      token: tokenOf(link!),
      password: "gants-rouges",
      ip: "192.0.2.9",
      userAgent: "Firefox",
    });
    expect(joined?.pending).toBe("");
    const session = await getActiveSession({ id: joined!.sessionId });
    expect(session).toMatchObject({ username: "coach-karim", roles: ["coach"], pending: "" });
    expect(await verifyLogin({ username: "coach-karim", password: "gants-rouges" })).toMatchObject({
      id: userId,
    });
    expect((await listVolunteers()).find((v) => v.id === userId)?.status).toBe("active");
    expect(await journal()).toEqual([
      { username: "presidente", action: "user.invited", item_label: "coach-karim" },
      { username: "coach-karim", action: "user.joined", item_label: "coach-karim" },
    ]);

    // Used: refused, and the password stays.
    expect(await getInvitation({ token: tokenOf(link!) })).toBeNull();
    const again = await acceptInvitation({
      token: tokenOf(link!),
      password: "autre-chose",
      ip: "198.51.100.1",
      userAgent: "",
    });
    expect(again).toBeNull();
    expect(await verifyLogin({ username: "coach-karim", password: "gants-rouges" })).not.toBeNull();
  });

  it("asks an admin to enrol a second factor first", async () => {
    await invite("tresor", "tresor@club.test", ["admin"]);
    const [link] = await linksMailedTo("tresor@club.test");
    const joined = await acceptInvitation({
      token: tokenOf(link!),
      password: "gants-rouges",
      ip: "",
      userAgent: "",
    });
    expect(joined?.pending).toBe("enrol");
  });

  it("expires after 72 hours", async () => {
    const now = new Date();
    await inviteVolunteer({
      actor: actor(),
      username: "lea",
      email: "lea@club.test",
      roles: ["coach"],
      now,
    });
    const [link] = await linksMailedTo("lea@club.test");
    const later = new Date(now.getTime() + 72 * HOUR + 1000);
    expect(await getInvitation({ token: tokenOf(link!), now: later })).toBeNull();
    expect(
      await acceptInvitation({
        token: tokenOf(link!),
        password: "gants-rouges",
        ip: "",
        userAgent: "",
        now: later,
      }),
    ).toBeNull();
    expect((await listVolunteers({ now: later })).find((v) => v.username === "lea")?.status).toBe(
      "invitation-expired",
    );
    expect(
      await getInvitation({ token: tokenOf(link!), now: new Date(now.getTime() + 71 * HOUR) }),
    ).not.toBeNull();
  });

  it("sent again, voids the earlier link", async () => {
    const userId = await invite("lea", "lea@club.test");
    expect(await resendInvitation({ actor: actor(), userId })).toBe(true);
    const [first, second] = await linksMailedTo("lea@club.test");
    expect(await getInvitation({ token: tokenOf(first!) })).toBeNull();
    expect(await getInvitation({ token: tokenOf(second!) })).not.toBeNull();
    // Once joined, there is nothing to resend.
    await acceptInvitation({
      token: tokenOf(second!),
      password: "gants-rouges",
      ip: "",
      userAgent: "",
    });
    expect(await resendInvitation({ actor: actor(), userId })).toBe(false);
  });

  it("keeps usernames (whatever their case) and e-mails unique", async () => {
    await invite("Lea", "lea@club.test");
    expect(
      await inviteVolunteer({
        actor: actor(),
        username: "lea",
        email: "x@club.test",
        roles: ["coach"],
      }),
    ).toMatchObject({ status: "taken", field: "username" });
    expect(
      await inviteVolunteer({
        actor: actor(),
        username: "lea2",
        email: "lea@club.test",
        roles: ["coach"],
      }),
    ).toMatchObject({ status: "taken", field: "email" });
    expect(await getDb().selectFrom("users").select("id").execute()).toHaveLength(2);
  });

  it("answers « taken », never an error, to the same invitation sent twice at once", async () => {
    const twice = await Promise.all(
      [1, 2].map(() =>
        inviteVolunteer({
          actor: actor(),
          username: "Noa",
          email: "noa@club.test",
          roles: ["coach"],
        }),
      ),
    );
    expect(twice.map((result) => result.status).sort()).toEqual(["invited", "taken"]);
    expect(await linksMailedTo("noa@club.test")).toHaveLength(1);
  });
});

describe("roles and deactivation", () => {
  it("never leaves the club without an active admin", async () => {
    expect(await setVolunteerRoles({ actor: actor(), userId: adminId, roles: ["coach"] })).toBe(
      "last-admin",
    );
    expect(await deactivateVolunteer({ actor: actor(), userId: adminId })).toBe("last-admin");
    // An invited admin who has not joined does not count.
    await invite("futur-admin", "futur@club.test", ["admin"]);
    expect(await setVolunteerRoles({ actor: actor(), userId: adminId, roles: ["coach"] })).toBe(
      "last-admin",
    );
    const row = await getDb()
      .selectFrom("users")
      .select(["roles", "deactivated_at"])
      .where("id", "=", adminId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ roles: "admin", deactivated_at: null });
    expect((await journal()).map((entry) => entry.action)).toEqual(["user.invited"]);
  });

  it("lets only one of two admins demoting each other at once succeed", async () => {
    const otherId = await createUser("tresoriere", "mot-de-passe-2");
    const results = await Promise.all([
      setVolunteerRoles({ actor: actor(), userId: otherId, roles: ["tresorier"] }),
      setVolunteerRoles({
        actor: { userId: otherId, username: "tresoriere", ip: "" },
        userId: adminId,
        roles: ["coach"],
      }),
    ]);
    expect([...results].sort()).toEqual(["done", "last-admin"]);
    const admins = await getDb()
      .selectFrom("users")
      .select("roles")
      .where("roles", "like", "%admin%")
      .execute();
    expect(admins).toHaveLength(1);
  });

  it("lets only one of two admins deactivating each other at once succeed", async () => {
    const otherId = await createUser("tresoriere", "mot-de-passe-2");
    const results = await Promise.all([
      deactivateVolunteer({ actor: actor(), userId: otherId }),
      deactivateVolunteer({
        actor: { userId: otherId, username: "tresoriere", ip: "" },
        userId: adminId,
      }),
    ]);
    expect([...results].sort()).toEqual(["done", "last-admin"]);
  });

  it("changes roles, the journal naming who and whom", async () => {
    const userId = await createUser("karim", "mot-de-passe-3", { roles: ["coach"] });
    expect(await setVolunteerRoles({ actor: actor(), userId, roles: ["coach", "redaction"] })).toBe(
      "done",
    );
    expect((await listVolunteers()).find((v) => v.id === userId)?.roles).toEqual([
      "redaction",
      "coach",
    ]);
    expect(await journal()).toEqual([
      { username: "presidente", action: "user.roles", item_label: "karim" },
    ]);
  });

  it("deactivating ends every session at once and keeps the account's journal", async () => {
    const userId = await createUser("karim", "mot-de-passe-3", { roles: ["coach"] });
    const first = await signIn(userId);
    await signIn(userId);
    await getDb()
      .insertInto("activity_log")
      .values({
        user_id: userId,
        username: "karim",
        action: "save",
        item_type: "content",
        item_id: "home",
        item_label: "Accueil",
        ip: "",
        created_at: new Date().toISOString(),
      })
      .execute();
    expect(await deactivateVolunteer({ actor: actor(), userId })).toBe("done");
    expect(await getActiveSession({ id: first.sessionId })).toBeNull();
    const sessions = await getDb()
      .selectFrom("sessions")
      .select("id")
      .where("user_id", "=", userId)
      .execute();
    expect(sessions).toHaveLength(0);
    const volunteer = (await listVolunteers()).find((v) => v.id === userId);
    expect(volunteer?.status).toBe("deactivated");
    expect(await journal()).toEqual([
      { username: "karim", action: "save", item_label: "Accueil" },
      { username: "presidente", action: "user.deactivated", item_label: "karim" },
    ]);

    expect(await reactivateVolunteer({ actor: actor(), userId })).toBe("done");
    expect((await listVolunteers()).find((v) => v.id === userId)?.status).toBe("active");
    const again = await signIn(userId);
    expect(await getActiveSession({ id: again.sessionId })).not.toBeNull();
  });

  it("shows the last sign-in", async () => {
    const userId = await createUser("karim", "mot-de-passe-3", { roles: ["coach"] });
    expect((await listVolunteers()).find((v) => v.id === userId)?.lastSignInAt).toBeNull();
    await signIn(userId);
    expect((await listVolunteers()).find((v) => v.id === userId)?.lastSignInAt).not.toBeNull();
  });
});
