import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { up as forgetSignInAddress } from "~/db/migrations/026-forget-sign-in-address";
import { SITE_ADDRESS_MESSAGES } from "~/core/site-address";
import { createSession } from "~/domains/volunteers/sessions.server";
import { getSiteAddress } from "~/core/site-address.server";
import { onlineSeason } from "~/domains/membership/season.server";
import { rereadEnv } from "~/core/env.server";
import { SESSION_COOKIE } from "~/domains/volunteers/session.server";
import { loader as membershipLoader } from "~/routes/site/membership/membership";
import { callRoute, createUser, getRequest, postRequest, signIn } from "../../../tests/auth";
import { createSeason } from "../../../tests/membership";
import { setSiteAddress } from "../../../tests/site-address";
import { loader as dashboardLoader } from "./dashboard/dashboard";
import { action as paymentAction, loader as paymentLoader } from "./helloasso/helloasso-settings";
import { action as seasonsAction } from "./membership/membership-seasons";
import { action as settingsAction, loader as settingsLoader } from "./content/settings";

/*
 * « Adresse du site » (app/domains/content/site-address.server.ts): set by an admin with a full
 * session only, checked on the server; until it is set the links use localhost and
 * neither online membership nor card payment can be turned on.
 */

let admin: string;
let redaction: string;
let treasurer: string;
let pendingCode: string;
let pendingEnrol: string;

beforeAll(async () => {
  const adminId = await createUser("presidente", "mot-de-passe");
  admin = (await signIn(adminId)).cookie;
  redaction = (await signIn(await createUser("redac", "mot-de-passe", { roles: ["redaction"] })))
    .cookie;
  treasurer = (await signIn(await createUser("tresor", "mot-de-passe", { roles: ["tresorier"] })))
    .cookie;
  // The same admin, still at the code step, or at the enrolment step.
  pendingCode = `${SESSION_COOKIE}=${(await createSession({ userId: adminId, pending: "code" })).id}`;
  pendingEnrol = `${SESSION_COOKIE}=${(await createSession({ userId: adminId, pending: "enrol" })).id}`;
});

beforeEach(async () => {
  await setSiteAddress(null);
});

afterEach(() => {
  delete process.env.PUBLIC_URL;
  rereadEnv();
});

const setAddress = (cookie: string, siteAddress: string) =>
  callRoute(
    settingsAction,
    postRequest("/admin/settings", { intent: "site-address", siteAddress }, { cookie }),
  );

describe("« Adresse du site »", () => {
  it("is this server on localhost until set, never the address a page was asked at", async () => {
    const address = await getSiteAddress();
    expect(address).toMatchObject({ set: false, fixedByServer: false });
    expect(address.origin).toMatch(/^http:\/\/localhost:\d+$/);
  });

  it("is set by an admin, as an origin; a wrong one is refused in French", async () => {
    const saved = await setAddress(admin, " https://Boxing-Meyzieu.fr/ ");
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({ toast: { message: SITE_ADDRESS_MESSAGES.saved } });
    expect(await getSiteAddress()).toEqual({
      origin: "https://boxing-meyzieu.fr",
      set: true,
      fixedByServer: false,
    });
    for (const wrong of [
      "",
      "boxing-meyzieu.fr",
      "javascript:alert(1)",
      "ftp://boxing-meyzieu.fr",
      "https://boxing-meyzieu.fr/adhesion",
      "https://user:pw@boxing-meyzieu.fr",
      "https://boxing-meyzieu.fr?x=1",
    ]) {
      const refused = await setAddress(admin, wrong);
      expect(refused.status, wrong).toBe(400);
      expect(refused.data, wrong).toMatchObject({
        errors: { "site_address.origin": SITE_ADDRESS_MESSAGES.invalid },
      });
    }
    expect((await getSiteAddress()).origin).toBe("https://boxing-meyzieu.fr");
  });

  it("is refused to every other role and to a session before its second factor", async () => {
    const before = await getDb().selectFrom("site_settings").selectAll().execute();
    const answers = await Promise.all(
      [redaction, treasurer, pendingCode, pendingEnrol].map((cookie) =>
        setAddress(cookie, "https://pirate.example"),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([403, 403, 401, 403]);
    expect(await getDb().selectFrom("site_settings").selectAll().execute()).toEqual(before);
    expect((await getSiteAddress()).set).toBe(false);
    // Only the admin's Paramètres shows the field.
    const page = await callRoute(
      settingsLoader,
      getRequest("/admin/settings", { cookie: redaction }),
    );
    expect(page.data).toMatchObject({ siteAddress: null });
  });

  it("is PUBLIC_URL when the server sets it, and cannot be changed then", async () => {
    process.env.PUBLIC_URL = "https://club.example";
    rereadEnv();
    expect(await getSiteAddress()).toEqual({
      origin: "https://club.example",
      set: true,
      fixedByServer: true,
    });
    const refused = await setAddress(admin, "https://autre.example");
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ toast: { message: SITE_ADDRESS_MESSAGES.fixedByServer } });
  });

  it("is asked of the admin on the dashboard while not set, of no other role", async () => {
    const asked = await callRoute(
      dashboardLoader,
      getRequest("/admin/dashboard", { cookie: admin }),
    );
    expect(asked.data).toMatchObject({
      unsetAddress: expect.stringMatching(/^http:\/\/localhost:/),
    });
    const other = await callRoute(
      dashboardLoader,
      getRequest("/admin/dashboard", { cookie: redaction }),
    );
    expect(other.data).toMatchObject({ unsetAddress: null });
    await setSiteAddress("https://club.example");
    const done = await callRoute(
      dashboardLoader,
      getRequest("/admin/dashboard", { cookie: admin }),
    );
    expect(done.data).toMatchObject({ unsetAddress: null });
  });

  it("asks a volunteer with no e-mail to add one", async () => {
    const answer = await callRoute(
      dashboardLoader,
      getRequest("/admin/dashboard", { cookie: admin }),
    );
    expect(answer.data).toMatchObject({ noEmail: true });
    const withEmail = await createUser("karim", "mot-de-passe", { email: "karim@club.test" });
    const other = await callRoute(
      dashboardLoader,
      getRequest("/admin/dashboard", { cookie: (await signIn(withEmail)).cookie }),
    );
    expect(other.data).toMatchObject({ noEmail: false });
  });
});

