import ICAL from "ical.js";
import { beforeEach, describe, expect, it } from "vitest";
import { addDays } from "~/core/club-time";
import { getDb } from "~/db/client.server";
import { createActivity } from "../../../tests/factories";
import {
  mondayClass,
  NEXT_MONDAY,
  NOW,
  outbox,
  request,
  resetTrialData,
  TODAY,
} from "../../../tests/trial";
import { createScheduleChange } from "../schedule/schedule-change.server";
import { getSettings, saveSettings } from "../content/settings.server";
import { setSiteAddress } from "../../../tests/site-address";
import { listenForSessionChanges } from "./trial-notices.server";
import {
  bookTrial,
  cancelBookingByToken,
  getBookingByToken,
  listBookableSessions,
  listTrialActivities,
} from "./trial-booking.server";

beforeEach(resetTrialData);

/** The token of the cancel link a mail carries. */
function cancelLinkIn(text: string): string {
  const token = /\/essai\/annuler\/([\w-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`Pas de lien d'annulation dans : ${text}`);
  return token;
}

async function statuses(activityId: number) {
  const rows = await getDb()
    .selectFrom("trial_bookings")
    .select("status")
    .where("activity_id", "=", activityId)
    .execute();
  return rows.map((row) => row.status).sort();
}

describe("listTrialActivities and listBookableSessions", () => {
  it("lists only the activities that accept trials, with their places and minimum age", async () => {
    const open = await mondayClass(4, 16);
    await createActivity({ title: "Compétition", day: "Mardi" });
    expect(await listTrialActivities()).toEqual([
      expect.objectContaining({
        id: open.id,
        title: "Boxe anglaise loisir",
        places: 4,
        minAge: 16,
      }),
    ]);
  });

  it("gives the next 4 weeks' sessions with places left, without cancelled ones or those begun", async () => {
    const open = await mondayClass(2);
    await bookTrial(request(open.id), NOW);
    await createScheduleChange({
      kind: "cancel",
      activityId: open.id,
      date: addDays(NEXT_MONDAY, 7),
      reason: "Gala",
    });
    const sessions = await listBookableSessions(open.id, TODAY, NOW);
    expect(sessions.every((s) => s.onDate >= TODAY && s.onDate <= addDays(TODAY, 27))).toBe(true);
    expect(sessions.map((s) => s.date)).not.toContain(addDays(NEXT_MONDAY, 7));
    expect(sessions[0]).toEqual(
      expect.objectContaining({
        date: NEXT_MONDAY,
        onStart: "19h00",
        state: "scheduled",
        places: 2,
        placesLeft: 1,
        full: false,
      }),
    );
    // A Monday at 19:30 in Paris (18:30 UTC in winter, 17:30 in summer): that session has begun.
    const during = new Date(`${NEXT_MONDAY}T18:30:00Z`);
    const later = await listBookableSessions(open.id, NEXT_MONDAY, during);
    expect(later.map((s) => s.date)).not.toContain(NEXT_MONDAY);
    expect(await listBookableSessions(open.id, addDays(TODAY, 400), NOW)).toEqual([]);
  });
});

describe("bookTrial", () => {
  it("books, stores the e-mail trimmed and lower-case, and queues the confirmation with its .ics", async () => {
    const open = await mondayClass();
    await setSiteAddress("http://club.test");
    const result = await bookTrial(request(open.id, { email: " Léa.Martin@Exemple.FR " }), NOW);
    expect(result).toEqual(expect.objectContaining({ ok: true, status: "booked" }));
    if (!result.ok) return;
    const row = await getDb()
      .selectFrom("trial_bookings")
      .select(["email", "cancel_token_hash", "session_date"])
      .where("id", "=", result.bookingId)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe("léa.martin@exemple.fr");
    expect(row.session_date).toBe(NEXT_MONDAY);
    expect(row.cancel_token_hash).not.toContain(result.cancelToken);

    const [mail] = await outbox();
    expect(mail!.to_address).toBe("léa.martin@exemple.fr");
    expect(mail!.subject).toContain("séance d'essai confirmée");
    expect(mail!.body_text).toContain(`http://club.test/essai/annuler/${result.cancelToken}`);
    const [ics] = JSON.parse(mail!.attachments) as { contentBase64: string }[];
    const calendar = new ICAL.Component(
      ICAL.parse(Buffer.from(ics!.contentBase64, "base64").toString("utf8")),
    );
    ICAL.TimezoneService.register(calendar.getFirstSubcomponent("vtimezone")!);
    const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent")!);
    expect(event.summary).toBe("Séance d'essai : Boxe anglaise loisir");
    expect(event.startDate.toString()).toBe(`${NEXT_MONDAY}T19:00:00`);
    expect(event.startDate.zone.tzid).toBe("Europe/Paris");
    // The instant: 19:00 in Paris, whatever the season's offset.
    const paris = new Intl.DateTimeFormat("fr-FR", {
      timeZone: "Europe/Paris",
      hour: "2-digit",
      minute: "2-digit",
    });
    expect(paris.format(event.startDate.toJSDate())).toBe("19:00");
    expect(event.endDate.toString()).toBe(`${NEXT_MONDAY}T20:30:00`);
  });

  it("gives 50 simultaneous requests for the last place exactly one booking, 49 'full'", async () => {
    const open = await mondayClass(3);
    for (let i = 0; i < 2; i += 1) await bookTrial(request(open.id), NOW);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => bookTrial(request(open.id), NOW)),
    );
    expect(results.filter((r) => r.ok && r.status === "booked")).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.refusal === "full")).toHaveLength(49);
    expect(await statuses(open.id)).toEqual(["booked", "booked", "booked"]);
    expect(await outbox()).toHaveLength(3);
  });

  it("puts the 49 others on the waitlist when they accept it", async () => {
    const open = await mondayClass(3);
    for (let i = 0; i < 2; i += 1) await bookTrial(request(open.id), NOW);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => bookTrial(request(open.id, { waitlist: true }), NOW)),
    );
    expect(results.filter((r) => r.ok && r.status === "booked")).toHaveLength(1);
    expect(results.filter((r) => r.ok && r.status === "waitlist")).toHaveLength(49);
    const all = await statuses(open.id);
    expect(all.filter((s) => s === "booked")).toHaveLength(3);
    expect(all.filter((s) => s === "waitlist")).toHaveLength(49);
    const mails = await outbox();
    expect(mails.filter((m) => m.subject.includes("liste d'attente"))).toHaveLength(49);
    const [session] = await listBookableSessions(open.id, TODAY, NOW);
    expect(session).toEqual(expect.objectContaining({ placesLeft: 0, full: true }));
  });

  it("counts people, not addresses: a parent books one trial per child and one for themself", async () => {
    const kids = await createActivity({
      title: "Boxe éducative",
      category: "kids",
      day: "Lundi",
      trial_enabled: 1,
      trial_places: 10,
      trial_min_age: 6,
    });
    const adults = await mondayClass(10);
    const year = Number(NEXT_MONDAY.slice(0, 4));
    const parent = { firstName: "Anne", lastName: "Durand", email: "famille@exemple.fr" };
    const child = (firstName: string) => ({ firstName, lastName: "Durand", birthYear: year - 8 });
    const forChild = (firstName: string, date = NEXT_MONDAY) =>
      bookTrial(request(kids.id, { ...parent, child: child(firstName), date }), NOW);

    // Two children of one parent on one session, then the parent on an adults' class.
    expect(await forChild("Noé")).toEqual(expect.objectContaining({ ok: true, status: "booked" }));
    expect(await forChild("Léa")).toEqual(expect.objectContaining({ ok: true, status: "booked" }));
    expect((await bookTrial(request(adults.id, parent), NOW)).ok).toBe(true);

    // The same child again (accents, case and spaces aside): that session, or another one.
    expect(
      await bookTrial(
        request(kids.id, { ...parent, email: " FAMILLE@exemple.fr", child: child(" noe ") }),
        NOW,
      ),
    ).toEqual({ ok: false, refusal: "already-booked" });
    expect(await forChild("Noé", addDays(NEXT_MONDAY, 7))).toEqual({
      ok: false,
      refusal: "person-limit",
      existing: { title: "Boxe éducative", onDate: NEXT_MONDAY },
    });
    // The parent again, on another date.
    const again = request(adults.id, { ...parent, date: addDays(NEXT_MONDAY, 7) });
    expect(await bookTrial(again, NOW)).toEqual(
      expect.objectContaining({ ok: false, refusal: "person-limit" }),
    );

    // A fourth person on the address, then the cap: 4 upcoming trials per address.
    const other = request(adults.id, { ...parent, firstName: "Marc" });
    expect((await bookTrial(other, NOW)).ok).toBe(true);
    expect(await forChild("Zoé")).toEqual({ ok: false, refusal: "email-limit" });
    const rows = await getDb()
      .selectFrom("trial_bookings")
      .select(["first_name", "child_first_name", "child_last_name", "child_birth_year"])
      .where("email", "=", "famille@exemple.fr")
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      {
        first_name: "Anne",
        child_first_name: "Noé",
        child_last_name: "Durand",
        child_birth_year: year - 8,
      },
      {
        first_name: "Anne",
        child_first_name: "Léa",
        child_last_name: "Durand",
        child_birth_year: year - 8,
      },
      { first_name: "Anne", child_first_name: null, child_last_name: null, child_birth_year: null },
      { first_name: "Marc", child_first_name: null, child_last_name: null, child_birth_year: null },
    ]);
  });

  it("refuses a children's class booked without a child, and ignores a child on an adults-only class", async () => {
    const kids = await createActivity({ category: "junior", day: "Lundi", trial_enabled: 1 });
    expect(await bookTrial(request(kids.id), NOW)).toEqual({
      ok: false,
      refusal: "child-required",
    });
    const adults = await mondayClass(3, 18);
    const child = { firstName: "Noé", lastName: "Martin", birthYear: 2015 };
    const booked = await bookTrial(request(adults.id, { child }), NOW);
    if (!booked.ok) throw new Error(booked.refusal);
    const row = await getDb()
      .selectFrom("trial_bookings")
      .select("child_first_name")
      .where("id", "=", booked.bookingId)
      .executeTakeFirstOrThrow();
    expect(row.child_first_name).toBeNull();
  });

  it("lets one person hold one upcoming trial even when they try three dates at once", async () => {
    const open = await mondayClass(10);
    const person = { firstName: "Sam", lastName: "Petit", email: "sam@exemple.fr" };
    const results = await Promise.all(
      [0, 7, 14].map((days) =>
        bookTrial(request(open.id, { ...person, date: addDays(NEXT_MONDAY, days) }), NOW),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.refusal === "person-limit")).toHaveLength(2);
  });

  it("refuses a child under the minimum age, and a session that cannot be booked", async () => {
    const kids = await mondayClass(3, 6);
    const year = Number(NEXT_MONDAY.slice(0, 4));
    const child = (birthYear: number) => ({ firstName: "Noé", lastName: "Durand", birthYear });
    expect(await bookTrial(request(kids.id, { child: child(year - 5) }), NOW)).toEqual({
      ok: false,
      refusal: "too-young",
    });
    expect((await bookTrial(request(kids.id, { child: child(year - 6) }), NOW)).ok).toBe(true);

    const closed = await createActivity({ day: "Lundi", trial_enabled: 0 });
    for (const req of [
      request(closed.id),
      request(kids.id, { date: addDays(NEXT_MONDAY, 1) }),
      request(kids.id, { date: addDays(NEXT_MONDAY, 28) }),
      request(kids.id, { date: addDays(NEXT_MONDAY, -7 * 52) }),
    ]) {
      expect(await bookTrial(req, NOW)).toEqual({ ok: false, refusal: "session-unavailable" });
    }
  });
});

