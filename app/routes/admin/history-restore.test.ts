import { beforeAll, describe, expect, it } from "vitest";
import { PAGE_TEXTS } from "~/domains/content/page-texts";
import { SETTINGS_DEFAULTS } from "~/domains/content/defaults";
import type { HistoryType } from "~/domains/history/history";
import { getDb } from "~/db/client.server";
import { withActivity } from "~/domains/history/activity-log.server";
import { SERVER_ACTOR, type Actor } from "~/domains/history/actor";
import { getContentBlock, saveContentBlocks } from "~/domains/content/content.server";
import {
  getDiscipline,
  getPublicDisciplines,
  updateDiscipline,
} from "~/domains/content/discipline.server";
import { getMenu, getMenuForEdit, saveMenu } from "~/domains/content/menu.server";
import { createPost, getPostForEdit, updatePost } from "~/domains/content/post-admin.server";
import { getPublishedPost } from "~/domains/content/post.server";
import {
  getPricesForEdit,
  getPublishedPrices,
  replacePrices,
} from "~/domains/content/price.server";
import { getActivities, getActivity, updateActivity } from "~/domains/schedule/schedule.server";
import { getSettings, saveSettings } from "~/domains/content/settings.server";
import {
  createSitePage,
  getPublishedSitePage,
  updateSitePage,
} from "~/domains/content/site-page.server";
import {
  getPublicTrainingFormats,
  getTrainingFormat,
  updateTrainingFormat,
} from "~/domains/content/training-format.server";
import { action as historyAction, loader as historyLoader } from "./history/history";
import type { HistoryData } from "./history/history.server";
import { callRoute, createUser, getRequest, postRequest, signIn } from "../../../tests/auth";
import { createActivity, createDiscipline } from "../../../tests/factories";
import { book, mondayClass, outbox, resetTrialData } from "../../../tests/trial";
import { listenForSessionChanges } from "~/domains/trials/trial-notices.server";
import { HISTORY_KINDS, type Snapshot } from "~/domains/history/kinds.server";
import {
  HISTORY_KEEP_VERSIONS,
  listVersions,
  pruneHistory,
  recordMissingVersions,
  getVersion,
  recordVersion,
  versionKeyOf,
} from "~/domains/history/versions.server";
import { restoreVersion } from "~/domains/history/restore.server";

/*
 * The history of each kind of item: a save keeps a version in the save's transaction, an
 * identical save keeps none, "Restaurer cette version" (the real /admin/historique
 * action) brings the old fields back through the editor's own save, with a new version,
 * a journal row, and the public site showing them; the retention keeps 50 per item and
 * every version of 90 days, never the newest.
 */

let cookie: string;
let actor: Actor;

beforeAll(async () => {
  const userId = await createUser("historienne", "mot-de-passe");
  ({ cookie } = await signIn(userId));
  actor = { userId, username: "historienne", ip: "" };
});

type DisciplineValues = Parameters<typeof updateDiscipline>[0]["values"];
type FormatValues = Parameters<typeof updateTrainingFormat>[0]["values"];

/** A discipline's editable fields as its editor saves them. */
async function disciplineValues(id: number) {
  return (await HISTORY_KINDS.discipline.read(String(id)))!.snapshot as DisciplineValues;
}

/** A save through the model, with its journal entry, as the editors do. */
function save<T>(type: HistoryType, id: string | number, act: () => Promise<T>) {
  return withActivity(actor, { action: "save", itemType: type, itemId: id, itemLabel: "x" }, act);
}

async function versionsOf(type: HistoryType, id: string) {
  return getDb()
    .selectFrom("item_versions")
    .select(["id", "action", "actor_name", "snapshot"])
    .where("item_type", "=", type)
    .where("item_id", "=", id)
    .orderBy("id")
    .execute();
}

async function restore(type: HistoryType, id: string, versionId: number, publish = "now") {
  return callRoute(
    historyAction,
    postRequest(
      "/admin/historique",
      { intent: "restore", type, id, version: String(versionId), publish },
      { cookie },
    ),
  );
}

interface Case {
  type: HistoryType;
  /** Creates the item, saves A then B; returns its id. */
  prepare: (a: string, b: string) => Promise<string>;
  /** What the public site shows of the field the case changes. */
  shown: (id: string) => Promise<unknown>;
  publish?: "now" | "draft";
}

