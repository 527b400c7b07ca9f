import { beforeEach, describe, expect, it } from "vitest";
import { addDays, mondayOf } from "~/core/club-time";
import { getDb } from "~/db/client.server";
import { csvField } from "~/utils/csv";
import * as trial from "../../../tests/trial";
import { noticeActivityChange } from "../schedule/activity-notices.server";
import { createScheduleChange } from "../schedule/schedule-change.server";
import { deleteActivity, getActivity } from "../schedule/schedule.server";
import { listenForSessionChanges } from "./trial-notices.server";
import {
  bookTrial,
  cancelBookingByClub,
  cancelOrphanBookings,
  countTrialsThisWeek,
  listTrialSessionsForAdmin,
  markAttendance,
  trialBookingsCsv,
} from "./trial-booking.server";

const { book, mondayClass, NEXT_MONDAY, NOW, outbox, request, resetTrialData, TODAY } = trial;

beforeEach(resetTrialData);

/** The Essais screen's first page, "à venir" (from 7 days before `today`). */
async function sessionsFrom(today: string) {
  return (await listTrialSessionsForAdmin({ today })).rows;
}

describe("listTrialSessionsForAdmin", () => {
  it("lists the sessions with bookings, places left and waitlist, from 7 days ago", async () => {
    const open = await mondayClass(2);
    const child = { firstName: "Noé", lastName: "Durand", birthYear: 2015 };
    await bookTrial(
      request(open.id, { email: "a@exemple.fr", child, level: "deja_pratique" }),
      NOW,
    );
    await book(open.id, "b@exemple.fr");
    await book(open.id, "c@exemple.fr", true);
    await book(open.id, "d@exemple.fr", true);
    const sessions = await sessionsFrom(TODAY);
    expect(sessions).toHaveLength(1);
    const [session] = sessions;
    expect(session).toEqual(
      expect.objectContaining({
        activityId: open.id,
        date: NEXT_MONDAY,
        title: "Boxe anglaise loisir",
        places: 2,
        placesLeft: 0,
        full: true,
      }),
    );
    expect(session!.bookings.map((b) => b.email)).toEqual(["a@exemple.fr", "b@exemple.fr"]);
    expect(session!.bookings[0]).toEqual(
      expect.objectContaining({ child, level: "deja_pratique", attendance: "", status: "booked" }),
    );
    expect(session!.waitlist.map((b) => b.email)).toEqual(["c@exemple.fr", "d@exemple.fr"]);
    // Seen 7 days after, not 8.
    expect(await sessionsFrom(addDays(NEXT_MONDAY, 7))).toHaveLength(1);
    expect(await sessionsFrom(addDays(NEXT_MONDAY, 8))).toEqual([]);
  });
});

describe("listTrialSessionsForAdmin: periods, search and pages", () => {
  it("counts the people of each period and searches them, keeping every place counted", async () => {
    const open = await mondayClass(3);
    await book(open.id, "anne@exemple.fr");
    await book(open.id, "bruno@exemple.fr");
    const later = addDays(NEXT_MONDAY, 21);
    const list = await listTrialSessionsForAdmin({ today: TODAY });
    expect(list).toMatchObject({
      total: 2,
      pages: 1,
      counts: { "a-venir": 2, passees: 0, toutes: 2 },
    });
    expect((await listTrialSessionsForAdmin({ today: later, period: "passees" })).counts).toEqual({
      "a-venir": 0,
      passees: 2,
      toutes: 2,
    });

    const found = await listTrialSessionsForAdmin({ today: TODAY, search: "BRUNO" });
    expect(found.rows[0]!.bookings.map((b) => b.email)).toEqual(["bruno@exemple.fr"]);
    expect(found.rows[0]!.placesLeft).toBe(1);
    expect((await listTrialSessionsForAdmin({ today: TODAY, search: "personne" })).total).toBe(0);
  });

  it("pages by person: a session longer than a page goes on over the next, ranks kept", async () => {
    const open = await mondayClass(20);
    for (let i = 0; i < 20; i += 1) await book(open.id, `place${i}@exemple.fr`);
    for (let i = 0; i < 10; i += 1) await book(open.id, `attente${i}@exemple.fr`, true);
    const first = await listTrialSessionsForAdmin({ today: TODAY });
    expect(first).toMatchObject({ total: 30, pages: 2, page: 1 });
    const [head] = first.rows;
    expect(head).toMatchObject({ placesLeft: 0, before: 0, after: 5 });
    expect(head!.bookings).toHaveLength(20);
    expect(head!.waitlist.map((b) => [b.email, b.rank])).toEqual(
      [0, 1, 2, 3, 4].map((i) => [`attente${i}@exemple.fr`, i + 1]),
    );
    const [rest] = (await listTrialSessionsForAdmin({ today: TODAY, page: 2 })).rows;
    expect(rest).toMatchObject({ before: 25, after: 0, bookings: [] });
    expect(rest!.waitlist.map((b) => b.rank)).toEqual([6, 7, 8, 9, 10]);
    // A search ranks the waiting person on the whole waitlist.
    const [found] = (await listTrialSessionsForAdmin({ today: TODAY, search: "attente7" })).rows;
    expect(found!.waitlist.map((b) => b.rank)).toEqual([8]);
    expect(found).toMatchObject({ before: 0, after: 0, placesLeft: 0 });
  });
});

