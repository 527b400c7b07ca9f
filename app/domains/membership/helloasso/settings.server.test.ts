import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { StaleSaveError } from "~/utils/stale.server";
import { rereadEnv } from "~/core/env.server";
import { openSecret } from "~/utils/secret-box.server";
import { setSiteAddress } from "../../../../tests/site-address";
import { helloAssoConfig } from "./config.server";
import {
  getHelloAssoSettings,
  PAYMENT_SETTINGS_MESSAGES,
  saveHelloAssoSettings,
  testHelloAssoConnection,
  type HelloAssoSettingsInput,
} from "./settings.server";

/*
 * « Paiement en ligne »: what the server accepts, how it keeps the secrets (sealed, never
 * shown, never journalled), and « Tester la connexion » against a token server on
 * 127.0.0.1.
 */

const actor = { userId: null, username: "presidente", ip: "192.0.2.1" };
const now = new Date("2026-11-27T09:00:00Z");
const SECRET = "s3cret-du-client-API-tres-long";

const input = (over: Partial<HelloAssoSettingsInput> = {}): HelloAssoSettingsInput => ({
  enabled: false,
  organizationSlug: "",
  clientId: "",
  clientSecret: "",
  sandbox: false,
  instalments: false,
  allowlist: "",
  signatureKey: "",
  clearSignatureKey: false,
  loadedAt: null,
  ...over,
});

const storedRow = () => getDb().selectFrom("helloasso_settings").selectAll().execute();

beforeEach(async () => {
  // Card payment is turned on only once the club's address is set.
  await setSiteAddress("https://club.example");
  await getDb().deleteFrom("helloasso_settings").execute();
  await getDb().deleteFrom("activity_log").execute();
});

describe("saveHelloAssoSettings", () => {
  it("refuses bad fields with a French message each, and saves nothing", async () => {
    const result = await saveHelloAssoSettings(
      actor,
      input({
        organizationSlug: "Mon Club!",
        clientId: "abc def",
        clientSecret: "x".repeat(201),
        allowlist: "51.138.206.200\nexemple.fr",
        signatureKey: "k".repeat(201),
      }),
      { now },
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        organizationSlug: PAYMENT_SETTINGS_MESSAGES.slug,
        clientId: PAYMENT_SETTINGS_MESSAGES.clientId,
        clientSecret: PAYMENT_SETTINGS_MESSAGES.clientSecret,
        allowlist: "« exemple.fr » n'est pas une adresse IP (par exemple 51.138.206.200).",
        signatureKey: PAYMENT_SETTINGS_MESSAGES.signatureKey,
      },
    });
    const many = Array.from({ length: 21 }, (_, i) => `10.0.0.${i + 1}`).join("\n");
    expect(await saveHelloAssoSettings(actor, input({ allowlist: many }), { now })).toEqual({
      ok: false,
      errors: { allowlist: PAYMENT_SETTINGS_MESSAGES.allowlistTooMany },
    });
    expect(await storedRow()).toEqual([]);
    expect(await getDb().selectFrom("activity_log").selectAll().execute()).toEqual([]);
  });

  it("refuses to turn it on without the slug, the client's id and a secret", async () => {
    const refused = await saveHelloAssoSettings(
      actor,
      input({ enabled: true, organizationSlug: "club-de-boxe", clientId: "abc" }),
      { now },
    );
    expect(refused).toEqual({
      ok: false,
      errors: {
        enabled:
          "Renseignez le nom de l'organisation, l'identifiant et le secret du client API pour activer le paiement en ligne.",
      },
    });
    expect(await storedRow()).toEqual([]);
  });

  it("seals the secret, shows only that one is stored, keeps it when left empty, journals no secret", async () => {
    const first = await saveHelloAssoSettings(
      actor,
      input({
        organizationSlug: "https://www.helloasso.com/associations/club-de-boxe",
        clientId: "abc123",
        clientSecret: ` ${SECRET} `,
        sandbox: true,
        allowlist: "51.138.206.200, 2001:db8::1",
        signatureKey: "cle-de-signature",
      }),
      { now },
    );
    expect(first).toEqual({ ok: true });
    const [row] = await storedRow();
    expect(row!.client_secret).not.toContain(SECRET);
    expect(openSecret(row!.client_secret)).toBe(SECRET);
    expect(openSecret(row!.signature_key)).toBe("cle-de-signature");

    const view = await getHelloAssoSettings();
    expect(view).toEqual({
      enabled: false,
      organizationSlug: "club-de-boxe",
      clientId: "abc123",
      hasClientSecret: true,
      sandbox: true,
      instalments: false,
      allowlist: "51.138.206.200\n2001:db8::1",
      hasSignatureKey: true,
      updatedAt: now.toISOString(),
    });
    expect(JSON.stringify(view)).not.toContain(SECRET);

    // Turned on later, the secret field left empty: the stored secret stays and counts.
    const later = new Date("2026-11-27T10:00:00Z");
    const second = await saveHelloAssoSettings(
      actor,
      input({
        enabled: true,
        organizationSlug: "club-de-boxe",
        clientId: "abc123",
        instalments: true,
        allowlist: "2001:db8::1",
        clearSignatureKey: true,
        loadedAt: now.toISOString(),
      }),
      { now: later },
    );
    expect(second).toEqual({ ok: true });
    const rows = await storedRow();
    expect(rows).toHaveLength(1);
    expect(openSecret(rows[0]!.client_secret)).toBe(SECRET);
    expect(rows[0]!.signature_key).toBe("");
    expect(await getHelloAssoSettings()).toMatchObject({
      enabled: true,
      instalments: true,
      sandbox: false,
      hasSignatureKey: false,
      updatedAt: later.toISOString(),
    });
    expect(await helloAssoConfig()).toMatchObject({
      organizationSlug: "club-de-boxe",
      clientSecret: SECRET,
      allowlist: ["2001:db8::1"],
      signatureKey: null,
    });

    const journal = await getDb().selectFrom("activity_log").selectAll().execute();
    expect(journal.map((entry) => [entry.action, entry.item_type, entry.item_label])).toEqual([
      ["save", "settings", "Paiement en ligne"],
      ["save", "settings", "Paiement en ligne"],
    ]);
    expect(JSON.stringify(journal)).not.toContain(SECRET);
    expect(JSON.stringify(journal)).not.toContain("cle-de-signature");
  });

  it("refuses a save over changes made since the form was loaded", async () => {
    const fields = { organizationSlug: "club-de-boxe", clientId: "abc123", clientSecret: SECRET };
    expect(await saveHelloAssoSettings(actor, input(fields), { now })).toEqual({ ok: true });
    // A second tab that loaded the screen before the first save.
    await expect(
      saveHelloAssoSettings(actor, input({ ...fields, clientId: "autre" }), { now }),
    ).rejects.toThrow(StaleSaveError);
    await expect(
      saveHelloAssoSettings(actor, input({ ...fields, loadedAt: "2026-01-01T00:00:00.000Z" }), {
        now,
      }),
    ).rejects.toThrow(StaleSaveError);
    expect(await getHelloAssoSettings()).toMatchObject({ clientId: "abc123" });
    expect(await getDb().selectFrom("activity_log").selectAll().execute()).toHaveLength(1);
    // Saved again at the same instant: the stamp still moves on.
    await saveHelloAssoSettings(actor, input({ ...fields, loadedAt: now.toISOString() }), { now });
    expect((await getHelloAssoSettings()).updatedAt).toBe("2026-11-27T09:00:00.001Z");
  });
});

