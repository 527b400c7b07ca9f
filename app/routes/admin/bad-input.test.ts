import { beforeAll, describe, expect, it } from "vitest";
import { SETTINGS_DEFAULTS } from "~/domains/content/defaults";
import { PAGE_TEXTS } from "~/domains/content/page-texts";
import { CONTROL_MESSAGE, LINE_BREAK_MESSAGE } from "~/core/typed-text";
import { databaseSnapshot } from "../../../tests/admin-routes";
import { callRoute, createUser, postRequest, signIn } from "../../../tests/auth";
import { BAD_VALUES } from "../../../tests/bad-input";
import { action as contentAction } from "./content/content";
import { action as settingsAction } from "./content/settings";
import { action as volunteersAction } from "./volunteers/volunteers";

/*
 * A few back-office forms sent hostile values: each is refused with the field's French
 * message and changes nothing, on SQLite and on PostgreSQL (no 500 for a NUL).
 */

let cookie: string;
beforeAll(async () => {
  cookie = (await signIn(await createUser("presidente", "mot-de-passe-1"))).cookie;
});

const REFUSED = [BAD_VALUES.nul!, BAD_VALUES.c1!, BAD_VALUES.escape!, BAD_VALUES.lineBreak!];

async function refusedWith(send: () => Promise<{ status: number; data: unknown }>) {
  const before = await databaseSnapshot();
  const answer = await send();
  expect(answer.status).toBe(400);
  expect(await databaseSnapshot()).toEqual(before);
  return JSON.stringify(answer.data);
}

const post = (fn: Parameters<typeof callRoute>[0], path: string, fields: Record<string, string>) =>
  callRoute(fn, postRequest(path, fields, { cookie }));

describe("hostile values in the back office", () => {
  it("a content save: a one-line title refuses them, a long text takes line breaks only", async () => {
    for (const bad of REFUSED) {
      const changes = [
        {
          category: "hero",
          section: "main",
          content: { ...PAGE_TEXTS.hero.main, title: bad },
          loadedAt: null,
        },
      ];
      const said = await refusedWith(() =>
        post(contentAction, "/admin/content", { intent: "save", changes: JSON.stringify(changes) }),
      );
      const expected = bad === BAD_VALUES.lineBreak ? LINE_BREAK_MESSAGE : CONTROL_MESSAGE;
      expect(said).toContain(JSON.stringify({ title: expected }).slice(1, -1));
    }
  });

  it("a volunteer's name", async () => {
    for (const bad of [...REFUSED, BAD_VALUES.huge!, BAD_VALUES.emoji!]) {
      const said = await refusedWith(() =>
        post(volunteersAction, "/admin/benevoles", {
          intent: "invite",
          username: `karim${bad}`,
          email: "karim@club.test",
          roles: "coach",
        }),
      );
      expect(said).toContain('"username"');
    }
  });

  it("the settings", async () => {
    for (const bad of REFUSED) {
      const changes = [
        {
          category: "general",
          settings: { ...SETTINGS_DEFAULTS.general, siteName: `Boxing ${bad}` },
          loadedAt: null,
        },
      ];
      const said = await refusedWith(() =>
        post(settingsAction, "/admin/settings", {
          intent: "save",
          changes: JSON.stringify(changes),
        }),
      );
      expect(said).toContain("siteName");
    }
  });
});