describe("cancelBookingByToken", () => {
  it("cancels once, frees the place and gives it to the first waitlisted person, mailed", async () => {
    const open = await mondayClass(1);
    const first = await bookTrial(request(open.id, { email: "premier@exemple.fr" }), NOW);
    const waiting = await bookTrial(
      request(open.id, { email: "attente@exemple.fr", waitlist: true }),
      NOW,
    );
    await bookTrial(request(open.id, { email: "second@exemple.fr", waitlist: true }), NOW);
    expect(waiting).toEqual(expect.objectContaining({ ok: true, status: "waitlist" }));
    if (!first.ok || !waiting.ok) return;

    expect(await getBookingByToken(first.cancelToken)).toEqual(
      expect.objectContaining({
        status: "booked",
        activityTitle: "Boxe anglaise loisir",
        onDate: NEXT_MONDAY,
      }),
    );
    expect(await cancelBookingByToken(first.cancelToken, NOW)).toBe(true);
    expect(await cancelBookingByToken(first.cancelToken, NOW)).toBe(false);
    expect(await getBookingByToken(first.cancelToken)).toEqual(
      expect.objectContaining({ status: "cancelled" }),
    );
    expect(await getBookingByToken("inconnu")).toBeNull();
    expect(await cancelBookingByToken("inconnu", NOW)).toBe(false);

    const receipts = (await outbox()).filter((m) => m.subject.includes("annulation confirmée"));
    expect(receipts.map((m) => m.to_address)).toEqual(["premier@exemple.fr"]);
    expect(receipts[0]!.body_text).toMatch(
      /Votre annulation est confirmée : votre séance d'essai du \p{L}+ \d{1,2} \p{L}+ de 19h00 à 20h30 \(Boxe anglaise loisir\) est annulée\./u,
    );

    const promoted = (await outbox()).filter((m) => m.subject.includes("une place s'est libérée"));
    expect(promoted.map((m) => m.to_address)).toEqual(["attente@exemple.fr"]);
    expect(JSON.parse(promoted[0]!.attachments)).toHaveLength(1);
    // The promotion's mail carries a new cancel link, which replaces the waitlist mail's.
    const link = cancelLinkIn(promoted[0]!.body_text);
    expect(promoted[0]!.body_text).toContain("il remplace celui de nos e-mails précédents");
    expect(await getBookingByToken(link)).toEqual(expect.objectContaining({ status: "booked" }));
    expect(await getBookingByToken(waiting.cancelToken)).toBeNull();
    expect((await statuses(open.id)).sort()).toEqual(["booked", "cancelled", "waitlist"]);
  });
});

