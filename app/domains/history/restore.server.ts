import { isoToClubLocal } from "~/core/club-time";
import { PostSchema } from "~/domains/content";
import { validateContentChanges } from "~/domains/content";
import { MenuSchema } from "~/domains/content";
import { SitePageSchema } from "~/domains/content";
import { DisciplineSchema } from "~/domains/content";
import { TrainingFormatSchema } from "~/domains/content";
import {
  EDITABLE_CATEGORIES,
  validateSettingsChanges,
  type EditableCategory,
} from "~/domains/content";
import type { HistoryType, RestorePublish } from "~/domains/history/history";
import { PriceListSchema } from "~/domains/content";
import { ActivitySchema } from "~/domains/schedule";
import { getDb } from "~/db/client.server";
import { noticeActivityChange } from "~/domains/schedule/index.server";
import { withActivity } from "~/domains/history/activity-log.server";
import { type Actor } from "~/domains/history/actor";
import { saveContentBlocks } from "~/domains/content/index.server";
import { getDiscipline, updateDiscipline } from "~/domains/content/index.server";
import { getMenuForEdit, saveMenu } from "~/domains/content/index.server";
import { getPostForEdit, setPostPublished, updatePost } from "~/domains/content/index.server";
import { getPricesForEdit, replacePrices } from "~/domains/content/index.server";
import { getActivity, updateActivity } from "~/domains/schedule/index.server";
import { saveSettingsCategories } from "~/domains/content/index.server";
import { getSitePage, updateSitePage } from "~/domains/content/index.server";
import { NotFoundError } from "~/utils/stale.server";
import { getTrainingFormat, updateTrainingFormat } from "~/domains/content/index.server";
import { HISTORY_KINDS, type Snapshot } from "./kinds.server";
import type { VersionKey } from "./versions.server";

/*
 * "Restaurer cette version": the old fields go back through the item's own save (its
 * schema, its sanitising, its stale check against the state just read), in one
 * transaction with the journal's "restore" entry, which keeps the result as a new version
 * (withActivity). Nothing is rewritten. An article or a page that is published is
 * published with the restored text ("now") or taken back to a draft ("draft"): neither
 * has a draft separate from what visitors see (docs/decisions/021-history.md).
 */

/** The old fields no longer pass the editor's rules (a field since made stricter). */
export class RestoreInvalidError extends Error {}

const text = (value: unknown) => (typeof value === "string" ? value : "");
const list = (value: unknown) =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];

function parsed<T>(result: { success: true; data: T } | { success: false }): T {
  if (!result.success) throw new RestoreInvalidError();
  return result.data;
}

function numeric(id: string): number {
  if (!/^\d{1,9}$/.test(id)) throw new NotFoundError("Élément");
  return Number(id);
}

type Writer = (id: string, old: Snapshot, publish: RestorePublish) => Promise<unknown>;

