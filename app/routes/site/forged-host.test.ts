import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { inviteVolunteer } from "~/domains/volunteers/volunteer-invitation.server";
import { getSiteAddress } from "~/core/site-address.server";
import { getFormSecret } from "~/core/env.server";
import { signFormStamp } from "~/utils/form-stamp.server";
import { action as forgotAction } from "~/routes/auth/forgot-password";
import { action as invitationAction } from "~/routes/auth/invitation";
import { loader as icsLoader } from "~/routes/site/schedule/planning.ics";
import { loader as robotsLoader } from "~/routes/resources/robots.txt";
import { loader as rssLoader } from "~/routes/resources/rss.xml";
import { loader as sitemapLoader } from "~/routes/resources/sitemap.xml";
import { callRoute, createUser, postRequest } from "../../../tests/auth";
import { createPost } from "../../../tests/factories";
import { createSeason } from "../../../tests/membership";
import { HOUSEHOLD } from "../../../tests/membership-family";
import { setSiteAddress } from "../../../tests/site-address";
import { mondayClass, NEXT_MONDAY, resetTrialData } from "../../../tests/trial";
import { action as contactAction } from "./messages/contact";
import { loader as layoutLoader } from "./layout";
import { action as householdAction } from "./membership/membership";
import { action as trialAction } from "./trials/trial-book";

/*
 * No absolute address is built from the request: every form that leads to a mail is
 * posted as a stranger's site would have it (its Host in the URL, X-Forwarded-Host,
 * Origin), and every mail links to the club's address alone; the sitemap, the feeds and
 * Open Graph take the club's address too.
 */

const CLUB = "https://club.example";
const FORGED = { "X-Forwarded-Host": "evil.example", Origin: "https://evil.example" };

function forged(path: string, fields: Record<string, string>) {
  return postRequest(path, fields, { origin: "https://evil.example", headers: FORGED });
}

const stamp = () => signFormStamp(getFormSecret(), Date.now() - 10_000);

async function mails() {
  return getDb().selectFrom("mail_outbox").select(["to_address", "body_text"]).execute();
}

/** Every mail queued names only the club's address; returns their texts. */
async function expectClubLinksOnly(): Promise<string[]> {
  const texts = (await mails()).map((mail) => mail.body_text);
  expect(texts.length).toBeGreaterThan(0);
  for (const text of texts) {
    expect(text).not.toMatch(/evil\.example/);
    expect(text).not.toMatch(/localhost/);
  }
  return texts;
}

beforeAll(async () => {
  await createSeason();
  await setSiteAddress(CLUB);
});

beforeEach(async () => {
  await getDb().deleteFrom("mail_outbox").execute();
  await getDb().deleteFrom("login_attempts").execute();
});

describe("a forged Host on a form that leads to a mail", () => {
  it("Mot de passe oublié: the reset link is on the club's address", async () => {
    await createUser("karim", "mot-de-passe", { roles: ["coach"], email: "karim@club.test" });
    const answer = await callRoute(
      forgotAction,
      forged("/admin/mot-de-passe-oublie", { email: "karim@club.test" }),
      { clientIp: "192.0.2.10" },
    );
    expect(answer.status).toBe(200);
    const [text] = await expectClubLinksOnly();
    expect(text).toContain(`${CLUB}/admin/`);
  });

  it("accepting an invitation changes no address; the next mails keep the club's", async () => {
    const adminId = await createUser("presidente", "mot-de-passe-1");
    await inviteVolunteer({
      actor: { userId: adminId, username: "presidente", ip: "" },
      username: "coach-lina",
      email: "lina@club.test",
      roles: ["coach"],
    });
    const [invitation] = await expectClubLinksOnly();
    const token = invitation!.match(/\/admin\/invitation\/([A-Za-z0-9_-]+)/)![1]!;
    const before = await getSiteAddress();
    const accepted = await callRoute(
      invitationAction,
      forged(`/admin/invitation/${token}`, {
        newPassword: "un-mot-de-passe-solide",
        confirmPassword: "un-mot-de-passe-solide",
      }),
      { clientIp: "192.0.2.11" },
      { token },
    );
    expect(accepted.status).toBe(302);
    expect(await getSiteAddress()).toEqual(before);
    await getDb().deleteFrom("mail_outbox").execute();
    await callRoute(
      forgotAction,
      postRequest("/admin/mot-de-passe-oublie", { email: "lina@club.test" }),
      {
        clientIp: "192.0.2.12",
      },
    );
    const [reset] = await expectClubLinksOnly();
    expect(reset).toContain(`${CLUB}/admin/`);
  });

  it("Contact: the club's notice names no stranger's site", async () => {
    const answer = await callRoute(
      contactAction,
      forged("/contact", {
        name: "Léa Martin",
        email: "lea@example.fr",
        phone: "",
        subject: "Renseignements",
        message: "Bonjour, à quelle heure ouvre la salle le samedi ?",
        site_web: "",
        jeton: stamp(),
      }),
      { clientIp: "192.0.2.13" },
    );
    expect(answer.status).toBe(302);
    await expectClubLinksOnly();
  });

  it("a trial booking: the cancel link is on the club's address", async () => {
    await resetTrialData();
    const activity = await mondayClass(2);
    const answer = await callRoute(
      trialAction,
      forged(`/essai/${activity.id}/${NEXT_MONDAY}`, {
        first_name: "Léa",
        last_name: "Martin",
        email: "lea.martin@example.fr",
        phone: "06 12 34 56 78",
        level: "debutant",
        message: "",
        site_web: "",
        jeton: stamp(),
      }),
      { clientIp: "192.0.2.14" },
      { activityId: String(activity.id), date: NEXT_MONDAY },
    );
    expect(answer.status).toBe(302);
    const texts = await expectClubLinksOnly();
    expect(texts.join("\n")).toContain(`${CLUB}/essai/annuler/`);
  });

  it("/adhesion: the file's link is on the club's address", async () => {
    const answer = await callRoute(householdAction, forged("/adhesion", HOUSEHOLD), {
      clientIp: "192.0.2.15",
    });
    expect(answer.status).toBe(302);
    const texts = await expectClubLinksOnly();
    expect(texts.join("\n")).toContain(`${CLUB}/adhesion/dossier/`);
  });
});

describe("the sitemap, the feeds and Open Graph", () => {
  it("use the club's address, whatever Host asked", async () => {
    await createPost({ title: "Gala de décembre", slug: "gala-de-decembre" });
    for (const loader of [sitemapLoader, rssLoader, robotsLoader, icsLoader]) {
      const answer = await callRoute(loader, forged("/sitemap.xml", {}));
      const body = String(answer.data);
      expect(body).toContain(CLUB);
      expect(body).not.toContain("evil.example");
    }
    const layout = await callRoute(layoutLoader, forged("/", {}));
    expect(layout.data).toMatchObject({ seo: { origin: CLUB } });
  });
});
