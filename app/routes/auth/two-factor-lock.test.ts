/*
 * Wrong codes counted per account, from every address together
 * (app/domains/volunteers/two-factor-lock.server.ts): after CODE_ACCOUNT_LIMIT in the window, the
 * account's code step answers 429 for everyone, and its owner is mailed once per lock.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { LOGIN_WINDOW_MS } from "~/domains/volunteers/login-attempt.server";
import { createSession, getActiveSession } from "~/domains/volunteers/sessions.server";
import { CODE_ACCOUNT_LIMIT } from "~/domains/volunteers/two-factor-lock.server";
import { confirmEnrolment, startEnrolment } from "~/domains/volunteers/two-factor.server";
import { attemptSecondFactor } from "~/domains/volunteers/auth.server";
import { totpCode } from "~/domains/volunteers/totp.server";
import { callRoute, createUser, postRequest } from "../../../tests/auth";
import { action as codeAction, CODE_MESSAGES } from "./login-code";

let userId: number;
let secret: string;

async function enrolledTreasurer(email: string | null) {
  const id = await createUser("tresoriere", "mot-de-passe-tresor", {
    roles: ["tresorier"],
    email,
  });
  const typed = (await startEnrolment({ userId: id }))!;
  const actor = { userId: id, username: "tresoriere", ip: "192.0.2.1" };
  // The enrolment's code is from a minute ago: the codes of now stay unused.
  const before = new Date(Date.now() - 60_000);
  await confirmEnrolment({ userId: id, code: totpCode(typed, before), actor, now: before });
  return { id, typed };
}

beforeEach(async () => {
  const db = getDb();
  for (const table of [
    "activity_log",
    "login_attempts",
    "sessions",
    "recovery_codes",
    "mail_outbox",
  ] as const) {
    await db.deleteFrom(table).execute();
  }
  await db.deleteFrom("users").execute();
  ({ id: userId, typed: secret } = await enrolledTreasurer("tresoriere@club.test"));
});

const cookieOf = (id: string) => `__session=${id}`;

function code(cookie: string, typed: string, ip: string) {
  return callRoute(
    codeAction,
    postRequest("/admin/login/code", { code: typed, redirectTo: "/admin" }, { cookie }),
    { clientIp: ip },
  );
}

/** A wrong six-digit code: never one of the steps around `at`. */
function wrongCode(index: number, at = new Date()): string {
  const near = [-1, 0, 1].map((step) => totpCode(secret, new Date(at.getTime() + step * 30_000)));
  for (let guess = index; ; guess += 1) {
    const typed = String(100_000 + guess * 7919).slice(0, 6);
    if (!near.includes(typed)) return typed;
  }
}

const journal = async (action: string) =>
  (await getDb().selectFrom("activity_log").select("id").where("action", "=", action).execute())
    .length;

const outbox = () =>
  getDb().selectFrom("mail_outbox").select(["to_address", "subject", "body_text"]).execute();

describe("wrong codes from many addresses", () => {
  it("60 codes from 12 addresses: 429 after the 10th, for everyone, with one mail", async () => {
    const pending = cookieOf((await createSession({ userId, pending: "code" })).id);
    const statuses: number[] = [];
    for (let address = 0; address < 12; address += 1) {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const answer = await code(
          pending,
          wrongCode(address * 5 + attempt),
          `203.0.113.${address}`,
        );
        statuses.push(answer.status);
      }
    }
    expect(statuses.slice(0, CODE_ACCOUNT_LIMIT).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(CODE_ACCOUNT_LIMIT).every((status) => status === 429)).toBe(true);
    expect(await journal("2fa.failed")).toBe(CODE_ACCOUNT_LIMIT);

    // The owner, from a new address and with the right code: refused too, nothing opened.
    const owner = await code(pending, totpCode(secret), "198.51.100.200");
    expect(owner.status).toBe(429);
    expect(owner.data).toEqual({ error: CODE_MESSAGES.throttled });
    const sessions = await getDb().selectFrom("sessions").select("pending").execute();
    expect(sessions).toEqual([{ pending: "code" }]);
    const user = await getDb()
      .selectFrom("users")
      .select("totp_last_step")
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    const enrolledStep = Math.floor((Date.now() - 60_000) / 30_000);
    expect(user.totp_last_step).toBeLessThanOrEqual(enrolledStep);

    // One lock, one journal row, one mail: not one per wrong code.
    expect(await journal("2fa.locked")).toBe(1);
    const mails = await outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to_address).toBe("tresoriere@club.test");
    expect(mails[0]!.body_text).toContain("quelqu'un connaît votre mot de passe");
    expect(mails[0]!.body_text).toContain("« tresoriere »");
    expect(mails[0]!.body_text).toContain("/admin/mot-de-passe-oublie");
    expect(mails[0]!.body_text).toContain("Mon compte, rubrique « Mot de passe »");
  });

  it("opens again after the window, and a new lock mails again", async () => {
    const start = new Date();
    /** A code typed at `at` in a new pending session, from an address of its own. */
    async function typeAt(at: Date, typed: string, ip: string) {
      const session = await getActiveSession({
        id: (await createSession({ userId, pending: "code", now: at })).id,
        now: at,
      });
      return (await attemptSecondFactor({ session: session!, code: typed, ip, now: at })).status;
    }
    for (let attempt = 0; attempt < CODE_ACCOUNT_LIMIT; attempt += 1) {
      const at = new Date(start.getTime() + attempt * 1000);
      expect(await typeAt(at, wrongCode(attempt, at), `192.0.2.${attempt}`)).toBe("invalid");
    }
    const locked = new Date(start.getTime() + 60_000);
    expect(await typeAt(locked, totpCode(secret, locked), "198.51.100.200")).toBe("throttled");
    expect(await outbox()).toHaveLength(1);

    const later = new Date(start.getTime() + LOGIN_WINDOW_MS + 60_000);
    expect(await typeAt(later, totpCode(secret, later), "198.51.100.200")).toBe("success");
    // The success cleared the account's failures: a new series is a new lock, a new mail.
    for (let attempt = 0; attempt < CODE_ACCOUNT_LIMIT; attempt += 1) {
      const at = new Date(later.getTime() + (attempt + 1) * 1000);
      expect(await typeAt(at, wrongCode(attempt + 20, at), `192.0.2.${attempt}`)).toBe("invalid");
    }
    expect(await outbox()).toHaveLength(2);
    expect(await journal("2fa.locked")).toBe(2);
  });

  it("mails nothing to an account without an e-mail, and the journal still says so", async () => {
    await getDb().deleteFrom("users").execute();
    ({ id: userId, typed: secret } = await enrolledTreasurer(null));
    const pending = cookieOf((await createSession({ userId, pending: "code" })).id);
    for (let attempt = 0; attempt <= CODE_ACCOUNT_LIMIT; attempt += 1) {
      await code(pending, wrongCode(attempt), `203.0.113.${attempt % 3}`);
    }
    expect((await code(pending, totpCode(secret), "198.51.100.1")).status).toBe(429);
    expect(await journal("2fa.locked")).toBe(1);
    expect(await outbox()).toEqual([]);
  });
});
