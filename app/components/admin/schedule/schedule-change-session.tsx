import { useState } from "react";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { datedSessions, type DatedSession, type Season } from "~/domains/schedule/dated-sessions";
import { frenchDay } from "~/core/date-format";
import { familiesBooked } from "~/domains/schedule/families-question";
import type { Activity } from "~/domains/schedule/schedule.server";

/*
 * The session a cancellation or a move is about, in "Changements": the activity, then one
 * of its coming sessions (with the families booked on it), or any other day typed by hand.
 * A move starts from that session's date and times.
 */

/** The sessions offered in the list; a later one is typed with "Une autre date". */
const SESSIONS_OFFERED = 12;
const OTHER_DATE = "autre";

export interface SessionChoice {
  activityId: number | null;
  date: string;
}

/** "Boxe adultes · Mardi 18h00" */
export function activityLabel(activity: Pick<Activity, "title" | "day" | "start_time">): string {
  return `${activity.title} · ${activity.day} ${activity.start_time}`;
}

/** "18h00" → "18:00", what an <input type="time"> shows. */
const toTimeInput = (text: string) => text.replace("h", ":").padStart(5, "0");

function optionLabel(session: DatedSession, families: number): string {
  const state =
    session.state === "cancelled"
      ? " (déjà annulée)"
      : session.state === "moved"
        ? " (déplacée)"
        : "";
  const booked = families > 0 ? ` · ${familiesBooked(families)}` : "";
  return `${frenchDay(session.date)}, ${session.start}–${session.end}${state}${booked}`;
}

export function ChangeSessionFields({
  activities,
  season,
  today,
  families,
  initial,
  move,
  errors,
}: {
  activities: Activity[];
  season: Season;
  today: string;
  /** The families booked on each coming session, by "activityId|date". */
  families: Record<string, number>;
  initial: SessionChoice;
  /** The fields of a move (its new date and times), or null for a cancellation. */
  move: null | { newDate?: string; newStart?: string; newEnd?: string };
  errors: Record<string, string>;
}) {
  const [activityId, setActivityId] = useState(initial.activityId);
  const activity = activities.find((one) => one.id === activityId) ?? null;
  const sessions = activity
    ? datedSessions([activity], { season, changes: [], from: today, to: season.end }).slice(
        0,
        SESSIONS_OFFERED,
      )
    : [];
  const listed = (date: string) => sessions.some((session) => session.date === date);
  const [date, setDate] = useState(initial.date);
  const [typed, setTyped] = useState(initial.date !== "" && !listed(initial.date));
  const session = sessions.find((one) => one.date === date);
  // An edited move keeps its stored values until another session is chosen.
  const stored = move && activityId === initial.activityId && date === initial.date ? move : {};

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Activité" error={errors.activityId}>
          <Select
            name="activityId"
            value={activityId ?? ""}
            onChange={(event) => {
              setActivityId(event.currentTarget.value ? Number(event.currentTarget.value) : null);
              setDate("");
              setTyped(false);
            }}
            required
          >
            <option value="">Choisir une activité</option>
            {activities.map((one) => (
              <option key={one.id} value={one.id}>
                {activityLabel(one)}
              </option>
            ))}
          </Select>
        </Field>
        {typed || !activity ? (
          <Field
            label="Date de la séance"
            error={errors.date}
            description={
              activity ? "Un jour où l'activité a lieu" : "Choisissez d'abord l'activité"
            }
          >
            <Input
              type="date"
              name="date"
              value={date}
              onChange={(event) => setDate(event.currentTarget.value)}
              required
            />
          </Field>
        ) : (
          <Field
            label="Séance"
            error={errors.date}
            description="Les prochaines séances, avec les familles inscrites à un essai"
          >
            <Select
              name="date"
              value={date}
              onChange={(event) => {
                if (event.currentTarget.value === OTHER_DATE) return setTyped(true);
                setDate(event.currentTarget.value);
              }}
              required
            >
              <option value="">Choisir une séance</option>
              {sessions.map((one) => (
                <option key={one.date} value={one.date}>
                  {optionLabel(one, families[`${one.activityId}|${one.date}`] ?? 0)}
                </option>
              ))}
              <option value={OTHER_DATE}>Une autre date…</option>
            </Select>
          </Field>
        )}
      </div>
      {move && (
        // A new session chosen, new starting values: the move begins from its date and times.
        <div key={`${activityId}-${date}`} className="grid gap-4 sm:grid-cols-3">
          <Field label="Nouvelle date" error={errors.newDate}>
            <Input
              type="date"
              name="newDate"
              defaultValue={stored.newDate ?? session?.date ?? date}
              required
            />
          </Field>
          {(
            [
              ["newStart", "Début", stored.newStart ?? session?.start ?? activity?.start_time],
              ["newEnd", "Fin", stored.newEnd ?? session?.end ?? activity?.end_time],
            ] as const
          ).map(([name, label, value]) => (
            <Field key={name} label={label} error={errors[name]}>
              <Input
                type="time"
                name={name}
                defaultValue={value ? toTimeInput(value) : undefined}
                required
              />
            </Field>
          ))}
        </div>
      )}
    </>
  );
}