describe("listTrialSessionsForAdmin: the cancelled bookings", () => {
  it("lists them apart, with when, and counts each status in the period", async () => {
    const open = await mondayClass(2);
    const gone = await book(open.id, "parti@exemple.fr");
    await book(open.id, "reste@exemple.fr");
    await cancelBookingByClub(gone);
    const active = await listTrialSessionsForAdmin({ today: TODAY });
    expect(active.statusCounts).toEqual({ inscrites: 1, annulees: 1 });
    expect(active.rows[0]!.bookings.map((b) => b.email)).toEqual(["reste@exemple.fr"]);

    const cancelled = await listTrialSessionsForAdmin({ today: TODAY, cancelled: true });
    expect(cancelled).toMatchObject({ total: 1, statusCounts: { inscrites: 1, annulees: 1 } });
    const [session] = cancelled.rows;
    expect(session).toMatchObject({ placesLeft: 1, cancelled: false, waitlist: [] });
    expect(session!.bookings).toEqual([
      expect.objectContaining({ email: "parti@exemple.fr", status: "cancelled" }),
    ]);
    expect(session!.bookings[0]!.cancelledAt).toEqual(expect.any(String));
    expect(
      (await listTrialSessionsForAdmin({ today: TODAY, cancelled: true, search: "reste" })).total,
    ).toBe(0);
  });

  it("shows a session the club cancelled with its bookings, among the cancelled only", async () => {
    listenForSessionChanges();
    const open = await mondayClass(2);
    await book(open.id, "a@exemple.fr");
    await createScheduleChange({
      kind: "cancel",
      activityId: open.id,
      date: NEXT_MONDAY,
      reason: "Salle fermée",
    });
    expect((await listTrialSessionsForAdmin({ today: TODAY })).rows).toEqual([]);
    const [session] = (await listTrialSessionsForAdmin({ today: TODAY, cancelled: true })).rows;
    expect(session).toMatchObject({ date: NEXT_MONDAY, cancelled: true });
    expect(session!.bookings.map((b) => [b.email, b.status])).toEqual([
      ["a@exemple.fr", "cancelled"],
    ]);
  });
});