it("gives no place away once the session has begun", async () => {
  const open = await mondayClass(1);
  const first = await bookTrial(request(open.id), NOW);
  await bookTrial(request(open.id, { email: "tard@exemple.fr", waitlist: true }), NOW);
  if (!first.ok) throw new Error(first.refusal);
  // 19:30 in Paris on that Monday (18:30 UTC in winter, 17:30 in summer): under way.
  expect(await cancelBookingByToken(first.cancelToken, new Date(`${NEXT_MONDAY}T18:30:00Z`))).toBe(
    true,
  );
  expect(await statuses(open.id)).toEqual(["cancelled", "waitlist"]);
  expect((await outbox()).filter((m) => m.subject.includes("place s'est libérée"))).toEqual([]);
});

describe("a booking and a club cancellation of the same session", () => {
  it("never interleave: a booking that read the timetable before the cancellation is refused", async () => {
    listenForSessionChanges();
    const open = await mondayClass(3);
    // The club cancels the session between the booking's first read and its write.
    const result = await bookTrial(request(open.id, { email: "tard@exemple.fr" }), NOW, {
      beforeLock: async () => {
        await createScheduleChange({
          kind: "cancel",
          activityId: open.id,
          date: NEXT_MONDAY,
          reason: "Gala",
        });
      },
    });
    expect(result).toEqual({ ok: false, refusal: "session-unavailable" });
    expect(await statuses(open.id)).toEqual([]);
    expect(await outbox()).toEqual([]);
  });

  it("a booking made before the cancellation is cancelled and its person mailed", async () => {
    listenForSessionChanges();
    const open = await mondayClass(3);
    await bookTrial(request(open.id, { email: "tot@exemple.fr" }), NOW);
    await createScheduleChange({
      kind: "cancel",
      activityId: open.id,
      date: NEXT_MONDAY,
      reason: "Gala",
    });
    expect(await statuses(open.id)).toEqual(["cancelled"]);
    const mails = await outbox();
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringContaining("séance d'essai confirmée"),
      expect.stringContaining("séance d'essai annulée"),
    ]);
  });
});

