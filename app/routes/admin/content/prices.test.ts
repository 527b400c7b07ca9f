import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { PRICE_MESSAGES } from "~/domains/content/price-schema";
import { getPricesForEdit, getPublishedPrices } from "~/domains/content/price.server";
import { STALE_SAVE_MESSAGE } from "~/utils/stale.server";
import { callRoute, createUser, getRequest, postRequest, signIn } from "../../../../tests/auth";
import { action, loader } from "./prices";

let cookie: string;

beforeAll(async () => {
  await getDb().deleteFrom("users").execute();
  ({ cookie } = await signIn(await createUser("tresorier", "mot-de-passe")));
});

beforeEach(async () => {
  await getDb().deleteFrom("prices").execute();
});

const post = (fields: Record<string, string>, options: { cookie?: string } = { cookie }) =>
  callRoute(action, postRequest("/admin/tarifs", fields, options));

type Body = { toast?: { type: string; message: string }; errors?: Record<string, string> } & Record<
  string,
  unknown
>;
const body = (answer: { data: unknown }) => answer.data as Body;

const price = (label: string, overrides: Record<string, unknown> = {}) => ({
  label,
  audience: "adultes",
  amount: "180",
  includes_licence: true,
  includes_insurance: true,
  notes: "",
  ...overrides,
});

const currentVersion = async () => (await getPricesForEdit()).version;

async function saveList(prices: unknown[]) {
  return post({ intent: "save", version: await currentVersion(), prices: JSON.stringify(prices) });
}

describe("prices loader", () => {
  it("lists the prices in order with the list's version", async () => {
    await saveList([price("Enfants", { audience: "enfants" }), price("Adultes")]);
    const answer = await callRoute(loader, getRequest("/admin/tarifs", { cookie }));
    const data = answer.data as { prices: { label: string }[]; version: string };
    expect(data.prices.map((p) => p.label)).toEqual(["Enfants", "Adultes"]);
    expect(data.version).toBe(await currentVersion());
  });

  it("sends an anonymous visitor to the login page; their POST answers 401 and saves nothing", async () => {
    const read = await callRoute(loader, getRequest("/admin/tarifs"));
    expect(read.status).toBe(302);
    expect(read.headers.get("Location")).toMatch(/^\/admin\/login/);
    const write = await post(
      { intent: "save", version: await currentVersion(), prices: JSON.stringify([price("X")]) },
      {},
    );
    expect(write.status).toBe(401);
    expect(await getPublishedPrices()).toEqual([]);
  });
});

describe("prices save", () => {
  it("saves the list with amounts typed in euros: 'Tarifs sauvegardés avec succès'", async () => {
    const answer = await saveList([
      price("Boxe éducative 6-11 ans", {
        audience: "enfants",
        amount: "150,50",
        notes: "Pass'Sport",
      }),
      price("Adultes loisir", { includes_insurance: false }),
    ]);
    expect(answer.status).toBe(200);
    expect(body(answer).toast).toEqual({ type: "success", message: PRICE_MESSAGES.saved });
    expect(body(answer).version).toBe(await currentVersion());
    const saved = await getPublishedPrices();
    expect(
      saved.map((p) => [p.label, p.audience, p.amount_cents, p.includes_insurance, p.notes]),
    ).toEqual([
      ["Boxe éducative 6-11 ans", "enfants", 150_50, true, "Pass'Sport"],
      ["Adultes loisir", "adultes", 180_00, false, ""],
    ]);
  });

  it("answers 400 with French errors under each wrong price and saves nothing", async () => {
    await saveList([price("Gardé")]);
    const answer = await saveList([
      price("Valide"),
      price("  ", { amount: "cent" }),
      price("Public inconnu", { audience: "bebes", amount: "0" }),
    ]);
    expect(answer.status).toBe(400);
    expect(body(answer).toast).toEqual({ type: "error", message: PRICE_MESSAGES.invalid });
    expect(body(answer).errors).toEqual({
      "prices.1.label": "Le libellé est obligatoire",
      "prices.1.amount": PRICE_MESSAGES.amountInvalid,
      "prices.2.audience": "Choisissez un public",
      "prices.2.amount": PRICE_MESSAGES.amountRange,
    });
    expect((await getPublishedPrices()).map((p) => p.label)).toEqual(["Gardé"]);
  });

  it("refuses a list changed since it was loaded (409) and keeps the other save", async () => {
    const loaded = await currentVersion();
    await post({ intent: "save", version: loaded, prices: JSON.stringify([price("Onglet 1")]) });
    const stale = await post({
      intent: "save",
      version: loaded,
      prices: JSON.stringify([price("Onglet 2")]),
    });
    expect(stale.status).toBe(409);
    expect(body(stale).toast).toEqual({ type: "error", message: STALE_SAVE_MESSAGE });
    expect((await getPublishedPrices()).map((p) => p.label)).toEqual(["Onglet 1"]);
  });

  it("refuses a body that is not a list, or an unknown intent", async () => {
    const broken = await post({ intent: "save", version: await currentVersion(), prices: "{" });
    expect(broken.status).toBe(400);
    const unknown = await post({ intent: "effacer", version: await currentVersion() });
    expect(unknown.status).toBe(400);
    expect(body(unknown).toast?.message).toBe("Action inconnue");
  });
});