describe("markAttendance and cancelBookingByClub", () => {
  it("marks a person present or absent once the session has begun, not before", async () => {
    const open = await mondayClass(2);
    const id = await book(open.id, "a@exemple.fr");
    // Monday 19h00 in Paris: 18h00 UTC in winter, 17h00 in summer.
    const before = new Date(`${NEXT_MONDAY}T16:30:00Z`);
    const after = new Date(`${NEXT_MONDAY}T20:00:00Z`);
    expect(await markAttendance(id, "present", before)).toBe(false);
    let [session] = await sessionsFrom(TODAY);
    expect(session!.bookings[0]!.attendance).toBe("");
    expect(await markAttendance(id, "present", after)).toBe(true);
    [session] = await sessionsFrom(TODAY);
    expect(session!.bookings[0]!.attendance).toBe("present");
    await markAttendance(id, "absent", after);
    [session] = await sessionsFrom(TODAY);
    expect(session!.bookings[0]!.attendance).toBe("absent");
  });

  it("cancels a booking, tells the person and gives the place to the waitlist", async () => {
    const open = await mondayClass(1);
    const id = await book(open.id, "a@exemple.fr");
    await book(open.id, "b@exemple.fr", true);
    await cancelBookingByClub(id);
    const [session] = await sessionsFrom(TODAY);
    expect(session!.bookings.map((b) => b.email)).toEqual(["b@exemple.fr"]);
    expect(session!.waitlist).toEqual([]);
    const mails = await outbox();
    const told = mails.filter((m) => m.subject.includes("réservation d'essai annulée"));
    expect(told.map((m) => m.to_address)).toEqual(["a@exemple.fr"]);
    const promoted = mails.filter((m) => m.subject.includes("une place s'est libérée"));
    expect(promoted.map((m) => m.to_address)).toEqual(["b@exemple.fr"]);
    // Twice: nothing more.
    await cancelBookingByClub(id);
    expect(await outbox()).toHaveLength(mails.length);
  });
});

describe("countTrialsThisWeek", () => {
  it("counts the booked trials of the week, Monday to Sunday", async () => {
    const open = await mondayClass(5);
    await book(open.id, "a@exemple.fr");
    const cancelled = await book(open.id, "b@exemple.fr");
    await cancelBookingByClub(cancelled);
    await bookTrial(
      request(open.id, { email: "c@exemple.fr", date: addDays(NEXT_MONDAY, 7) }),
      NOW,
    );
    expect(await countTrialsThisWeek(NEXT_MONDAY)).toBe(1);
    expect(await countTrialsThisWeek(addDays(NEXT_MONDAY, 6))).toBe(1);
    expect(await countTrialsThisWeek(addDays(NEXT_MONDAY, 7))).toBe(1);
    expect(await countTrialsThisWeek(addDays(mondayOf(NEXT_MONDAY), -1))).toBe(0);
  });
});

describe("trialBookingsCsv", () => {
  it("exports every booking, UTF-8 with BOM, ';' separated, French headers and labels", async () => {
    const open = await mondayClass(1);
    await bookTrial(
      request(open.id, {
        email: "a@exemple.fr",
        firstName: "Léa",
        lastName: "Martin",
        message: 'Je viens "avec" un ami;\nmerci',
      }),
      NOW,
    );
    await book(open.id, "b@exemple.fr", true);
    const csv = await trialBookingsCsv();
    expect(csv.startsWith("\uFEFFDate de la séance;Cours;Horaire;Statut;Prénom;Nom;E-mail")).toBe(
      true,
    );
    const lines = csv.trimEnd().split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(
      `${NEXT_MONDAY};Boxe anglaise loisir;19h00-20h30;Réservé;Léa;Martin`,
    );
    expect(lines[1]).toContain('"Je viens ""avec"" un ami;\nmerci"');
    expect(lines[2]).toContain("Liste d'attente");
  });

  it("names a child in full with the birth year, and the parent who booked as its guardian", async () => {
    const open = await mondayClass(2, 6);
    const child = { firstName: "Noé", lastName: "Martin", birthYear: 2017 };
    await bookTrial(
      request(open.id, { email: "a@exemple.fr", firstName: "Léa", lastName: "Martin", child }),
      NOW,
    );
    const [header, line] = (await trialBookingsCsv()).trimEnd().split("\r\n");
    expect(header).toContain(
      "Prénom;Nom;E-mail;Téléphone;Prénom de l'enfant;Nom de l'enfant;Année de naissance;Responsable légal",
    );
    expect(line).toContain(";Léa;Martin;a@exemple.fr;06 12 34 56 78;Noé;Martin;2017;Léa Martin;");
  });

  it("neutralises what a spreadsheet would run as a formula", () => {
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvField("+33 6")).toBe("'+33 6");
    expect(csvField("Texte")).toBe("Texte");
    expect(csvField(null)).toBe("");
  });
});

