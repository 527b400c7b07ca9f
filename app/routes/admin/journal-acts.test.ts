import { beforeAll, describe, expect, it } from "vitest";
import { addDays, mondayOf } from "~/core/club-time";
import { DEFAULT_MENU, SETTINGS_DEFAULTS } from "~/domains/content/defaults";
import { PAGE_TEXTS } from "~/domains/content/page-texts";
import { getDb } from "~/db/client.server";
import { withActivity } from "~/domains/history/activity-log.server";
import { getMenuForEdit } from "~/domains/content/menu.server";
import { getPricesForEdit } from "~/domains/content/price.server";
import { getInscriptionFormsForAdmin } from "~/domains/content/inscription.server";
import { createActivity, createDiscipline, createPost } from "../../../tests/factories";
import { callRoute, createUser, ORIGIN, signIn } from "../../../tests/auth";
import { book, mondayClass, TODAY } from "../../../tests/trial";
import { action as blogAction } from "./content/blog";
import { action as contentAction } from "./content/content";
import { action as disciplinesAction } from "./content/disciplines";
import { action as inscriptionsAction } from "./content/inscriptions";
import { action as mediaAction } from "./content/media";
import { action as menuAction } from "./content/menu";
import { action as messagesAction } from "./messages/messages";
import { action as pagesAction } from "./content/pages";
import { action as pricesAction } from "./content/prices";
import { action as scheduleAction } from "./schedule/schedule";
import { action as settingsAction } from "./content/settings";
import { action as trainingAction } from "./content/training";
import { action as trialsAction } from "./trials/trials";

/*
 * Each act of the back office, through its real action and a real Request, writes exactly
 * one journal row (or one per item it touches) naming the act and its item; a refused or
 * stale act writes none, and a rolled-back act leaves no row.
 */

let cookie: string;
let userId: number;
const IP = "203.0.113.7";

beforeAll(async () => {
  userId = await createUser("journaliste", "mot-de-passe");
  ({ cookie } = await signIn(userId));
});

type Fields = [string, string][] | Record<string, string>;
type RouteAction = (args: never) => unknown;

