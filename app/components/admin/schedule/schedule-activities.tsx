import { TRASH_NOTICE } from "~/domains/history/trash";
import { ImageIcon, Pencil, Plus, Trash2 } from "lucide-react";
import { useCallback, useState } from "react";
import { useFetcher } from "react-router";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { timeRange } from "~/components/site/schedule/timetable";
import { ACTIVITY_CATEGORIES, type ActivityCategory } from "~/domains/content/defaults";
import { FRENCH_WEEKDAYS, weekdayIndex } from "~/core/club-time";
import type { ScheduleChange } from "~/domains/schedule/dated-sessions";
import { PlanningTitleSchema } from "~/domains/schedule/schedule-schemas";
import type { Activity } from "~/domains/schedule/schedule.server";
import { fieldErrors } from "~/core/form";
import type { Toast } from "~/utils/toast";
import type { action } from "~/routes/admin/schedule/schedule.server";
import { ActivityDialog } from "./schedule-activity-dialog";
import { useFamiliesQuestion } from "~/components/admin/schedule/families-question";
import { familiesSentence, NOTIFIED_FIELD } from "~/domains/schedule/families-question";
import {
  showToast,
  useActionToast,
  useRowFetcher,
  useRowsToast,
} from "~/components/admin/forms/use-action-toast";

const CATEGORY_TONES: Record<ActivityCategory, BadgeTone> = {
  adult: "teal",
  junior: "gold",
  kids: "neutral",
};

interface DialogState {
  /** The activity edited, or null for a new one. */
  activity: Activity | null;
  /** A new key per opening, so that the form starts from the activity each time. */
  key: number;
}

export function ScheduleActivities({
  activities,
  changes,
  families,
  planningTitle,
}: {
  activities: Activity[];
  /** The coming dated changes (Changements), asked about when an activity changes weekday. */
  changes: ScheduleChange[];
  /** The families booked on each activity's coming sessions. */
  families: Record<number, number>;
  planningTitle: { title: string; seasonTitle: string; updated_at: string | null };
}) {
  const [dialog, setDialog] = useState<DialogState | null>(null);
  useRowsToast(ACTIVITY_DELETE);
  const open = (activity: Activity | null) => setDialog({ activity, key: Date.now() });
  const close = useCallback(() => setDialog(null), []);
  const saved = useCallback((toast: Toast) => {
    setDialog(null);
    showToast(toast);
  }, []);

  const days = FRENCH_WEEKDAYS.map((day) => ({
    day,
    activities: activities.filter((activity) => weekdayIndex(activity.day) === weekdayIndex(day)),
  })).filter((group) => group.activities.length > 0);

  return (
    <div className="flex flex-col gap-6">
      <PlanningTitleForm planningTitle={planningTitle} />

      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
          <div>
            <CardTitle>Activités</CardTitle>
            <CardDescription>
              {activities.length === 0
                ? "Aucune activité"
                : `${activities.length} activité${activities.length > 1 ? "s" : ""} dans la semaine`}
            </CardDescription>
          </div>
          <Button onClick={() => open(null)}>
            <Plus aria-hidden="true" className="size-4" />
            Nouvelle activité
          </Button>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          {days.length === 0 && (
            <p className="text-gray-700">
              Aucune activité pour le moment : ajoutez la première avec « Nouvelle activité ».
            </p>
          )}
          {days.map((group) => (
            <section key={group.day} aria-labelledby={`jour-${group.day}`}>
              <h3 id={`jour-${group.day}`} className="mb-2 text-base font-bold text-ink">
                {group.day}
              </h3>
              <ul className="flex flex-col gap-2">
                {group.activities.map((activity) => (
                  <ActivityRow
                    key={activity.id}
                    activity={activity}
                    families={families[activity.id] ?? 0}
                    onEdit={() => open(activity)}
                  />
                ))}
              </ul>
            </section>
          ))}
        </CardContent>
      </Card>

      {dialog && (
        <ActivityDialog
          key={dialog.key}
          activity={dialog.activity}
          datedChanges={changes.filter(
            (change) => change.kind !== "closure" && change.activityId === dialog.activity?.id,
          )}
          onClose={close}
          onSaved={saved}
        />
      )}
    </div>
  );
}

/** The key of the delete buttons' fetcher: the list shows its toast. */
const ACTIVITY_DELETE = "activity-delete";