describe("a deleted activity's bookings", () => {
  it("are kept as cancelled, with the activity's title, the session's times and the reason, in Essais and the CSV", async () => {
    listenForSessionChanges();
    const open = await mondayClass(2);
    await book(open.id, "a@exemple.fr");
    await book(open.id, "b@exemple.fr", true);
    // What the planning's delete does: the notice first, then the row.
    await noticeActivityChange((await getActivity({ id: open.id }))!, null, NOW);
    expect(await deleteActivity({ id: open.id })).toBe(true);

    const rows = await getDb()
      .selectFrom("trial_bookings")
      .select([
        "activity_id",
        "status",
        "cancelled_at",
        "cancel_note",
        "activity_title",
        "on_start",
      ])
      .execute();
    expect(rows).toEqual([
      expect.objectContaining({
        activity_id: null,
        status: "cancelled",
        cancel_note: "le cours n'est plus proposé",
        activity_title: "Boxe anglaise loisir",
        on_start: "19h00",
      }),
      expect.objectContaining({ activity_id: null, status: "cancelled" }),
    ]);
    expect(rows.every((row) => row.cancelled_at !== null)).toBe(true);
    const mailed = (await outbox()).filter((m) => m.subject.includes("séance d'essai annulée"));
    expect(mailed.map((m) => m.to_address).sort()).toEqual(["a@exemple.fr", "b@exemple.fr"]);

    const list = await listTrialSessionsForAdmin({ today: TODAY, cancelled: true });
    expect(list.total).toBe(2);
    const [session] = list.rows;
    expect(session).toMatchObject({
      title: "Boxe anglaise loisir",
      date: NEXT_MONDAY,
      onDate: NEXT_MONDAY,
      onStart: "19h00",
      onEnd: "20h30",
      removed: true,
    });
    expect(session!.bookings.map((b) => [b.email, b.status, b.cancelNote])).toEqual([
      ["a@exemple.fr", "cancelled", "le cours n'est plus proposé"],
      ["b@exemple.fr", "cancelled", "le cours n'est plus proposé"],
    ]);
    const csv = (await trialBookingsCsv()).trimEnd().split("\r\n");
    expect(csv[1]).toContain(`${NEXT_MONDAY};Boxe anglaise loisir;19h00-20h30;Annulé;`);
    expect(csv[1]).toContain(`;${TODAY};le cours n'est plus proposé`);
  });

  it("left active by a booking made during the deletion, are cancelled and mailed by the jobs", async () => {
    const open = await mondayClass(2);
    await book(open.id, "tard@exemple.fr");
    // No notice: the booking landed after it, just before the row went.
    await deleteActivity({ id: open.id });
    expect(await cancelOrphanBookings(NOW)).toBe(1);
    expect(await cancelOrphanBookings(NOW)).toBe(0);
    const [mail] = (await outbox()).filter((m) => m.subject.includes("séance d'essai annulée"));
    expect(mail!.to_address).toBe("tard@exemple.fr");
    expect(mail!.body_text).toContain(
      "(Boxe anglaise loisir) est annulée par le club (le cours n'est plus proposé)",
    );
    const [row] = await getDb().selectFrom("trial_bookings").select(["status"]).execute();
    expect(row!.status).toBe("cancelled");
  });
});

describe("a past session", () => {
  it("shows the time it ran at, not the activity's later one", async () => {
    const open = await mondayClass(2);
    await book(open.id, "a@exemple.fr");
    await getDb()
      .updateTable("schedule_activities")
      .set({ start_time: "18h00", end_time: "19h00" })
      .where("id", "=", open.id)
      .execute();
    const after = addDays(NEXT_MONDAY, 2);
    const [past] = (await listTrialSessionsForAdmin({ today: after, period: "passees" })).rows;
    expect(past).toMatchObject({ onStart: "19h00", onEnd: "20h30", removed: false });
    // Ahead, the session is shown as it stands.
    const [ahead] = (await listTrialSessionsForAdmin({ today: TODAY })).rows;
    expect(ahead).toMatchObject({ onStart: "18h00", onEnd: "19h00" });
  });
});