describe("the club's notice of each booking and cancellation (Paramètres › Général)", () => {
  async function notifyClub(on: boolean) {
    const general = await getSettings({ category: "general" });
    const { updated_at, ...settings } = general;
    await saveSettings({
      category: "general",
      settings: { ...settings, email: "club@exemple.fr", notifyTrials: on },
      loadedAt: updated_at,
    });
  }
  const toClub = async () =>
    (await outbox()).filter((mail) => mail.to_address === "club@exemple.fr");

  it("is off by default: the club's address gets nothing", async () => {
    await notifyClub(false);
    const open = await mondayClass(1);
    const booked = await bookTrial(request(open.id, { email: "lea@exemple.fr" }), NOW);
    if (!booked.ok) throw new Error(booked.refusal);
    await cancelBookingByToken(booked.cancelToken, NOW);
    expect(await toClub()).toEqual([]);
  });

  it("once switched on, tells the club of a booking, a waitlisting and each cancellation", async () => {
    await notifyClub(true);
    listenForSessionChanges();
    const open = await mondayClass(1);
    const booked = await bookTrial(request(open.id, { email: "lea@exemple.fr" }), NOW);
    await bookTrial(request(open.id, { email: "attente@exemple.fr", waitlist: true }), NOW);
    if (!booked.ok) throw new Error(booked.refusal);
    await cancelBookingByToken(booked.cancelToken, NOW);
    await createScheduleChange({
      kind: "cancel",
      activityId: open.id,
      date: NEXT_MONDAY,
      reason: "Gala",
    });
    const subjects = (await toClub()).map((mail) => mail.subject.replace(/^.* : /, ""));
    expect(subjects).toEqual([
      expect.stringContaining("nouvelle réservation d'essai"),
      expect.stringContaining("nouvelle inscription en liste d'attente"),
      expect.stringContaining("essai annulé par la personne"),
      expect.stringContaining("essai annulé par le club"),
    ]);
    await notifyClub(false);
  });
});