describe("what waits for « Adresse du site »", () => {
  it("card payment cannot be turned on until it is set", async () => {
    const fields = {
      intent: "save",
      enabled: "on",
      organizationSlug: "club-de-boxe",
      clientId: "abc123",
      clientSecret: "secret-client-7f3a9c",
      environment: "sandbox",
    };
    const path = "/admin/settings/paiement";
    const page = await callRoute(paymentLoader, getRequest(path, { cookie: admin }));
    expect(page.data).toMatchObject({ addressSet: false });
    const refused = await callRoute(paymentAction, postRequest(path, fields, { cookie: admin }));
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ errors: { enabled: SITE_ADDRESS_MESSAGES.required } });
    expect(await getDb().selectFrom("helloasso_settings").selectAll().execute()).toEqual([]);

    await setSiteAddress("https://club.example");
    const saved = await callRoute(paymentAction, postRequest(path, fields, { cookie: admin }));
    expect(saved.status).toBe(200);
    const row = await getDb().selectFrom("helloasso_settings").select("enabled").executeTakeFirst();
    expect(row?.enabled).toBe(1);
    await getDb().deleteFrom("helloasso_settings").execute();
  });

  it("online membership stays closed to families, and a season cannot open, until it is set", async () => {
    await createSeason();
    // tests/membership.ts sets the address for the families' tests: take it back.
    await setSiteAddress(null);
    const today = new Date().toISOString().slice(0, 10);
    expect(await onlineSeason(today)).toBeUndefined();
    const page = await callRoute(membershipLoader, getRequest("/adhesion"));
    expect(page.data).toMatchObject({ season: null });

    const year = Number(today.slice(0, 4)) + 5;
    const season = {
      intent: "create-season",
      label: `${year}-${year + 1}`,
      starts_on: `${year}-09-01`,
      ends_on: `${year + 1}-06-30`,
      registration_opens_on: `${Number(today.slice(0, 4)) - 1}-06-01`,
      registration_closes_on: `${year + 1}-05-31`,
      renewal_opens_on: "",
      grace_until: "",
      pass_sport: "0",
      house_rules: "",
    };
    const count = async () =>
      (await getDb().selectFrom("membership_seasons").select("id").execute()).length;
    const before = await count();
    const refused = await callRoute(
      seasonsAction,
      postRequest("/admin/adhesions/saisons", season, { cookie: admin }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      errors: { registration_opens_on: SITE_ADDRESS_MESSAGES.required },
    });
    expect(await count()).toBe(before);

    await setSiteAddress("https://club.example");
    const created = await callRoute(
      seasonsAction,
      postRequest("/admin/adhesions/saisons", season, { cookie: admin }),
    );
    expect(created.status).toBe(302);
    expect(await count()).toBe(before + 1);
    expect(await onlineSeason(today)).toBeDefined();
  });
});

describe("migration 026", () => {
  it("forgets the address a sign-in left, and copies it nowhere", async () => {
    await getDb()
      .insertInto("app_meta")
      .values({ key: "admin_origin", value: "https://pirate.example" })
      .execute();
    await forgetSignInAddress(getDb());
    const meta = await getDb().selectFrom("app_meta").selectAll().execute();
    expect(meta.map((row) => row.key)).not.toContain("admin_origin");
    expect(
      JSON.stringify(await getDb().selectFrom("site_settings").selectAll().execute()),
    ).not.toContain("pirate.example");
    expect((await getSiteAddress()).set).toBe(false);
  });
});