const CASES: Case[] = [
  {
    type: "content",
    prepare: async (a, b) => {
      for (const title of [a, b]) {
        const row = await getDb()
          .selectFrom("site_content")
          .select("updated_at")
          .where("category", "=", "hero")
          .where("section", "=", "main")
          .executeTakeFirst();
        await save("content", "hero/main", () =>
          saveContentBlocks({
            changes: [
              {
                category: "hero",
                section: "main",
                content: { ...PAGE_TEXTS.hero.main, title },
                loadedAt: row?.updated_at ?? null,
              },
            ],
          }),
        );
      }
      return "hero/main";
    },
    shown: async () => (await getContentBlock({ category: "hero", section: "main" })).title,
  },
  {
    type: "post",
    prepare: async (a, b) => {
      const values = {
        title: a,
        subtitle: "",
        excerpt: "",
        content: `Texte ${a}`,
        image_url: "",
        category: "actualite" as const,
        author: "",
        published_at: "2026-11-01T10:00:00.000Z",
      };
      const post = await withActivity(
        actor,
        (created) => ({ action: "create", itemType: "post", itemId: created.id }),
        () => createPost({ values, is_published: true }),
      );
      await save("post", post.id, () =>
        updatePost({ id: post.id, values: { ...values, title: b }, loadedAt: post.updated_at }),
      );
      return String(post.id);
    },
    shown: async (id) => (await getPublishedPost({ slugOrId: id }))?.title,
  },
  {
    type: "page",
    prepare: async (a, b) => {
      const page = await createSitePage();
      let loadedAt = page.updated_at;
      for (const title of [a, b]) {
        const saved = await save("page", page.id, () =>
          updateSitePage({
            id: page.id,
            values: {
              title,
              slug: "/partenaires",
              content: `<p>${title}</p>`,
              is_published: true,
              template: "default",
              order_index: 0,
            },
            loadedAt,
          }),
        );
        loadedAt = saved.updated_at;
      }
      return String(page.id);
    },
    shown: async () => (await getPublishedSitePage({ slug: "/partenaires" }))?.title,
  },
  {
    type: "discipline",
    prepare: async (a, b) => {
      const { id } = await createDiscipline({ title: "Boxe" });
      for (const title of [a, b]) {
        const current = (await getDiscipline({ id }))!;
        const values = await disciplineValues(id);
        await save("discipline", id, () =>
          updateDiscipline({
            id,
            values: { ...values, title },
            loadedAt: current.updated_at,
          }),
        );
      }
      return String(id);
    },
    shown: async (id) => (await getPublicDisciplines()).find((d) => d.id === Number(id))?.title,
  },
  {
    type: "format",
    prepare: async (a, b) => {
      const row = await getDb()
        .insertInto("training_formats")
        .values({
          title: "Cours collectif",
          order_index: 1,
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      for (const title of [a, b]) {
        const current = (await getTrainingFormat({ id: row.id }))!;
        const values = (await HISTORY_KINDS.format.read(String(row.id)))!.snapshot as FormatValues;
        await save("format", row.id, () =>
          updateTrainingFormat({
            id: row.id,
            values: { ...values, title },
            loadedAt: current.updated_at,
          }),
        );
      }
      return String(row.id);
    },
    shown: async (id) => (await getPublicTrainingFormats()).find((f) => f.id === Number(id))?.title,
  },
  {
    type: "activity",
    prepare: async (a, b) => {
      const { id } = await createActivity({ title: "Cours" });
      for (const title of [a, b]) {
        const current = (await getActivity({ id }))!;
        await save("activity", id, () =>
          updateActivity({
            id,
            values: { ...current, title, start_time: "18h00", end_time: "19h00" },
            loadedAt: current.updated_at,
          }),
        );
      }
      return String(id);
    },
    shown: async (id) => (await getActivities()).find((one) => one.id === Number(id))?.title,
  },
  {
    type: "menu",
    prepare: async (a, b) => {
      for (const label of [a, b]) {
        const { version } = await getMenuForEdit();
        await withActivity(actor, { action: "save", itemType: "menu" }, () =>
          saveMenu({ items: [{ label, path: "/" }], loadedVersion: version }),
        );
      }
      return "menu";
    },
    shown: async () => (await getMenu())[0]?.label,
  },
  {
    type: "settings",
    prepare: async (a, b) => {
      for (const siteName of [a, b]) {
        const { updated_at } = await getSettings({ category: "general" });
        await save("settings", "general", () =>
          saveSettings({
            category: "general",
            settings: { ...SETTINGS_DEFAULTS.general, siteName },
            loadedAt: updated_at,
          }),
        );
      }
      return "general";
    },
    shown: async () => (await getSettings({ category: "general" })).siteName,
  },
  {
    type: "price",
    prepare: async (a, b) => {
      for (const label of [a, b]) {
        const { version } = await getPricesForEdit();
        await withActivity(actor, { action: "save", itemType: "price" }, () =>
          replacePrices({
            prices: [
              {
                label,
                audience: "adultes",
                amount_cents: 25050,
                includes_licence: true,
                includes_insurance: false,
                notes: "",
              },
            ],
            loadedVersion: version,
          }),
        );
      }
      return "tarifs";
    },
    shown: async () => (await getPublishedPrices())[0]?.label,
  },
];

describe("restore round trip", () => {
  for (const { type, prepare, shown } of CASES) {
    it(`${type}: save A, save B, restore A`, async () => {
      const [a, b] = [`Version A ${type}`, `Version B ${type}`];
      const id = await prepare(a, b);
      const versions = await versionsOf(type, id);
      const first = versions.find((v) => JSON.stringify(v.snapshot).includes(a));
      expect(first, "a version holds A").toBeDefined();
      expect(await shown(id)).toBe(b);
      const snapshotA = JSON.parse(first!.snapshot) as Snapshot;

      const answer = await restore(type, id, first!.id);
      expect(answer.status).toBe(200);

      const state = await HISTORY_KINDS[type].read(id);
      expect(state!.snapshot).toEqual(snapshotA);
      const after = await versionsOf(type, id);
      expect(after).toHaveLength(versions.length + 1);
      expect(after.at(-1)).toMatchObject({ action: "restore", actor_name: "historienne" });
      const journal = await getDb()
        .selectFrom("activity_log")
        .select(["action", "item_type", "item_id", "username"])
        .orderBy("id", "desc")
        .limit(1)
        .executeTakeFirstOrThrow();
      expect(journal).toEqual({
        action: "restore",
        item_type: type,
        item_id: id,
        username: "historienne",
      });
      expect(await shown(id)).toBe(a);
    });
  }

  it("restores a published article as a draft when asked: it leaves the public site", async () => {
    const id = await CASES[1]!.prepare("Gala A", "Gala B");
    const [first] = await versionsOf("post", id);
    expect((await restore("post", id, first!.id, "draft")).status).toBe(200);
    const post = await getPostForEdit({ id: Number(id) });
    expect(post).toMatchObject({ title: "Gala A", is_published: false });
    expect(await getPublishedPost({ slugOrId: id })).toBeNull();
  });

  it("lists the versions newest first and shows the words changed against the current state", async () => {
    const id = await CASES[3]!.prepare("Boxe anglaise loisir", "Boxe anglaise compétition");
    const list = await callRoute(
      historyLoader,
      getRequest(`/admin/historique?type=discipline&id=${id}`, { cookie }),
    );
    const { versions } = JSON.parse(list.data as string) as HistoryData;
    expect(versions.map((v) => v.action)).toEqual(["save", "save"]);
    expect(versions[0]!.id).toBeGreaterThan(versions[1]!.id);
    const detail = await callRoute(
      historyLoader,
      getRequest(`/admin/historique?type=discipline&id=${id}&version=${versions[1]!.id}`, {
        cookie,
      }),
    );
    const { selected } = JSON.parse(detail.data as string) as HistoryData;
    expect(selected!.changes).toEqual([
      {
        field: "title",
        label: "Titre",
        before: "Boxe anglaise loisir",
        after: "Boxe anglaise compétition",
        words: [
          { op: "same", text: "Boxe anglaise " },
          { op: "del", text: "loisir" },
          { op: "add", text: "compétition" },
        ],
      },
    ]);
  });

  it("restores nothing when the version is the current state", async () => {
    const id = await CASES[3]!.prepare("Boxe du lundi", "Boxe du mardi");
    const versions = await versionsOf("discipline", id);
    const journalBefore = await getDb()
      .selectFrom("activity_log")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    const answer = await restore("discipline", id, versions.at(-1)!.id);
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ restored: false });
    expect(await versionsOf("discipline", id)).toHaveLength(versions.length);
    const journalAfter = await getDb()
      .selectFrom("activity_log")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    expect(Number(journalAfter.count)).toBe(Number(journalBefore.count));
  });

  it("refuses a version of another item", async () => {
    const other = await CASES[3]!.prepare("Un", "Deux");
    const [version] = await versionsOf("discipline", other);
    const { id } = await createDiscipline({ title: "Autre" });
    expect((await restore("discipline", String(id), version!.id)).status).toBe(404);
  });
});