function ActivityRow({
  activity,
  families,
  onEdit,
}: {
  activity: Activity;
  /** The families booked on its coming sessions, told of a deletion. */
  families: number;
  onEdit: () => void;
}) {
  const { fetcher, busy: deleting } = useRowFetcher<typeof action>(ACTIVITY_DELETE, activity.id);
  const question = useFamiliesQuestion(fetcher, "Cette suppression", activity.id);
  const [confirm, confirmDialog] = useConfirm();
  const when = `${activity.day} ${timeRange(activity.start_time, activity.end_time)}`;

  async function remove() {
    const many = families > 1;
    const told =
      families > 0
        ? ` ${familiesSentence(families)} par e-mail : ${many ? "leurs réservations d'essai seront annulées et resteront visibles" : "sa réservation d'essai sera annulée et restera visible"} dans Essais.`
        : "";
    const confirmed = await confirm({
      title: `Supprimer « ${activity.title} » ?`,
      description: `L'activité du ${when} disparaîtra du planning public. ${TRASH_NOTICE}${told}`,
    });
    if (confirmed) {
      fetcher.submit(
        { intent: "delete", id: activity.id, [NOTIFIED_FIELD]: families },
        { method: "post" },
      );
    }
  }

  return (
    <li
      className="flex flex-col gap-3 rounded-md border border-gray-200 border-l-8 bg-white p-3 sm:flex-row sm:items-center"
      style={{ borderLeftColor: activity.color }}
      aria-busy={deleting || undefined}
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words text-ink">{activity.title}</p>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-gray-700">
          <span className="tabular-nums">{timeRange(activity.start_time, activity.end_time)}</span>
          <Badge tone={CATEGORY_TONES[activity.category]}>
            {ACTIVITY_CATEGORIES[activity.category]}
          </Badge>
          {activity.age_range && <span>{activity.age_range}</span>}
          {activity.images.length > 0 && (
            <span className="inline-flex items-center gap-1">
              <ImageIcon aria-hidden="true" className="size-4" />
              {activity.images.length} image{activity.images.length > 1 ? "s" : ""}
            </span>
          )}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={onEdit}
          aria-label={`Modifier « ${activity.title} » (${when})`}
        >
          <Pencil aria-hidden="true" className="size-4" />
          Modifier
        </Button>
        <Button
          variant="secondary"
          size="sm"
          busy={deleting}
          onClick={remove}
          aria-label={`Supprimer « ${activity.title} » (${when})`}
          className="text-red-800 hover:border-red-700 hover:bg-red-50"
        >
          {!deleting && <Trash2 aria-hidden="true" className="size-4" />}
          Supprimer
        </Button>
      </div>
      {confirmDialog}
      {question}
    </li>
  );
}

function PlanningTitleForm({
  planningTitle,
}: {
  planningTitle: { title: string; seasonTitle: string; updated_at: string | null };
}) {
  const fetcher = useFetcher<typeof action>();
  useActionToast(fetcher.data);
  const [clientError, setClientError] = useState<string | null>(null);
  const serverErrors =
    fetcher.data && "errors" in fetcher.data ? (fetcher.data.errors as Record<string, string>) : {};
  const error = clientError ?? serverErrors.title;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Titre du planning</CardTitle>
        <CardDescription>Le grand titre de la page Planning du site.</CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form
          method="post"
          noValidate
          className="flex flex-col gap-3 sm:flex-row sm:items-start"
          onSubmit={(event) => {
            const parsed = PlanningTitleSchema.safeParse({
              title: new FormData(event.currentTarget).get("title"),
            });
            if (parsed.success) return setClientError(null);
            event.preventDefault();
            const message = fieldErrors(parsed.error).title ?? "";
            setClientError(message);
            showToast({ type: "error", message });
          }}
        >
          <input type="hidden" name="intent" value="planning-title" />
          <input type="hidden" name="updated_at" value={planningTitle.updated_at ?? ""} />
          <Field
            label="Titre du planning"
            description={`Laissé vide, le titre suit la saison (onglet Changements) : « ${planningTitle.seasonTitle} ».`}
            error={error}
            className="flex-1"
          >
            <Input
              name="title"
              defaultValue={planningTitle.title}
              placeholder={planningTitle.seasonTitle}
              maxLength={150}
            />
          </Field>
          <Button type="submit" busy={fetcher.state !== "idle"} className="sm:mt-7">
            Enregistrer le titre
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
