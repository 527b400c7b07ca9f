import { beforeAll, describe, expect, it } from "vitest";
import { SETTINGS_DEFAULTS } from "~/domains/content/defaults";
import { withActivity } from "~/domains/history/activity-log.server";
import { type Actor } from "~/domains/history/actor";
import { getDb } from "~/db/client.server";
import { getSettings, saveSettings } from "~/domains/content/settings.server";
import type { Role } from "~/domains/volunteers/capabilities";
import { callRoute, createUser, getRequest, postRequest, signIn } from "../../../../tests/auth";
import { createActivity } from "../../../../tests/factories";
import { action, loader } from "./history";

/*
 * The Historique's guard: after "any editor with a history", the capability of the
 * item's own editor: the coach reads an activity's history but not a page's, the
 * redaction not the legal information (the admin's) nor the prices (the treasurer's).
 * A refused restore changes nothing.
 */

const cookies = new Map<Role, string>();
let legalVersion: number;
let activityId: number;

beforeAll(async () => {
  for (const role of ["admin", "redaction", "coach", "tresorier"] as const) {
    const id = await createUser(`garde-${role}`, "mot-de-passe", { roles: [role] });
    cookies.set(role, (await signIn(id)).cookie);
  }
  const actor: Actor = { userId: null, username: "admin", ip: "" };
  for (const publisher of ["Club A", "Club B"]) {
    const { updated_at } = await getSettings({ category: "legal" });
    await withActivity(
      actor,
      { action: "save", itemType: "settings", itemId: "legal", itemLabel: "Informations légales" },
      () =>
        saveSettings({
          category: "legal",
          settings: { ...SETTINGS_DEFAULTS.legal, president: publisher },
          loadedAt: updated_at,
        }),
    );
  }
  const first = await getDb()
    .selectFrom("item_versions")
    .select("id")
    .where("item_type", "=", "settings")
    .where("item_id", "=", "legal")
    .orderBy("id")
    .executeTakeFirstOrThrow();
  legalVersion = first.id;
  activityId = (await createActivity({ title: "Boxe loisir" })).id;
});

function read(role: Role, query: string) {
  return callRoute(loader, getRequest(`/admin/historique?${query}`, { cookie: cookies.get(role) }));
}

function restore(role: Role, fields: Record<string, string>) {
  return callRoute(
    action,
    postRequest(
      "/admin/historique",
      { intent: "restore", ...fields },
      { cookie: cookies.get(role) },
    ),
  );
}

describe("/admin/historique guard", () => {
  it("asks for the capability of the item's editor", async () => {
    expect((await read("coach", `type=activity&id=${activityId}`)).status).toBe(200);
    expect((await read("coach", "type=content&id=hero/main")).status).toBe(403);
    expect((await read("redaction", "type=content&id=hero/main")).status).toBe(200);
    expect((await read("redaction", "type=price&id=tarifs")).status).toBe(403);
    expect((await read("tresorier", "type=price&id=tarifs")).status).toBe(200);
    expect((await read("tresorier", "type=post&id=1")).status).toBe(403);
    expect((await read("redaction", "type=settings&id=legal")).status).toBe(403);
    expect((await read("admin", "type=settings&id=legal")).status).toBe(200);
  });

  it("refuses a restore of the legal information to the redaction, and changes nothing", async () => {
    const fields = { type: "settings", id: "legal", version: String(legalVersion) };
    const before = await getSettings({ category: "legal" });
    const refused = await restore("redaction", fields);
    expect(refused.status).toBe(403);
    expect(await getSettings({ category: "legal" })).toEqual(before);

    const done = await restore("admin", fields);
    expect(done.status).toBe(200);
    expect((await getSettings({ category: "legal" })).president).toBe("Club A");
  });

  it("answers 400 to an unknown kind of item, signed out is refused", async () => {
    expect((await read("admin", "type=users&id=1")).status).toBe(400);
    const signedOut = await callRoute(loader, getRequest("/admin/historique?type=menu&id=menu"));
    expect([302, 401, 403]).toContain(signedOut.status);
  });
});