describe("recordVersion", () => {
  it("knows which journal entries change a versioned item", () => {
    expect(versionKeyOf({ action: "save", itemType: "menu" })).toEqual({
      type: "menu",
      id: "menu",
    });
    expect(versionKeyOf({ action: "publish", itemType: "post", itemId: 4 })).toEqual({
      type: "post",
      id: "4",
    });
    expect(
      versionKeyOf({ action: "save", itemType: "schedule", itemId: "schedule_display" }),
    ).toEqual({ type: "settings", id: "schedule_display" });
    expect(versionKeyOf({ action: "delete", itemType: "post", itemId: 4 })).toBeNull();
    expect(versionKeyOf({ action: "reorder", itemType: "discipline", itemId: 2 })).toBeNull();
    expect(versionKeyOf({ action: "reply", itemType: "message", itemId: 3 })).toBeNull();
  });

  it("skips a save identical to the last version", async () => {
    const { id } = await createDiscipline({ title: "Boxe éducative" });
    const key = { type: "discipline" as const, id: String(id) };
    expect(await recordVersion({ ...key, action: "save", actor })).not.toBeNull();
    expect(await recordVersion({ ...key, action: "save", actor: SERVER_ACTOR })).toBeNull();
    const current = (await getDiscipline({ id }))!;
    // A save that changes nothing through the editor's path keeps no version either.
    const values = await disciplineValues(id);
    await save("discipline", id, () =>
      updateDiscipline({ id, values, loadedAt: current.updated_at }),
    );
    expect(await versionsOf("discipline", String(id))).toHaveLength(1);
  });

  it("keeps a first version of every item that has none, once (start-up)", async () => {
    const { id } = await createDiscipline({ title: "Boxe d'avant l'historique" });
    expect(await recordMissingVersions()).toBeGreaterThan(0);
    expect(await versionsOf("discipline", String(id))).toMatchObject([
      { action: "initial", actor_name: "serveur" },
    ]);
    expect(await recordMissingVersions()).toBe(0);
  });

  it("keeps nothing when the save rolls back", async () => {
    const { id } = await createDiscipline({ title: "Avant" });
    await expect(
      withActivity(actor, { action: "save", itemType: "discipline", itemId: id }, async () => {
        await getDb()
          .updateTable("disciplines")
          .set({ title: "Après" })
          .where("id", "=", id)
          .execute();
        throw new Error("échec");
      }),
    ).rejects.toThrow("échec");
    expect(await versionsOf("discipline", String(id))).toEqual([]);
  });
});

