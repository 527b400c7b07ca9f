import { addDays, type IsoDate } from "~/core/club-time";
import { compareSessions, sessionOn, type DatedSession } from "~/domains/schedule";
import type { TrialPeriod } from "~/domains/trials/trial-schema";
import { getDb } from "~/db/client.server";
import type { ActivityRow } from "~/db/schema";
import { getScheduleChanges } from "~/domains/schedule/index.server";
import { pageAt, whereSearch } from "../../utils/list-page.server";
import {
  ADMIN_PAST_DAYS,
  bookingRows,
  toAdminBooking,
  type AdminTrialSession,
  type AdminWaiting,
} from "./trial-admin.server";
import { ACTIVE } from "./trial-cancel.server";
import { storedSession, type KeptSessionColumns } from "./trial-kept-session.server";
import { withPlaces, type TrialStatus } from "./trial-sessions.server";

/*
 * The Essais screen's list: the people booked or waiting (or cancelled) under their
 * sessions, by period, searched, 25 a page. A session still ahead shows as it stands; a
 * past one at the date and times it ran at; a deleted activity's as its bookings kept it.
 */

/** People per page: a session with more spreads over the next page. */
export const TRIAL_PEOPLE_PER_PAGE = 25;

/**
 * One page of the people booked or waiting (or, with `cancelled`, of the cancelled
 * bookings), under their sessions: "a-venir" from 7 days ago on (attendance) in the order
 * the sessions take place, "passees" and "toutes" the latest first; in a session, the
 * booked then the waitlist, in the order they came. A search keeps the people who match
 * (name, e-mail, phone, child); the places and the waitlist's ranks count everyone. A
 * session the club cancelled has no active booking left (trial-notices.server.ts cancels
 * them): it is listed with the cancelled ones. The counts are of people, under the
 * search: each period's under the status shown, each status's in the period shown.
 */
export async function listTrialSessionsForAdmin({
  today,
  period = "a-venir",
  search = "",
  page = 1,
  cancelled = false,
}: {
  today: IsoDate;
  period?: TrialPeriod;
  search?: string;
  page?: number;
  cancelled?: boolean;
}) {
  const db = getDb();
  const [active, gone, activities, changes] = await Promise.all([
    peoplePerSession(searchBookings(search, ACTIVE)),
    peoplePerSession(searchBookings(search, ["cancelled"])),
    db.selectFrom("schedule_activities").select(ACTIVITY_COLUMNS).execute(),
    getScheduleChanges(),
  ]);
  const byId = new Map(activities.map((activity) => [activity.id, activity]));
  const since = addDays(today, -ADMIN_PAST_DAYS);
  const byPeriod = (keys: typeof active, withCancelledSessions: boolean) => {
    const sessions = keys
      .flatMap((kept) => {
        const session = shownSession(kept, byId, changes, today);
        return session && (withCancelledSessions || session.state !== "cancelled") ? [session] : [];
      })
      .sort(compareSessions);
    return {
      "a-venir": sessions.filter((session) => session.date >= since),
      passees: sessions.filter((session) => session.date < today).reverse(),
      toutes: [...sessions].reverse(),
    };
  };
  const shownStatus = byPeriod(cancelled ? gone : active, cancelled);
  const otherStatus = byPeriod(cancelled ? active : gone, !cancelled);
  const people = (list: { people: number }[]) =>
    list.reduce((sum, session) => sum + session.people, 0);
  const total = people(shownStatus[period]);
  const at = pageAt(total, { page, perPage: TRIAL_PEOPLE_PER_PAGE });
  // The page's slice of each session it reaches.
  const end = at.offset + TRIAL_PEOPLE_PER_PAGE;
  const slices: SessionSlice[] = [];
  let reached = 0;
  for (const session of shownStatus[period]) {
    const from = reached;
    reached += session.people;
    if (reached <= at.offset) continue;
    if (from >= end) break;
    const skip = Math.max(0, at.offset - from);
    slices.push({ session, skip, take: Math.min(reached, end) - from - skip });
  }
  const other = people(otherStatus[period]);
  return {
    rows: await withBookings(slices, search, cancelled),
    total,
    page: at.page,
    pages: at.pages,
    counts: {
      "a-venir": people(shownStatus["a-venir"]),
      passees: people(shownStatus.passees),
      toutes: people(shownStatus.toutes),
    },
    statusCounts: { inscrites: cancelled ? other : total, annulees: cancelled ? total : other },
  };
}

/** A session of the list, with how many people it holds. */
type ListedSession = DatedSession & { people: number; removed: boolean; key: string };

/** What the bookings of a session kept of it (a deleted activity's are told apart by title). */
interface KeptSession extends KeptSessionColumns {
  people: number;
}

/**
 * How many bookings of `query` each session holds, with the session they kept: one row
 * per session of a live activity, one per title and date for deleted ones.
 */
