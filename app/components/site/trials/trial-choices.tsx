import { ArrowRight, Baby, Clock, PersonStanding, User, Users } from "lucide-react";
import { Link } from "react-router";
import { ACTIVITY_CATEGORIES, type ActivityCategory } from "~/domains/content/defaults";
import {
  AUDIENCE_LABELS,
  audienceQuery,
  TRIAL_AUDIENCES,
  type TrialAudience,
} from "~/domains/trials/trial-audience";
import type { TrialActivity } from "~/domains/trials/trial-booking.server";
import { timeRange } from "../schedule/timetable";

/*
 * The first steps of /essai, as plain links (ADR 006): "Pour qui ?" (each choice a
 * `?pour=` link, the chosen one marked), then the activities as cards, each leading to
 * its sessions with the audience carried along.
 */

const ICONS = { enfant: Baby, ado: PersonStanding, adulte: User } as const;

const CARD =
  "group flex h-full rounded-2xl ring-1 transition-shadow hover:shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-dark";

/** The three audiences, each with how many activities it has. */
export function AudienceChoice({
  current,
  counts,
}: {
  current: TrialAudience | null;
  counts: Record<TrialAudience, number>;
}) {
  return (
    <ul className="mt-6 grid gap-3 sm:grid-cols-3">
      {TRIAL_AUDIENCES.map((audience) => {
        const Icon = ICONS[audience];
        const chosen = audience === current;
        const count = counts[audience];
        return (
          <li key={audience}>
            <Link
              to={`/essai${audienceQuery(audience)}#cours`}
              aria-current={chosen ? "true" : undefined}
              className={`${CARD} items-center gap-4 p-4 ${
                chosen
                  ? "bg-ink text-white ring-ink"
                  : "bg-gray-50 text-ink ring-ink/10 hover:ring-teal-dark"
              }`}
            >
              <span
                className={`flex size-12 shrink-0 items-center justify-center rounded-xl ${
                  chosen ? "bg-teal text-ink" : "bg-ink text-teal"
                }`}
              >
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <span className="flex flex-col">
                <span className="font-display text-2xl uppercase">
                  {AUDIENCE_LABELS[audience].choice}
                </span>
                <span className={`text-sm ${chosen ? "text-gray-200" : "text-gray-700"}`}>
                  {count === 0
                    ? "Aucun cours ouvert à l'essai"
                    : `${count} cours ouvert${count > 1 ? "s" : ""} à l'essai`}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function categoryLabel(category: string): string {
  return ACTIVITY_CATEGORIES[category as ActivityCategory] ?? "";
}

/** The activities as cards leading to their sessions. */
export function ActivityCards({
  activities,
  audience,
  label,
}: {
  activities: TrialActivity[];
  audience: TrialAudience | null;
  label: string;
}) {
  return (
    <ul aria-label={label} className="mt-6 grid gap-4 sm:grid-cols-2">
      {activities.map((activity) => (
        <li key={activity.id}>
          <Link
            to={`/essai/${activity.id}${audienceQuery(audience)}`}
            className={`${CARD} flex-col gap-3 bg-gray-50 p-5 ring-ink/10 hover:ring-teal-dark`}
          >
            <span className="text-sm font-bold uppercase tracking-widest text-teal-dark">
              {categoryLabel(activity.category)}
            </span>
            <span className="font-display text-2xl uppercase text-ink">{activity.title}</span>
            <span className="flex items-center gap-2 text-gray-800">
              <Clock aria-hidden="true" className="size-5 shrink-0 text-teal-dark" />
              {activity.day} · {timeRange(activity.start_time, activity.end_time)}
            </span>
            {activity.age_range ? (
              <span className="flex items-center gap-2 text-gray-800">
                <Users aria-hidden="true" className="size-5 shrink-0 text-teal-dark" />
                {activity.age_range}
              </span>
            ) : null}
            <span className="mt-auto flex items-center gap-2 pt-2 font-semibold text-ink group-hover:underline">
              Voir les séances
              <ArrowRight aria-hidden="true" className="size-4" />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
