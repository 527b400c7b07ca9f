import { beforeEach, describe, expect, it } from "vitest";
import { addDays } from "~/core/club-time";
import { getDb } from "~/db/client.server";
import {
  mondayClass,
  NEXT_MONDAY,
  NOW,
  outbox,
  request,
  resetTrialData,
} from "../../../tests/trial";
import { createScheduleChange, deleteScheduleChange } from "../schedule/schedule-change.server";
import { getSettings, saveSettings } from "../content/settings.server";
import {
  bookTrial,
  getBookingByToken,
  purgeTrialBookings,
  sendTrialReminders,
} from "./trial-booking.server";
import { listenForSessionChanges } from "./trial-notices.server";

beforeEach(resetTrialData);

/** 10:00 UTC on the Sunday before the session: 11:00 or 12:00 in Paris. */
const DAY_BEFORE = new Date(`${addDays(NEXT_MONDAY, -1)}T10:00:00Z`);

const reminders = async () =>
  (await outbox()).filter((mail) => mail.subject.includes("rappel de votre séance d'essai"));

describe("sendTrialReminders", () => {
  it("reminds each booked person once, the day before, even run twice at once or again later", async () => {
    const open = await mondayClass(1);
    const booked = await bookTrial(request(open.id, { email: "lea@exemple.fr" }), NOW);
    await bookTrial(request(open.id, { email: "attente@exemple.fr", waitlist: true }), NOW);
    expect(booked.ok).toBe(true);

    // Two days before, and the day before at 06:00 in Paris: nothing yet.
    expect(await sendTrialReminders(new Date(`${addDays(NEXT_MONDAY, -2)}T10:00:00Z`))).toBe(0);
    expect(await sendTrialReminders(new Date(`${addDays(NEXT_MONDAY, -1)}T05:00:00Z`))).toBe(0);

    const [first, second] = await Promise.all([
      sendTrialReminders(DAY_BEFORE),
      sendTrialReminders(DAY_BEFORE),
    ]);
    expect(first + second).toBe(1);
    // What a restart runs again: the state is in the database, nothing is sent twice.
    expect(await sendTrialReminders(new Date(DAY_BEFORE.getTime() + 3_600_000))).toBe(0);
    const sent = await reminders();
    expect(sent.map((mail) => mail.to_address)).toEqual(["lea@exemple.fr"]);
    expect(sent[0]!.body_text).toContain("a lieu demain");
    expect(sent[0]!.body_text).toContain("de 19h00 à 20h30");
  });

  it("reminds at the moved time, and nobody for a session the club cancelled", async () => {
    listenForSessionChanges();
    const open = await mondayClass(3);
    await bookTrial(request(open.id, { email: "deplace@exemple.fr" }), NOW);
    await bookTrial(
      request(open.id, { email: "annule@exemple.fr", date: addDays(NEXT_MONDAY, 7) }),
      NOW,
    );
    await createScheduleChange({
      kind: "move",
      activityId: open.id,
      date: NEXT_MONDAY,
      newDate: NEXT_MONDAY,
      newStart: "20h00",
      newEnd: "21h30",
      reason: "Salle occupée",
    });
    await createScheduleChange({
      kind: "cancel",
      activityId: open.id,
      date: addDays(NEXT_MONDAY, 7),
      reason: "Gala",
    });
    expect(await sendTrialReminders(DAY_BEFORE)).toBe(1);
    const dayBeforeNext = new Date(DAY_BEFORE.getTime() + 7 * 86_400_000);
    expect(await sendTrialReminders(dayBeforeNext)).toBe(0);
    const [mail] = await reminders();
    expect(mail!.to_address).toBe("deplace@exemple.fr");
    expect(mail!.body_text).toContain("de 20h00 à 21h30");
  });
});

