import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { openSecret } from "~/utils/secret-box.server";
import { callRoute, createUser, getRequest, postRequest, signIn } from "../../../../tests/auth";
import { setSiteAddress } from "../../../../tests/site-address";
import { action, loader } from "./helloasso-settings";

/*
 * /admin/settings/paiement through its loader and action: the admin's alone, a save, and
 * no secret ever in what the page receives.
 */

const PATH = "/admin/settings/paiement";
const SECRET = "secret-client-7f3a9c";
const KEY = "cle-signature-55e1";
let admin: string;
let treasurer: string;
let coach: string;

beforeAll(async () => {
  // Card payment is turned on only once the club's address is set.
  await setSiteAddress("https://club.example");
  const cookieOf = async (name: string, role: "admin" | "tresorier" | "coach") =>
    (await signIn(await createUser(name, "mot-de-passe", { roles: [role] }))).cookie;
  admin = await cookieOf("presidente", "admin");
  treasurer = await cookieOf("tresoriere", "tresorier");
  coach = await cookieOf("coach", "coach");
});

const save = (cookie: string, fields: Record<string, string>) =>
  callRoute(action, postRequest(PATH, { intent: "save", ...fields }, { cookie }));

describe("Paiement en ligne", () => {
  it("is refused to a treasurer and a coach, page and save alike", async () => {
    for (const cookie of [treasurer, coach]) {
      expect((await callRoute(loader, getRequest(PATH, { cookie }))).status).toBe(403);
      const answer = await save(cookie, {
        organizationSlug: "club",
        clientId: "abc",
        clientSecret: SECRET,
      });
      expect(answer.status).toBe(403);
    }
    expect(await getDb().selectFrom("helloasso_settings").selectAll().execute()).toEqual([]);
  });

  it("« Tester la connexion » asks for the settings first while none is saved", async () => {
    const answer = await callRoute(
      action,
      postRequest(PATH, { intent: "test" }, { cookie: admin }),
    );
    expect(answer.data).toMatchObject({
      intent: "test",
      ok: false,
      toast: {
        type: "error",
        message:
          "Enregistrez d'abord le nom de l'organisation, l'identifiant et le secret du client API.",
      },
    });
  });

  it("saves for the admin; the page then says a secret is stored and never holds it", async () => {
    const saved = await save(admin, {
      enabled: "on",
      organizationSlug: "club-de-boxe",
      clientId: "abc123",
      clientSecret: SECRET,
      environment: "sandbox",
      instalments: "on",
      allowlist: "4.233.135.234",
      signatureKey: KEY,
    });
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({
      ok: true,
      toast: { type: "success", message: "Paiement en ligne enregistré" },
    });
    const row = await getDb()
      .selectFrom("helloasso_settings")
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(openSecret(row.client_secret)).toBe(SECRET);

    const page = await callRoute(loader, getRequest(PATH, { cookie: admin }));
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({
      settings: {
        enabled: true,
        organizationSlug: "club-de-boxe",
        clientId: "abc123",
        hasClientSecret: true,
        sandbox: true,
        instalments: true,
        allowlist: "4.233.135.234",
        hasSignatureKey: true,
      },
      notificationUrl: expect.stringMatching(/^https?:\/\/[^/]+\/api\/helloasso\/notification$/),
    });
    const sent = JSON.stringify(page.data);
    for (const secret of [SECRET, KEY, row.client_secret, row.signature_key]) {
      expect(sent).not.toContain(secret);
    }
  });

  it("shows back what was typed after a refusal, never the secrets", async () => {
    const refused = await save(admin, {
      organizationSlug: "Club De Boxe",
      clientId: "abc123",
      clientSecret: "nouveau-secret-refuse",
      allowlist: "pas-une-ip",
    });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      ok: false,
      values: { organizationSlug: "Club De Boxe", allowlist: "pas-une-ip", enabled: false },
      errors: {
        organizationSlug: expect.stringContaining("minuscules"),
        allowlist: expect.stringContaining("pas-une-ip"),
      },
    });
    expect(JSON.stringify(refused.data)).not.toContain("nouveau-secret-refuse");
    const row = await getDb()
      .selectFrom("helloasso_settings")
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(openSecret(row.client_secret)).toBe(SECRET);
  });
});