function post(action: RouteAction, path: string, fields: Fields) {
  return callRoute(
    action,
    new Request(`${ORIGIN}${path}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    }),
    { clientIp: IP },
  );
}

/** The journal rows written since `afterId`, oldest first. */
async function rowsSince(afterId: number) {
  return getDb()
    .selectFrom("activity_log")
    .select(["user_id", "username", "action", "item_type", "item_id", "item_label", "ip"])
    .where("id", ">", afterId)
    .orderBy("id")
    .execute();
}

async function lastId(): Promise<number> {
  const row = await getDb()
    .selectFrom("activity_log")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

async function messageId(): Promise<number> {
  const stamp = "2026-11-20T09:30:00.000Z";
  const row = await getDb()
    .insertInto("contact_messages")
    .values({
      name: "Camille Martin",
      email: "camille@example.fr",
      subject: "Séance d'essai",
      message: "Bonjour",
      read_at: null,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const ACTIVITY: [string, string][] = [
  ["title", "Boxe éducative"],
  ["category", "kids"],
  ["day", "Mercredi"],
  ["start_time", "14:00"],
  ["end_time", "15:30"],
  ["color", "#FF8800"],
  ["description", "Pour les petits"],
  ["age_range", "6-11 ans"],
  ["long_description", ""],
];

const ARTICLE = {
  title: "Gala de Meyzieu",
  subtitle: "",
  excerpt: "",
  content: "Premier paragraphe",
  image_url: "",
  category: "evenement",
  author: "Coach Karim",
  published_at: "2025-03-08T18:30",
};

interface Act {
  name: string;
  action: RouteAction;
  path: string;
  /** The POST's fields (prepared in the database first when the act needs an item). */
  fields: () => Promise<Fields>;
  /** The rows expected: [action, item_type, item_label] (a RegExp matches a label). */
  rows: [string, string, string | RegExp][];
}

const ACTS: Act[] = [
  {
    name: "a content block saved",
    action: contentAction,
    path: "/admin/content",
    fields: async () => ({
      intent: "save",
      changes: JSON.stringify([
        {
          category: "hero",
          section: "main",
          content: { ...PAGE_TEXTS.hero.main, title: "Boxez à Meyzieu" },
          loadedAt: null,
        },
      ]),
    }),
    rows: [["save", "content", "Bannière d'accueil · Principal"]],
  },
  {
    name: "a site page created",
    action: pagesAction,
    path: "/admin/pages",
    fields: async () => ({ intent: "create" }),
    rows: [["create", "page", /./]],
  },
  {
    name: "a site page deleted",
    action: pagesAction,
    path: "/admin/pages",
    fields: async () => {
      const created = await post(pagesAction, "/admin/pages", { intent: "create" });
      return { intent: "delete", id: String((created.data as { createdId: number }).createdId) };
    },
    rows: [["delete", "page", /./]],
  },
  {
    name: "an article created",
    action: blogAction,
    path: "/admin/blog",
    fields: async () => ({ intent: "create", ...ARTICLE }),
    rows: [["create", "post", "Gala de Meyzieu"]],
  },
  {
    name: "an article published",
    action: blogAction,
    path: "/admin/blog",
    fields: async () => {
      const { id } = await createPost({ title: "Reprise des cours", is_published: 0 });
      return { intent: "publish", id: String(id), value: "true" };
    },
    rows: [["publish", "post", "Reprise des cours"]],
  },
  {
    name: "an article unpublished",
    action: blogAction,
    path: "/admin/blog",
    fields: async () => {
      const { id } = await createPost({ title: "Stage d'été", is_published: 1 });
      return { intent: "publish", id: String(id), value: "false" };
    },
    rows: [["unpublish", "post", "Stage d'été"]],
  },
  {
    name: "an article deleted",
    action: blogAction,
    path: "/admin/blog",
    fields: async () => {
      const { id } = await createPost({ title: "Ancien article" });
      return { intent: "delete", id: String(id) };
    },
    rows: [["delete", "post", "Ancien article"]],
  },
  {
    name: "a media added by its address",
    action: mediaAction,
    path: "/admin/media",
    fields: async () => ({
      intent: "add",
      title: "Affiche du gala",
      url: "https://club.test/affiche.jpg",
    }),
    rows: [["upload", "media", "Affiche du gala"]],
  },
  {
    name: "the menu saved",
    action: menuAction,
    path: "/admin/menu",
    fields: async () => ({
      intent: "save",
      items: JSON.stringify(DEFAULT_MENU),
      version: (await getMenuForEdit()).version,
    }),
    rows: [["save", "menu", "Menu du site"]],
  },
  {
    name: "a settings tab saved",
    action: settingsAction,
    path: "/admin/settings",
    fields: async () => ({
      intent: "save",
      changes: JSON.stringify([
        { category: "general", settings: SETTINGS_DEFAULTS.general, loadedAt: null },
      ]),
    }),
    rows: [["save", "settings", "Général"]],
  },
  {
    name: "a discipline created",
    action: disciplinesAction,
    path: "/admin/disciplines",
    fields: async () => ({ intent: "create" }),
    rows: [["create", "discipline", /./]],
  },
  {
    name: "a discipline moved",
    action: disciplinesAction,
    path: "/admin/disciplines",
    fields: async () => {
      await createDiscipline({ title: "Cardio boxe" });
      const { id } = await createDiscipline({ title: "Boxe loisir" });
      return { intent: "move", id: String(id), direction: "up" };
    },
    rows: [["reorder", "discipline", "Boxe loisir"]],
  },
  {
    name: "a discipline deleted",
    action: disciplinesAction,
    path: "/admin/disciplines",
    fields: async () => {
      const { id } = await createDiscipline({ title: "Boxe supprimée" });
      return { intent: "delete", id: String(id) };
    },
    rows: [["delete", "discipline", "Boxe supprimée"]],
  },
  {
    name: "a training format created",
    action: trainingAction,
    path: "/admin/training",
    fields: async () => ({ intent: "create" }),
    rows: [["create", "format", /./]],
  },
  {
    name: "the prices saved",
    action: pricesAction,
    path: "/admin/tarifs",
    fields: async () => ({
      intent: "save",
      version: (await getPricesForEdit()).version,
      prices: JSON.stringify([
        {
          label: "Adultes",
          audience: "adultes",
          amount: "180",
          includes_licence: true,
          includes_insurance: true,
          notes: "",
        },
      ]),
    }),
    rows: [["save", "price", "Liste des tarifs"]],
  },
  {
    name: "the registration forms saved",
    action: inscriptionsAction,
    path: "/admin/inscriptions",
    fields: async () => ({
      intent: "save",
      version: (await getInscriptionFormsForAdmin()).version,
      forms: JSON.stringify([]),
    }),
    rows: [["save", "inscription", "Formulaires d'inscription"]],
  },
  {
    name: "an activity of the week created",
    action: scheduleAction,
    path: "/admin/schedule",
    fields: async () => [["intent", "create"], ...ACTIVITY],
    rows: [["create", "activity", "Boxe éducative"]],
  },
  {
    name: "an activity of the week deleted",
    action: scheduleAction,
    path: "/admin/schedule",
    fields: async () => {
      const { id } = await createActivity({ title: "Boxe du samedi" });
      return { intent: "delete", id: String(id) };
    },
    rows: [["delete", "activity", "Boxe du samedi"]],
  },
  {
    name: "the planning's title saved",
    action: scheduleAction,
    path: "/admin/schedule",
    fields: async () => ({ intent: "planning-title", title: "Planning 2026-2027" }),
    rows: [["save", "schedule", "Titre du planning"]],
  },
  {
    name: "a session cancelled on a date",
    action: scheduleAction,
    path: "/admin/schedule",
    fields: async () => {
      const { id } = await createActivity({ title: "Boxe du lundi", day: "Lundi" });
      return [
        ["intent", "change-create"],
        ["kind", "cancel"],
        ["activityId", String(id)],
        ["date", addDays(mondayOf(TODAY), 14)],
        ["reason", "Gymnase fermé"],
      ];
    },
    rows: [["create", "schedule-change", /^Boxe du lundi : séance du lundi .* annulée$/]],
  },
  {
    name: "a trial booking cancelled",
    action: trialsAction,
    path: "/admin/essais",
    fields: async () => {
      const { id } = await mondayClass(2);
      return { intent: "cancel", id: String(await book(id, "lea@example.fr")) };
    },
    rows: [["cancel", "trial", /, lundi /]],
  },
  {
    name: "a trial's attendance noted",
    action: trialsAction,
    path: "/admin/essais",
    fields: async () => {
      const { id } = await mondayClass(2);
      const bookingId = await book(id, "sam@example.fr");
      // The session is last week's: begun, its attendance may be noted.
      await getDb()
        .updateTable("trial_bookings")
        .set({ session_date: addDays(mondayOf(TODAY), -7) })
        .where("id", "=", bookingId)
        .execute();
      return { intent: "attendance", id: String(bookingId), attendance: "present" };
    },
    rows: [["attendance", "trial", /./]],
  },
  {
    name: "a message archived",
    action: messagesAction,
    path: "/admin/messages",
    fields: async () => ({ intent: "archive", id: String(await messageId()) }),
    rows: [["move", "message", "Message du 20 novembre 2026"]],
  },
  {
    name: "a message deleted",
    action: messagesAction,
    path: "/admin/messages",
    fields: async () => ({ intent: "delete", id: String(await messageId()) }),
    rows: [["delete", "message", "Message du 20 novembre 2026"]],
  },
  {
    name: "a message answered",
    action: messagesAction,
    path: "/admin/messages",
    fields: async () => ({
      intent: "reply",
      id: String(await messageId()),
      subject: "Re: Séance d'essai",
      body: "Bonjour, oui, venez mardi.",
    }),
    rows: [["reply", "message", "Message du 20 novembre 2026"]],
  },
];

describe("every act of the back office writes its journal row", () => {
  for (const act of ACTS) {
    it(act.name, async () => {
      const fields = await act.fields();
      const before = await lastId();
      const answer = await post(act.action, act.path, fields);
      expect(answer.status, JSON.stringify(answer.data)).toBeLessThan(300);
      const rows = await rowsSince(before);
      expect(rows.map((row) => [row.action, row.item_type])).toEqual(
        act.rows.map(([action, itemType]) => [action, itemType]),
      );
      for (const [index, [, , label]] of act.rows.entries()) {
        const row = rows[index]!;
        if (typeof label === "string") expect(row.item_label).toBe(label);
        else expect(row.item_label).toMatch(label);
        expect(row).toMatchObject({ user_id: userId, username: "journaliste", ip: IP });
      }
    });
  }
});

describe("an act that did nothing writes no row", () => {
  const REFUSED: {
    name: string;
    action: RouteAction;
    path: string;
    fields: () => Promise<Fields>;
  }[] = [
    {
      name: "a stale content save",
      action: contentAction,
      path: "/admin/content",
      fields: async () => {
        await getDb()
          .insertInto("site_content")
          .values({
            category: "footer",
            section: "about",
            content: "{}",
            updated_at: "2026-01-02T00:00:00.000Z",
          })
          .onConflict((oc) => oc.columns(["category", "section"]).doNothing())
          .execute();
        return {
          intent: "save",
          changes: JSON.stringify([
            {
              category: "footer",
              section: "about",
              content: PAGE_TEXTS.footer.about,
              loadedAt: "2020-01-01T00:00:00.000Z",
            },
          ]),
        };
      },
    },
    {
      name: "an invalid article",
      action: blogAction,
      path: "/admin/blog",
      fields: async () => ({ intent: "create", ...ARTICLE, title: "" }),
    },
    {
      name: "a stale article save",
      action: blogAction,
      path: "/admin/blog",
      fields: async () => {
        const { id } = await createPost({ title: "Déjà modifié" });
        return {
          intent: "update",
          id: String(id),
          updated_at: "2020-01-01T00:00:00.000Z",
          ...ARTICLE,
        };
      },
    },
    {
      name: "a stale menu",
      action: menuAction,
      path: "/admin/menu",
      fields: async () => ({
        intent: "save",
        items: JSON.stringify(DEFAULT_MENU),
        version: "périmée",
      }),
    },
    {
      name: "an unknown message moved",
      action: messagesAction,
      path: "/admin/messages",
      fields: async () => ({ intent: "archive", id: "999999" }),
    },
    {
      name: "the attendance of a session not begun",
      action: trialsAction,
      path: "/admin/essais",
      fields: async () => {
        const { id } = await mondayClass(2);
        const bookingId = await book(id, "tom@example.fr");
        return { intent: "attendance", id: String(bookingId), attendance: "present" };
      },
    },
  ];
  for (const refused of REFUSED) {
    it(refused.name, async () => {
      const fields = await refused.fields();
      const before = await lastId();
      const answer = await post(refused.action, refused.path, fields);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(await rowsSince(before)).toEqual([]);
    });
  }
});

describe("the act and its row commit together", () => {
  const actor = { userId: null, username: "test", ip: IP };

  it("an act that fails after writing leaves neither its change nor a row", async () => {
    const before = await lastId();
    await expect(
      withActivity(
        actor,
        { action: "create", itemType: "post", itemLabel: "Fantôme" },
        async () => {
          await createPost({ title: "Fantôme" });
          throw new Error("panne");
        },
      ),
    ).rejects.toThrow("panne");
    expect(await rowsSince(before)).toEqual([]);
    const posts = await getDb()
      .selectFrom("blog_posts")
      .select("id")
      .where("title", "=", "Fantôme")
      .execute();
    expect(posts).toEqual([]);
  });

  it("a row that cannot be written undoes the act", async () => {
    const before = await lastId();
    await expect(
      withActivity(
        actor,
        () => {
          throw new Error("journal indisponible");
        },
        () => createPost({ title: "Sans trace" }),
      ),
    ).rejects.toThrow("journal indisponible");
    expect(await rowsSince(before)).toEqual([]);
    const posts = await getDb()
      .selectFrom("blog_posts")
      .select("id")
      .where("title", "=", "Sans trace")
      .execute();
    expect(posts).toEqual([]);
  });
});