describe("pruneHistory", () => {
  const DAY = 86_400_000;

  async function seedVersions(id: string, count: number, start: Date) {
    for (let n = 0; n < count; n += 1) {
      await getDb()
        .insertInto("item_versions")
        .values({
          item_type: "menu",
          item_id: id,
          action: "save",
          snapshot: JSON.stringify({ n }),
          hash: `h${n}`,
          actor_id: null,
          actor_name: "serveur",
          created_at: new Date(start.getTime() + n * DAY).toISOString(),
        })
        .execute();
    }
  }

  it("keeps the last 50 versions and every version of the last 90 days, never the newest", async () => {
    const now = new Date("2027-06-01T12:00:00.000Z");
    // 70 versions, one a day, 200 to 131 days ago: the newest 50 stay, the 20 oldest go.
    const oldStart = new Date(now.getTime() - 200 * DAY);
    await seedVersions("vieux", 70, oldStart);
    // 120 versions, one a day up to today: the 29 older than 90 days go, 91 stay.
    await seedVersions("actif", 120, new Date(now.getTime() - 119 * DAY));
    // One version, three years old: the current state, kept.
    await seedVersions("seul", 1, new Date(now.getTime() - 1000 * DAY));

    const removed = await pruneHistory({ now });
    const left = async (id: string) => listVersions({ type: "menu", id });
    expect((await left("actif")).length).toBe(91);
    expect((await left("seul")).length).toBe(1);
    const old = await left("vieux");
    expect(old.length).toBe(HISTORY_KEEP_VERSIONS);
    expect(removed).toBe(20 + 29);
    // The newest of each item stayed.
    expect(old[0]!.createdAt).toBe(new Date(oldStart.getTime() + 69 * DAY).toISOString());
    expect(await pruneHistory({ now })).toBe(0);
  });
});

describe("restoring a class with booked trials", () => {
  it("tells the families when the restored version moves the class, as a move in the grid does", async () => {
    await resetTrialData();
    listenForSessionChanges();
    const actor: Actor = { userId: null, username: "presidente", ip: "192.0.2.1" };
    const monday = await mondayClass();
    const key = { type: "activity" as const, id: String(monday.id) };
    await recordVersion({ ...key, action: "save", actor });
    const [mondayVersion] = await listVersions(key);
    const monday7pm = (await getVersion(key, mondayVersion!.id))!.snapshot;
    // Moved to 18h00 before anyone booked, then a family books the 18h00 session.
    await getDb()
      .updateTable("schedule_activities")
      .set({ start_time: "18h00", end_time: "19h30" })
      .where("id", "=", monday.id)
      .execute();
    await book(monday.id, "famille@exemple.fr");
    await getDb().deleteFrom("mail_outbox").execute();

    await restoreVersion({ key, snapshot: monday7pm, actor });
    expect((await getActivity({ id: monday.id }))?.start_time).toBe("19h00");
    const mails = await outbox();
    expect(mails.map((mail) => mail.to_address)).toEqual(["famille@exemple.fr"]);
  });
});
