import { beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "~/db/client.server";
import { RESET_IP_LIMIT } from "~/domains/volunteers/password-reset.server";
import { callRoute, createUser, postRequest } from "../../../tests/auth";
import { action, RESET_SENT_MESSAGE, RESET_THROTTLED_MESSAGE } from "./forgot-password";

beforeEach(async () => {
  await getDb().deleteFrom("login_attempts").execute();
  await getDb().deleteFrom("mail_outbox").execute();
  await getDb().deleteFrom("users").execute();
  await createUser("karim", "ancien-mot-de-passe", { roles: ["coach"], email: "karim@club.test" });
});

const ask = (email: string, ip = "192.0.2.1") =>
  callRoute(action, postRequest("/admin/mot-de-passe-oublie", { email }), { clientIp: ip });

describe("Mot de passe oublié", () => {
  it("answers a known and an unknown address alike, mailing only the account", async () => {
    const known = await ask("karim@club.test");
    const unknown = await ask("personne@club.test");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(JSON.stringify(known.data)).toBe(JSON.stringify(unknown.data));
    expect(known.data).toMatchObject({ notice: RESET_SENT_MESSAGE });
    const mails = await getDb().selectFrom("mail_outbox").select("to_address").execute();
    expect(mails).toEqual([{ to_address: "karim@club.test" }]);
  });

  it("waits the login's delay either way", async () => {
    // The real floor, which the other tests skip (vitest.config.ts sets LOGIN_FLOOR_MS).
    vi.stubEnv("LOGIN_FLOOR_MS", undefined);
    try {
      const started = Date.now();
      await ask("personne@club.test");
      expect(Date.now() - started).toBeGreaterThanOrEqual(790);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("says what is wrong with the address, keeping it", async () => {
    const answer = await ask("pas-une-adresse");
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      errors: { email: "Adresse e-mail invalide" },
      email: "pas-une-adresse",
    });
  });

  it("answers 429 in French past the address's limit", async () => {
    const now = new Date().toISOString();
    await getDb()
      .insertInto("login_attempts")
      .values(
        Array.from({ length: RESET_IP_LIMIT }, () => ({
          ip: "203.0.113.5",
          username: "reset:request",
          succeeded: 1,
          attempted_at: now,
        })),
      )
      .execute();
    const answer = await ask("karim@club.test", "203.0.113.5");
    expect(answer.status).toBe(429);
    expect(answer.data).toMatchObject({ formError: RESET_THROTTLED_MESSAGE });
    expect(await getDb().selectFrom("mail_outbox").select("id").execute()).toEqual([]);
  });
});