describe("testHelloAssoConnection", () => {
  let server: http.Server;
  const asked: URLSearchParams[] = [];
  const savedUrl = process.env.HELLOASSO_API_URL;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        const fields = new URLSearchParams(body);
        asked.push(fields);
        const right = request.url === "/oauth2/token" && fields.get("client_secret") === SECRET;
        response.writeHead(right ? 200 : 401, { "Content-Type": "application/json" });
        response.end(
          JSON.stringify(
            right
              ? { access_token: "jeton", refresh_token: "r", expires_in: 1800 }
              : { error: "unauthorized_client" },
          ),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    process.env.HELLOASSO_API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    rereadEnv();
  });

  afterAll(async () => {
    if (savedUrl === undefined) delete process.env.HELLOASSO_API_URL;
    else process.env.HELLOASSO_API_URL = savedUrl;
    rereadEnv();
    await new Promise((resolve) => server.close(resolve));
  });

  it("asks for the settings first when none is saved", async () => {
    expect(await testHelloAssoConnection()).toEqual({
      ok: false,
      message: PAYMENT_SETTINGS_MESSAGES.testMissing,
    });
  });

  it("gets a token with the stored settings, even while off; says when HelloAsso refuses them", async () => {
    const save = async (clientSecret: string) =>
      saveHelloAssoSettings(
        actor,
        input({
          organizationSlug: "club-de-boxe",
          clientId: "abc123",
          clientSecret,
          loadedAt: (await getHelloAssoSettings()).updatedAt,
        }),
        { now },
      );
    await save(SECRET);
    expect(await testHelloAssoConnection()).toEqual({
      ok: true,
      message: "Connexion à HelloAsso réussie.",
    });
    expect(asked.at(-1)?.get("client_id")).toBe("abc123");
    expect(asked.at(-1)?.get("grant_type")).toBe("client_credentials");

    await save("un-autre-secret");
    expect(await testHelloAssoConnection()).toEqual({
      ok: false,
      message: "HelloAsso refuse l'identifiant ou le secret du client API.",
    });
  });
});