async function peoplePerSession(query: ReturnType<typeof searchBookings>): Promise<KeptSession[]> {
  const rows = await query
    .select((eb) => [
      "trial_bookings.activity_id",
      "trial_bookings.session_date",
      "trial_bookings.activity_title",
      eb.fn.max("trial_bookings.on_date").as("on_date"),
      eb.fn.max("trial_bookings.on_start").as("on_start"),
      eb.fn.max("trial_bookings.on_end").as("on_end"),
      eb.fn.countAll<number | string>().as("people"),
    ])
    .groupBy([
      "trial_bookings.activity_id",
      "trial_bookings.session_date",
      "trial_bookings.activity_title",
    ])
    .execute();
  const sessions = new Map<string, KeptSession>();
  for (const row of rows) {
    const key = sessionKey(row);
    const seen = sessions.get(key);
    sessions.set(key, {
      ...row,
      people: Number(row.people) + (seen?.people ?? 0),
    });
  }
  return [...sessions.values()];
}

function sessionKey(row: {
  activity_id: number | null;
  session_date: string;
  activity_title: string;
}) {
  return row.activity_id === null
    ? `supprime-${row.session_date}-${row.activity_title}`
    : `${row.activity_id}-${row.session_date}`;
}

/**
 * The session as the list shows it: as it stands while ahead; once past, at the date and
 * times it ran at (the activity's may have changed since); a deleted activity's as kept.
 */
function shownSession(
  kept: KeptSession,
  byId: Map<number, ActivityColumns>,
  changes: Awaited<ReturnType<typeof getScheduleChanges>>,
  today: IsoDate,
): ListedSession | null {
  const stored = storedSession({ ...kept, cancel_note: "" });
  const base = { people: kept.people, key: sessionKey(kept) };
  if (kept.activity_id === null) return { ...stored, ...base, removed: true };
  const activity = byId.get(kept.activity_id);
  if (!activity) return null;
  const dated = sessionOn(activity, kept.session_date, changes);
  const past = kept.on_start !== "" && stored.onDate < today;
  return past
    ? {
        ...dated,
        onDate: stored.onDate,
        onStart: stored.onStart,
        onEnd: stored.onEnd,
        ...base,
        removed: false,
      }
    : { ...dated, ...base, removed: false };
}

const ACTIVITY_COLUMNS = ["id", "title", "day", "start_time", "end_time", "trial_places"] as const;
type ActivityColumns = Pick<ActivityRow, (typeof ACTIVITY_COLUMNS)[number]>;

/** The bookings of these statuses matching a search (every one for an empty search). */
function searchBookings(search: string, statuses: TrialStatus[]) {
  return whereSearch(
    getDb().selectFrom("trial_bookings").where("trial_bookings.status", "in", statuses),
    [
      "trial_bookings.first_name",
      "trial_bookings.last_name",
      "trial_bookings.email",
      "trial_bookings.phone",
      "trial_bookings.child_first_name",
    ],
    search,
  );
}

/** A session on a page: its people (under the search) from `skip`, `take` of them. */
interface SessionSlice {
  session: ListedSession;
  skip: number;
  take: number;
}

/**
 * The page's sessions with their places, and their people of the page: the active ones,
 * or the cancelled ones.
 */
async function withBookings(
  slices: SessionSlice[],
  search: string,
  cancelled: boolean,
): Promise<AdminTrialSession[]> {
  if (slices.length === 0) return [];
  const statuses: TrialStatus[] = cancelled ? [...ACTIVE, "cancelled"] : ACTIVE;
  const dates = [...new Set(slices.map(({ session }) => session.date))];
  // 0: no activity id matches; the deleted activities' bookings are those without one.
  const ids = [...new Set(slices.map(({ session }) => (session.removed ? 0 : session.activityId)))];
  const [rows, matching] = await Promise.all([
    bookingRows()
      .where("trial_bookings.status", "in", statuses)
      .where("trial_bookings.session_date", "in", dates)
      .where((eb) =>
        eb.or([
          eb("trial_bookings.activity_id", "in", ids),
          eb("trial_bookings.activity_id", "is", null),
        ]),
      )
      .execute(),
    search
      ? searchBookings(search, statuses)
          .select("trial_bookings.id")
          .where("trial_bookings.session_date", "in", dates)
          .execute()
      : null,
  ]);
  const matches = matching && new Set(matching.map((row) => row.id));
  return slices.map(({ session, skip, take }) => {
    const all = rows.filter((row) => sessionKey(row) === session.key);
    const booked = all.filter((row) => row.status === "booked").map(toAdminBooking);
    const waiting = all
      .filter((row) => row.status === "waitlist")
      .map((row, index) => ({ ...toAdminBooking(row), rank: index + 1 }));
    const shown = cancelled
      ? all.filter((row) => row.status === "cancelled").map(toAdminBooking)
      : [...booked, ...waiting];
    const listed = shown.filter((booking) => !matches || matches.has(booking.id));
    const onPage = listed.slice(skip, skip + take);
    return {
      ...withPlaces(session, all[0]?.trial_places ?? 0, booked.length),
      key: session.key,
      removed: session.removed,
      cancelled: session.state === "cancelled",
      bookings: onPage.filter((booking) => booking.status !== "waitlist"),
      waitlist: onPage.filter((booking): booking is AdminWaiting => "rank" in booking),
      before: skip,
      after: Math.max(0, listed.length - skip - take),
    };
  });
}