describe("sendTrialReminders after the server was down the day before", () => {
  /** 08:00 UTC on the session's Monday: 09:00 or 10:00 in Paris, before the 19:00 class. */
  const BACK = new Date(`${NEXT_MONDAY}T08:00:00Z`);

  it("sends the missed reminder on the session's day, once, to those who booked before it", async () => {
    const open = await mondayClass(3);
    await bookTrial(request(open.id, { email: "lea@exemple.fr" }), NOW);
    // Booked on the day itself: its confirmation is fresh, no reminder.
    const sameDay = new Date(`${NEXT_MONDAY}T06:30:00Z`);
    expect((await bookTrial(request(open.id, { email: "matin@exemple.fr" }), sameDay)).ok).toBe(
      true,
    );

    expect(await sendTrialReminders(BACK)).toBe(1);
    expect(await sendTrialReminders(BACK)).toBe(0);
    const sent = await reminders();
    expect(sent.map((mail) => mail.to_address)).toEqual(["lea@exemple.fr"]);
    expect(sent[0]!.subject).toContain("rappel de votre séance d'essai aujourd'hui");
    expect(sent[0]!.body_text).toContain("a lieu aujourd'hui, ");
    expect(sent[0]!.body_text).toContain("de 19h00 à 20h30 (Boxe anglaise loisir)");
  });

  it("sends none once the session has begun", async () => {
    const open = await mondayClass(3);
    await bookTrial(request(open.id, { email: "lea@exemple.fr" }), NOW);
    // 19:30 in Paris (18:30 UTC in winter, 17:30 in summer): under way.
    expect(await sendTrialReminders(new Date(`${NEXT_MONDAY}T18:30:00Z`))).toBe(0);
    expect(await reminders()).toEqual([]);
  });

  it("carries a new cancel link, which replaces the first one", async () => {
    const open = await mondayClass(3);
    const booked = await bookTrial(request(open.id, { email: "lea@exemple.fr" }), NOW);
    if (!booked.ok) throw new Error(booked.refusal);
    expect(await sendTrialReminders(DAY_BEFORE)).toBe(1);
    const [mail] = await reminders();
    const token = /\/essai\/annuler\/([\w-]+)/.exec(mail!.body_text)?.[1] ?? "";
    expect(await getBookingByToken(token)).toEqual(expect.objectContaining({ status: "booked" }));
    expect(await getBookingByToken(booked.cancelToken)).toBeNull();
  });
});

