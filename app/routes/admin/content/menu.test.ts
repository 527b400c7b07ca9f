import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_MENU } from "~/domains/content/defaults";
import { getMenu, getMenuForEdit, replaceMenu } from "~/domains/content/menu.server";
import { STALE_SAVE_MESSAGE } from "~/utils/stale.server";
import { callRoute, createUser, getRequest, postRequest, signIn } from "../../../../tests/auth";
import { action, loader } from "./menu";

let cookie: string;

beforeAll(async () => {
  cookie = (await signIn(await createUser("menu", "mot-de-passe"))).cookie;
});

beforeEach(async () => {
  await replaceMenu({ items: DEFAULT_MENU });
});

function save(items: unknown, version: string) {
  return callRoute(
    action,
    postRequest(
      "/admin/menu",
      { intent: "save", items: JSON.stringify(items), version },
      { cookie },
    ),
  );
}

describe("menu editor", () => {
  it("loads the entries in order with their version", async () => {
    const answer = await callRoute(loader, getRequest("/admin/menu", { cookie }));
    const data = answer.data as Awaited<ReturnType<typeof getMenuForEdit>>;
    expect(data.items.map((item) => item.label)).toEqual(DEFAULT_MENU.map((item) => item.label));
    expect(data.version).toBe((await getMenuForEdit()).version);
  });

  it("saves the whole list in its new order", async () => {
    const { version } = await getMenuForEdit();
    const answer = await save(
      [
        { label: " Contact ", path: "/contact" },
        { label: "Accueil", path: "/" },
        { label: "Fédération", path: "https://www.ffboxe.com" },
      ],
      version,
    );
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      toast: { type: "success", message: "Menu sauvegardé avec succès" },
      saved: true,
    });
    expect((await getMenu()).map(({ label, path }) => [label, path])).toEqual([
      ["Contact", "/contact"],
      ["Accueil", "/"],
      ["Fédération", "https://www.ffboxe.com"],
    ]);
  });

  it("requires a label and a link starting with / or http(s), with every message", async () => {
    const { version, items } = await getMenuForEdit();
    const answer = await save(
      [
        { label: "  ", path: "/ok" },
        { label: "Piège", path: "javascript:alert(1)" },
        { label: "Relatif", path: "tarifs" },
        { label: "Protocole", path: "//evil.example" },
      ],
      version,
    );
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      errors: {
        "0.label": "Le libellé est obligatoire",
        "1.path": "Le lien doit commencer par / (page du site) ou par http:// ou https://",
        "2.path": "Le lien doit commencer par / (page du site) ou par http:// ou https://",
        "3.path": "Le lien doit commencer par / (page du site) ou par http:// ou https://",
      },
      saved: false,
    });
    expect(await getMenu()).toEqual(items);
  });

  it("refuses a save based on a menu changed since (409) and keeps the newer menu", async () => {
    const { version } = await getMenuForEdit();
    expect((await save([{ label: "Onglet A", path: "/" }], version)).status).toBe(200);
    const answer = await save([{ label: "Onglet B", path: "/" }], version);
    expect(answer.status).toBe(409);
    expect(answer.data).toMatchObject({ toast: { type: "error", message: STALE_SAVE_MESSAGE } });
    expect((await getMenu()).map((item) => item.label)).toEqual(["Onglet A"]);
  });

  it("refuses a malformed body with 'Erreur lors de la sauvegarde du menu'", async () => {
    const answer = await callRoute(
      action,
      postRequest("/admin/menu", { intent: "save", items: "{", version: "" }, { cookie }),
    );
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      toast: { message: "Erreur lors de la sauvegarde du menu" },
    });
    expect(await getMenu()).toHaveLength(DEFAULT_MENU.length);
  });
});
