import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { DRAFT_LINKS_PER_HOUR } from "~/domains/membership/file-draft.server";
import { PUBLIC_FORM_HONEYPOT } from "~/domains/messages/contact-schema";
import { callRoute, postRequest } from "../../../../tests/auth";
import { createSeason } from "../../../../tests/membership";
import { HOUSEHOLD } from "../../../../tests/membership-family";
import { action as householdAction } from "./membership";

/*
 * Families behind one address (a club's Wi-Fi on a registration evening, a mobile carrier):
 * /adhesion never refuses a file for the connection alone, and still limits the links it
 * mails to one e-mail address.
 */

const db = () => getDb();
const CLUB_WIFI = "192.0.2.77";

function start(email: string, clientIp = CLUB_WIFI) {
  return callRoute(householdAction, postRequest("/adhesion", { ...HOUSEHOLD, email }), {
    clientIp,
  });
}

const mailsTo = async (email: string) =>
  (await db().selectFrom("mail_outbox").select("id").where("to_address", "=", email).execute())
    .length;

beforeEach(async () => {
  await createSeason();
});

describe("/adhesion from one address", () => {
  it("accepts 20 families in an hour, each with its file and its one mail", async () => {
    const files = async () =>
      (await db().selectFrom("membership_files").select("id").execute()).length;
    const before = await files();
    for (let family = 1; family <= 20; family++) {
      const email = `famille${family}@example.fr`;
      const answer = await start(email);
      expect(answer.status, email).toBe(302);
      expect(answer.headers.get("Location")).toMatch(/^\/adhesion\/dossier\/[^/]+\/membres$/);
      expect(await mailsTo(email)).toBe(1);
    }
    expect((await files()) - before).toBe(20);
  });

  it("mails one e-mail address its link at most DRAFT_LINKS_PER_HOUR times, whatever the connection", async () => {
    const email = "meme.famille@example.fr";
    for (let time = 1; time <= DRAFT_LINKS_PER_HOUR; time++) {
      expect((await start(email, `198.51.100.${time}`)).status).toBe(302);
    }
    for (const clientIp of [CLUB_WIFI, "203.0.113.9"]) {
      const refused = await start(email, clientIp);
      expect(refused.status).toBe(429);
      expect(refused.data).toMatchObject({
        values: { email },
        errors: {
          form: "Plusieurs inscriptions ont déjà été commencées avec cette adresse e-mail en une heure. Reprenez la vôtre avec le lien reçu par e-mail, ou réessayez plus tard.",
        },
      });
    }
    expect(await mailsTo(email)).toBe(DRAFT_LINKS_PER_HOUR);
    // Nothing of the address itself is kept to count it.
    const counters = await db().selectFrom("trial_requests").select("ip").execute();
    expect(counters.some((row) => row.ip.includes("meme.famille"))).toBe(false);
    // Another family on the same connection is not held back.
    expect((await start("autre.famille@example.fr")).status).toBe(302);
  });

  it("still answers a robot that fills the hidden field with no file and no mail", async () => {
    const answer = await callRoute(
      householdAction,
      postRequest("/adhesion", {
        ...HOUSEHOLD,
        email: "robot@example.fr",
        [PUBLIC_FORM_HONEYPOT]: "x",
      }),
      { clientIp: CLUB_WIFI },
    );
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/adhesion");
    expect(await mailsTo("robot@example.fr")).toBe(0);
  });
});