const WRITERS: Record<HistoryType, Writer> = {
  post: async (id, old, publish) => {
    const current = await getPostForEdit({ id: numeric(id) });
    if (!current) throw new NotFoundError("Article");
    const values = parsed(
      PostSchema.safeParse({
        title: text(old.title),
        subtitle: text(old.subtitle),
        excerpt: text(old.excerpt),
        content: text(old.content),
        image_url: text(old.image_url),
        category: text(old.category),
        author: text(old.author),
        published_at: isoToClubLocal(text(old.published_at)),
      }),
    );
    await updatePost({ id: current.id, values, loadedAt: current.updated_at });
    if (current.is_published && publish === "draft") {
      await setPostPublished({ id: current.id, published: false });
    }
  },
  page: async (id, old, publish) => {
    const current = await getSitePage({ id: numeric(id) });
    if (!current) throw new NotFoundError("Page");
    // The schedule is not restored: it stays as set now (ADR 021).
    const values = parsed(
      SitePageSchema.omit({ publish_at: true, unpublish_at: true }).safeParse({
        title: text(old.title),
        slug: text(old.slug),
        content: text(old.content),
        is_published: String(current.is_published && publish === "now"),
        template: text(old.template),
        order_index: String(old.order_index ?? current.order_index),
      }),
    );
    await updateSitePage({ id: current.id, values, loadedAt: current.updated_at });
  },
  content: async (id, old) => {
    const [category = "", section = ""] = id.split("/");
    const row = await getDb()
      .selectFrom("site_content")
      .select("updated_at")
      .where("category", "=", category)
      .where("section", "=", section)
      .executeTakeFirst();
    const valid = validateContentChanges([
      { category, section, content: old, loadedAt: row?.updated_at ?? null },
    ]);
    if (!valid.success) throw new RestoreInvalidError();
    await saveContentBlocks({ changes: valid.changes });
  },
  discipline: async (id, old) => {
    const current = await getDiscipline({ id: numeric(id) });
    if (!current) throw new NotFoundError("Discipline");
    const values = parsed(DisciplineSchema.safeParse({ ...old, details: list(old.details) }));
    await updateDiscipline({ id: current.id, values, loadedAt: current.updated_at });
  },
  format: async (id, old) => {
    const current = await getTrainingFormat({ id: numeric(id) });
    if (!current) throw new NotFoundError("Format");
    const values = parsed(TrainingFormatSchema.safeParse({ ...old, details: list(old.details) }));
    await updateTrainingFormat({ id: current.id, values, loadedAt: current.updated_at });
  },
  activity: async (id, old) => {
    const current = await getActivity({ id: numeric(id) });
    if (!current) throw new NotFoundError("Activité");
    const values = parsed(
      ActivitySchema.safeParse({
        title: text(old.title),
        category: text(old.category),
        day: text(old.day),
        start_time: text(old.start_time),
        end_time: text(old.end_time),
        color: text(old.color),
        description: text(old.description),
        age_range: text(old.age_range),
        long_description: text(old.long_description),
        images: list(old.images),
        trial_enabled: old.trial_enabled ? "1" : "0",
        trial_places: String(old.trial_places ?? current.trial_places),
        trial_min_age: String(old.trial_min_age ?? current.trial_min_age),
      }),
    );
    await updateActivity({ id: current.id, values, loadedAt: current.updated_at });
    // A class moved back to another time tells its booked families, as a drag in the grid does.
    await noticeActivityChange(current, await getActivity({ id: current.id }));
  },
  menu: async (_id, old) => {
    const items = parsed(MenuSchema.safeParse(old.items));
    const { version } = await getMenuForEdit();
    await saveMenu({ items, loadedVersion: version });
  },
  settings: async (id, old) => {
    if (!(EDITABLE_CATEGORIES as readonly string[]).includes(id)) {
      throw new NotFoundError("Paramètres");
    }
    const category = id as EditableCategory;
    const row = await getDb()
      .selectFrom("site_settings")
      .select("updated_at")
      .where("category", "=", category)
      .executeTakeFirst();
    const valid = validateSettingsChanges([
      { category, settings: old, loadedAt: row?.updated_at ?? null },
    ]);
    if (!valid.success) throw new RestoreInvalidError();
    await saveSettingsCategories({ changes: valid.changes });
  },
  price: async (_id, old) => {
    const { prices } = parsed(PriceListSchema.safeParse({ prices: old.prices }));
    const { version } = await getPricesForEdit();
    await replacePrices({
      prices: prices.map(({ amount, ...price }) => ({ ...price, amount_cents: amount })),
      loadedVersion: version,
    });
  },
};

/**
 * Writes `old` back as the item's fields, with its journal entry and new version (action
 * "restore"), all in one transaction.
 * @throws NotFoundError, RestoreInvalidError, StaleSaveError
 */
export async function restoreVersion({
  key,
  snapshot,
  actor,
  publish = "now",
}: {
  key: VersionKey;
  snapshot: Snapshot;
  actor: Actor;
  publish?: RestorePublish;
}): Promise<void> {
  await withActivity(
    actor,
    (label: string) => ({
      action: "restore",
      itemType: key.type,
      itemId: key.id,
      itemLabel: label,
    }),
    async () => {
      await WRITERS[key.type](key.id, snapshot, publish);
      return (await HISTORY_KINDS[key.type].read(key.id))?.label ?? "";
    },
  );
}
