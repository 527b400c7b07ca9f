import { navFor } from "~/components/admin/shell/admin-nav";
import {
  ACTIVITY_ITEM_SCREENS,
  ACTIVITY_KIND_KEYS,
  JOURNAL_KIND_PARAM,
  JOURNAL_PERSON_PARAM,
  activityActionLabel,
  activityItemTypeLabel,
} from "~/domains/history/activity";
import { readChoice, readDate, readPage, readSearch } from "~/utils/list-params";
import {
  activityPeople,
  existingItems,
  isLinkedItemType,
  listActivity,
  type ActivityRow,
} from "~/domains/history/activity-log.server";
import { requireUser } from "~/domains/volunteers/auth.server";
import { can, type Role } from "~/domains/volunteers/capabilities";
import { positiveId } from "~/core/form";

/*
 * /admin/journal: who did what, newest first, 25 a page (?page). The admin reads
 * everyone's rows and filters them by person (?personne), kind of act (?type), dates
 * (?du, ?au, Paris days) and words of the item (?q); every other volunteer reads their own rows only, with the same
 * filters but the person's, which is ignored for them.
 */

/** Where a row's item is edited: the item itself when it still exists, else its screen. */
function itemHref(row: ActivityRow, screens: Set<string>, existing: Set<string>): string | null {
  const screen = ACTIVITY_ITEM_SCREENS[row.itemType as keyof typeof ACTIVITY_ITEM_SCREENS];
  if (!screen || !screens.has(screen)) return null;
  if (!isLinkedItemType(row.itemType)) return screen;
  if (!existing.has(`${row.itemType}:${row.itemId}`)) return null;
  const param = row.itemType === "post" ? "modifier" : "id";
  return `${screen}?${param}=${row.itemId}`;
}

/** A journal row as the screen shows it: French words, and where its item is edited. */
export async function journalRows(rows: ActivityRow[], roles: readonly Role[]) {
  const screens = new Set(navFor(roles).map((item) => item.to));
  const existing = await existingItems(rows);
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt,
    username: row.username,
    action: activityActionLabel(row.action),
    itemType: activityItemTypeLabel(row.itemType),
    itemLabel: row.itemLabel,
    href: itemHref(row, screens, existing),
    ip: row.ip,
  }));
}

export type JournalRow = Awaited<ReturnType<typeof journalRows>>[number];

export async function journalLoader({ request }: { request: Request }) {
  const session = await requireUser(request);
  const everyone = can(session.roles, "admin");
  const params = new URL(request.url).searchParams;
  const filters = {
    // Anyone but the admin reads their own rows, whatever the address asks.
    userId: everyone ? positiveId(params.get(JOURNAL_PERSON_PARAM)) : session.userId,
    kind: readChoice(params, JOURNAL_KIND_PARAM, ACTIVITY_KIND_KEYS, null),
    from: readDate(params, "du"),
    to: readDate(params, "au"),
    search: readSearch(params),
  };
  const [list, people] = await Promise.all([
    listActivity(filters, { page: readPage(params) }),
    everyone ? activityPeople() : [],
  ]);
  return {
    everyone,
    people,
    filters,
    list: { ...list, rows: await journalRows(list.rows, session.roles) },
  };
}