describe("the notice hook (a session cancelled or moved by the club)", () => {
  it("mails every booked and waitlisted person, and cancels their bookings when the session is", async () => {
    listenForSessionChanges();
    listenForSessionChanges(); // registered once, however often it is called
    const open = await mondayClass(2);
    for (const email of ["a@exemple.fr", "b@exemple.fr"]) {
      await bookTrial(request(open.id, { email }), NOW);
    }
    await bookTrial(request(open.id, { email: "c@exemple.fr", waitlist: true }), NOW);
    await bookTrial(
      request(open.id, { email: "autre@exemple.fr", date: addDays(NEXT_MONDAY, 7) }),
      NOW,
    );
    const id = await createScheduleChange({
      kind: "cancel",
      activityId: open.id,
      date: NEXT_MONDAY,
      reason: "Entraîneur malade",
    });
    const cancelled = (await outbox()).filter((m) => m.subject.includes("séance d'essai annulée"));
    expect(cancelled.map((m) => m.to_address).sort()).toEqual([
      "a@exemple.fr",
      "b@exemple.fr",
      "c@exemple.fr",
    ]);
    expect(cancelled[0]!.body_text).toContain("(Entraîneur malade)");
    const rows = await getDb()
      .selectFrom("trial_bookings")
      .select(["session_date", "status"])
      .execute();
    expect(rows.filter((r) => r.session_date === NEXT_MONDAY).map((r) => r.status)).toEqual([
      "cancelled",
      "cancelled",
      "cancelled",
    ]);
    expect(rows.filter((r) => r.session_date !== NEXT_MONDAY).map((r) => r.status)).toEqual([
      "booked",
    ]);
    // Given back: those bookings stay cancelled, nobody is mailed again.
    const before = (await outbox()).length;
    await deleteScheduleChange({ id });
    expect(await outbox()).toHaveLength(before);
  });

  it("does the same for a closure of the club over the session", async () => {
    listenForSessionChanges();
    const open = await mondayClass(2);
    await bookTrial(request(open.id, { email: "a@exemple.fr" }), NOW);
    await createScheduleChange({
      kind: "closure",
      from: addDays(NEXT_MONDAY, -1),
      to: addDays(NEXT_MONDAY, 3),
      label: "Vacances de Noël",
    });
    const [mail] = (await outbox()).filter((m) => m.subject.includes("séance d'essai annulée"));
    expect(mail!.to_address).toBe("a@exemple.fr");
    expect(mail!.body_text).toContain("(Vacances de Noël)");
    const booking = await getDb().selectFrom("trial_bookings").select("status").executeTakeFirst();
    expect(booking!.status).toBe("cancelled");
    expect(
      await getDb().selectFrom("trial_session_locks").select("session_date").execute(),
    ).toEqual([{ session_date: NEXT_MONDAY }]);
  });

  it("sends the new time with an updated .ics when the session moves", async () => {
    listenForSessionChanges();
    const open = await mondayClass(2);
    const booked = await bookTrial(request(open.id, { email: "a@exemple.fr" }), NOW);
    if (!booked.ok) throw new Error(booked.refusal);
    await createScheduleChange({
      kind: "move",
      activityId: open.id,
      date: NEXT_MONDAY,
      newDate: addDays(NEXT_MONDAY, 1),
      newStart: "18h00",
      newEnd: "19h30",
      reason: "Salle prise",
    });
    const [mail] = (await outbox()).filter((m) => m.subject.includes("changement d'horaire"));
    expect(mail!.to_address).toBe("a@exemple.fr");
    expect(mail!.body_text).toContain("de 18h00 à 19h30");
    const [ics] = JSON.parse(mail!.attachments) as { contentBase64: string }[];
    const text = Buffer.from(ics!.contentBase64, "base64").toString("utf8");
    expect(text).toContain(
      `DTSTART;TZID=Europe/Paris:${addDays(NEXT_MONDAY, 1).replaceAll("-", "")}T180000`,
    );
    const booking = await getDb()
      .selectFrom("trial_bookings")
      .select(["status", "on_date", "on_start", "on_end"])
      .executeTakeFirst();
    // The booking keeps the time its session now has.
    expect(booking).toEqual({
      status: "booked",
      on_date: addDays(NEXT_MONDAY, 1),
      on_start: "18h00",
      on_end: "19h30",
    });
    // A working cancel link, which replaces the first mail's.
    expect(mail!.body_text).not.toContain("utilisez le lien reçu");
    expect(mail!.body_text).toContain("il remplace celui de nos e-mails précédents");
    const token = /\/essai\/annuler\/([\w-]+)/.exec(mail!.body_text)?.[1] ?? "";
    expect(await getBookingByToken(token)).toEqual(
      expect.objectContaining({ status: "booked", onStart: "18h00" }),
    );
    expect(await getBookingByToken(booked.cancelToken)).toBeNull();
  });
});

describe("purgeTrialBookings", () => {
  it("deletes the bookings whose session is older than the retention setting", async () => {
    const open = await mondayClass(3);
    const legal = await getSettings({ category: "legal" });
    const { updated_at, ...settings } = legal;
    await saveSettings({
      category: "legal",
      settings: { ...settings, trialRetentionMonths: 6 },
      loadedAt: updated_at,
    });
    const stamp = new Date().toISOString();
    const row = (session_date: string, n: number) => ({
      activity_id: open.id,
      session_date,
      status: "booked",
      first_name: "Ancien",
      last_name: "Essai",
      email: `ancien${n}@exemple.fr`,
      level: "debutant",
      cancel_token_hash: `hash-${n}`,
      created_at: stamp,
      updated_at: stamp,
    });
    const now = new Date("2026-12-15T12:00:00Z");
    await getDb()
      .insertInto("trial_bookings")
      .values([row("2026-06-14", 1), row("2026-06-15", 2), row("2026-06-16", 3)])
      .execute();
    expect(await purgeTrialBookings(now)).toBe(1);
    const left = await getDb().selectFrom("trial_bookings").select("session_date").execute();
    expect(left.map((r) => r.session_date).sort()).toEqual(["2026-06-15", "2026-06-16"]);
    expect(await purgeTrialBookings(now)).toBe(0);
  });
});
