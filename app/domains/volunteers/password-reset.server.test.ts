import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { createUser, signIn } from "../../../tests/auth";
import {
  getPasswordReset,
  requestPasswordReset,
  RESET_ACCOUNT_LIMIT,
  RESET_IP_LIMIT,
  resetPassword,
} from "./password-reset.server";
import { getActiveSession } from "./sessions.server";
import { verifyLogin } from "./user.server";
import { deactivateVolunteer } from "./volunteer.server";

const HOUR = 60 * 60 * 1000;
const EMAIL = "karim@club.test";
let userId: number;

beforeEach(async () => {
  const db = getDb();
  await db.deleteFrom("activity_log").execute();
  await db.deleteFrom("mail_outbox").execute();
  await db.deleteFrom("login_attempts").execute();
  await db.deleteFrom("users").execute();
  await createUser("presidente", "mot-de-passe-1");
  userId = await createUser("karim", "ancien-mot-de-passe", { roles: ["coach"], email: EMAIL });
});

async function resetLinks(): Promise<string[]> {
  const rows = await getDb()
    .selectFrom("mail_outbox")
    .select("body_text")
    .where("to_address", "=", EMAIL)
    .orderBy("id")
    .execute();
  return rows.flatMap(
    (row) => row.body_text.match(/https?:\/\/\S+\/admin\/reinitialiser\/[A-Za-z0-9_-]+/g) ?? [],
  );
}

const tokenOf = (link: string) => link.split("/").at(-1)!;

async function actions() {
  const rows = await getDb().selectFrom("activity_log").select("action").orderBy("id").execute();
  return rows.map((row) => row.action);
}

describe("password reset by e-mail", () => {
  it("mails a link that sets a new password once and ends every session", async () => {
    const sessions = [await signIn(userId), await signIn(userId)];
    expect(await requestPasswordReset({ email: " Karim@Club.test ", ip: "192.0.2.1" })).toBe(
      "sent",
    );
    const [link] = await resetLinks();
    expect(link).toMatch(/\/admin\/reinitialiser\/[A-Za-z0-9_-]{43}$/);
    expect(await getPasswordReset({ token: tokenOf(link!) })).toMatchObject({ username: "karim" });

    expect(
      await resetPassword({ token: tokenOf(link!), password: "nouveau-secret", ip: "192.0.2.1" }),
    ).toBe(true);
    expect(await verifyLogin({ username: "karim", password: "nouveau-secret" })).not.toBeNull();
    expect(await verifyLogin({ username: "karim", password: "ancien-mot-de-passe" })).toBeNull();
    for (const session of sessions) {
      expect(await getActiveSession({ id: session.sessionId })).toBeNull();
    }
    expect(await actions()).toEqual(["password.reset-requested", "password.reset"]);

    // Used once: refused the second time, and the password stays.
    expect(await getPasswordReset({ token: tokenOf(link!) })).toBeNull();
    expect(await resetPassword({ token: tokenOf(link!), password: "troisieme", ip: "" })).toBe(
      false,
    );
    expect(await verifyLogin({ username: "karim", password: "nouveau-secret" })).not.toBeNull();
  });

  it("voids the account's other reset links once one is used", async () => {
    await requestPasswordReset({ email: EMAIL, ip: "192.0.2.1" });
    await requestPasswordReset({ email: EMAIL, ip: "192.0.2.1" });
    const [first, second] = await resetLinks();
    // A new link replaces the earlier one.
    expect(await getPasswordReset({ token: tokenOf(first!) })).toBeNull();
    expect(
      await resetPassword({ token: tokenOf(second!), password: "nouveau-secret", ip: "" }),
    ).toBe(true);
    expect(
      await getDb().selectFrom("user_tokens").select("id").where("used_at", "is", null).execute(),
    ).toEqual([]);
  });

  it("expires after one hour", async () => {
    const now = new Date();
    await requestPasswordReset({ email: EMAIL, ip: "192.0.2.1", now });
    const [link] = await resetLinks();
    const later = new Date(now.getTime() + HOUR + 1000);
    expect(await getPasswordReset({ token: tokenOf(link!), now: later })).toBeNull();
    expect(
      await resetPassword({
        token: tokenOf(link!),
        password: "nouveau-secret",
        ip: "",
        now: later,
      }),
    ).toBe(false);
    expect(
      await verifyLogin({ username: "karim", password: "ancien-mot-de-passe" }),
    ).not.toBeNull();
    const justBefore = new Date(now.getTime() + HOUR - 1000);
    expect(await getPasswordReset({ token: tokenOf(link!), now: justBefore })).not.toBeNull();
  });

  it("mails nobody for an unknown address or a deactivated account", async () => {
    expect(await requestPasswordReset({ email: "personne@club.test", ip: "192.0.2.1" })).toBe(
      "quiet",
    );
    await deactivateVolunteer({
      actor: { userId: null, username: "presidente", ip: "" },
      userId,
    });
    expect(await requestPasswordReset({ email: EMAIL, ip: "192.0.2.1" })).toBe("quiet");
    expect(await getDb().selectFrom("mail_outbox").select("id").execute()).toEqual([]);
  });

  it(`sends at most ${RESET_ACCOUNT_LIMIT} mails an hour to one account`, async () => {
    const now = new Date();
    const ask = (at: Date, ip: string) => requestPasswordReset({ email: EMAIL, ip, now: at });
    for (let i = 0; i < RESET_ACCOUNT_LIMIT; i += 1)
      expect(await ask(now, `192.0.2.${i}`)).toBe("sent");
    expect(await ask(now, "192.0.2.99")).toBe("quiet");
    expect(await resetLinks()).toHaveLength(RESET_ACCOUNT_LIMIT);
    expect(await ask(new Date(now.getTime() + HOUR + 1000), "192.0.2.98")).toBe("sent");
  });

  it(`refuses a ${RESET_IP_LIMIT + 1}th request from one address within 15 minutes`, async () => {
    const now = new Date();
    for (let i = 0; i < RESET_IP_LIMIT; i += 1) {
      expect(
        await requestPasswordReset({ email: `inconnu${i}@club.test`, ip: "203.0.113.5", now }),
      ).toBe("quiet");
    }
    expect(await requestPasswordReset({ email: EMAIL, ip: "203.0.113.5", now })).toBe("throttled");
    expect(await requestPasswordReset({ email: EMAIL, ip: "203.0.113.6", now })).toBe("sent");
    // Failed sign-ins from that address are not counted with them.
    const failures = await getDb()
      .selectFrom("login_attempts")
      .select("id")
      .where("succeeded", "=", 0)
      .execute();
    expect(failures).toEqual([]);
  });
});
