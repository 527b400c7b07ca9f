import { CalendarX2, Pencil, Trash2 } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { useFetcher, useSearchParams } from "react-router";
import { useActionToast } from "~/components/admin/forms/use-action-toast";
import { useFamiliesQuestion } from "~/components/admin/schedule/families-question";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { useConfirmAction } from "~/components/ui/confirm-dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { frenchDay } from "~/core/date-format";
import { isIsoDate } from "~/core/club-time";
import { type ScheduleChange, type Season } from "~/domains/schedule/dated-sessions";
import { CHANGE_KINDS, type ChangeKind } from "~/domains/schedule/schedule-change-schema";
import type { Activity } from "~/domains/schedule/schedule.server";
import type { Toast } from "~/utils/toast";
import { activityLabel, ChangeSessionFields } from "./schedule-change-session";

/*
 * "Changements": the season, and what changes on a given day (a cancelled session, a
 * moved one, a closure). Every change shows at once on /planning's dated weeks, on the
 * activity's page, in the home page's banner and in /planning.ics.
 */

type StoredChange = ScheduleChange & { updated_at: string };

/** The address of a new change about one session: ?activite=3&date=2026-12-01&type=move */
const SESSION_PARAMS = ["activite", "date", "type"];

function newChangeOf(params: URLSearchParams): NewChange {
  const id = Number(params.get("activite"));
  const date = params.get("date") ?? "";
  return {
    kind: params.get("type") === "move" ? "move" : "cancel",
    activityId: Number.isInteger(id) && id > 0 ? id : null,
    date: isIsoDate(date) ? date : "",
  };
}
type Result =
  { toast?: Toast; intent?: string; errors?: Record<string, string>; id?: number } | undefined;

/** What a change does, in a sentence for the list. */
function describe(change: ScheduleChange, activities: Activity[]): string {
  if (change.kind === "closure") {
    return `Fermeture du ${frenchDay(change.from)} au ${frenchDay(change.to)} : ${change.label}`;
  }
  const activity = activities.find((one) => one.id === change.activityId);
  const name = activity ? activityLabel(activity) : "Activité supprimée";
  if (change.kind === "cancel") {
    return `Annulé : ${name}, ${frenchDay(change.date)}${change.reason ? ` (${change.reason})` : ""}`;
  }
  return `Déplacé : ${name}, ${frenchDay(change.date)} → ${frenchDay(change.newDate)} ${change.newStart}–${change.newEnd}${change.reason ? ` (${change.reason})` : ""}`;
}

function SeasonCard({
  season,
}: {
  season: { start: string; end: string; custom: boolean; updated_at: string | null };
}) {
  const fetcher = useFetcher<Result>();
  useActionToast(fetcher.data);
  const errors = fetcher.data?.intent === "season" ? (fetcher.data.errors ?? {}) : {};
  const updatedAt =
    (fetcher.data as { updated_at?: string } | undefined)?.updated_at ?? season.updated_at ?? "";
  return (
    <Card>
      <CardHeader>
        <CardTitle>Saison</CardTitle>
        <CardDescription>
          La semaine type se répète du premier au dernier jour de la saison
          {season.custom ? "." : " (par défaut : du 1er septembre au 30 juin)."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" className="flex flex-wrap items-end gap-4">
          <input type="hidden" name="intent" value="season" />
          <input type="hidden" name="updated_at" value={updatedAt} />
          <Field label="Premier jour" error={errors.start} className="min-w-44">
            <Input type="date" name="start" defaultValue={season.start} required />
          </Field>
          <Field label="Dernier jour" error={errors.end} className="min-w-44">
            <Input type="date" name="end" defaultValue={season.end} required />
          </Field>
          <Button type="submit" busy={fetcher.state !== "idle"}>
            Enregistrer la saison
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}

/** What a new change starts from: the dashboard's "Annuler ou déplacer une séance" links. */
interface NewChange {
  kind: ChangeKind;
  activityId: number | null;
  date: string;
}

function ChangeForm({
  activities,
  editing,
  initial,
  season,
  today,
  families,
  onDone,
}: {
  activities: Activity[];
  editing: StoredChange | null;
  initial: NewChange;
  season: Season;
  today: string;
  families: Record<string, number>;
  onDone: () => void;
}) {
  const fetcher = useFetcher<Result>();
  useActionToast(fetcher.data);
  const question = useFamiliesQuestion(fetcher, "Ce changement");
  const [kind, setKind] = useState<ChangeKind>(editing?.kind ?? initial.kind);
  const result = fetcher.data;
  const errors = result?.errors ?? {};
  // A new, empty form as soon as the save's answer arrives, when its toast shows: not once
  // the page's data is reloaded too, which would wipe what was typed meanwhile.
  const succeeded = fetcher.state !== "submitting" && result?.id !== undefined && !result.errors;
  useEffect(() => {
    if (succeeded) onDone();
  }, [succeeded, onDone]);

  const session = editing && editing.kind !== "closure" ? editing : null;
  const move = editing?.kind === "move" ? editing : null;
  const closure = editing?.kind === "closure" ? editing : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{editing ? "Modifier le changement" : "Nouveau changement"}</CardTitle>
        <CardDescription>
          Le motif s'affiche aux visiteurs sur le planning et sur la page de l'activité.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" className="flex flex-col gap-4">
          <input type="hidden" name="intent" value={editing ? "change-update" : "change-create"} />
          {editing && <input type="hidden" name="id" value={editing.id} />}
          {editing && <input type="hidden" name="updated_at" value={editing.updated_at} />}
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-semibold text-ink">Type de changement</legend>
            <div className="flex flex-wrap gap-2">
              {(Object.keys(CHANGE_KINDS) as ChangeKind[]).map((value) => (
                <label
                  key={value}
                  className="flex min-h-10 items-center gap-2 rounded-md border border-gray-200 px-3 text-sm text-ink has-[:checked]:border-teal-dark has-[:checked]:bg-teal-light"
                >
                  <input
                    type="radio"
                    name="kind"
                    value={value}
                    checked={kind === value}
                    onChange={() => setKind(value)}
                    className="size-4 accent-teal-dark"
                  />
                  {CHANGE_KINDS[value]}
                </label>
              ))}
            </div>
          </fieldset>
          {kind === "closure" ? (
            <div className="grid gap-4 sm:grid-cols-3">
              <Field label="Premier jour fermé" error={errors.from}>
                <Input type="date" name="from" defaultValue={closure?.from} required />
              </Field>
              <Field label="Dernier jour fermé" error={errors.to}>
                <Input type="date" name="to" defaultValue={closure?.to} required />
              </Field>
              <Field label="Motif" error={errors.label} description="Ex. : Vacances de Noël">
                <Input name="label" maxLength={120} defaultValue={closure?.label} required />
              </Field>
            </div>
          ) : (
            <>
              <ChangeSessionFields
                activities={activities}
                season={season}
                today={today}
                families={families}
                initial={{
                  activityId: session?.activityId ?? initial.activityId,
                  date: session?.date ?? initial.date,
                }}
                move={kind === "move" ? (move ?? {}) : null}
                errors={errors}
              />
              <Field
                label="Motif (facultatif)"
                error={errors.reason}
                description="Ex. : Coach absent, gymnase réservé"
              >
                <Input name="reason" maxLength={300} defaultValue={session?.reason} />
              </Field>
            </>
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" busy={fetcher.state !== "idle"}>
              {editing ? "Enregistrer les modifications" : "Enregistrer le changement"}
            </Button>
            {editing && (
              <Button type="button" variant="secondary" onClick={onDone}>
                Annuler
              </Button>
            )}
          </div>
        </fetcher.Form>
        {question}
      </CardContent>
    </Card>
  );
}

export function ScheduleChanges({
  activities,
  changes,
  season,
  today,
  families,
}: {
  activities: Activity[];
  changes: StoredChange[];
  season: { start: string; end: string; custom: boolean; updated_at: string | null };
  today: string;
  /** The families booked on each coming session, by "activityId|date". */
  families: Record<string, number>;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const initial = newChangeOf(searchParams);
  const [editingId, setEditingId] = useState<number | null>(null);
  /** A new, empty form after each save or cancelled edit. */
  const [round, setRound] = useState(0);
  const closeForm = useCallback(() => {
    setEditingId(null);
    setRound((value) => value + 1);
    // The session the dashboard chose is done with: the next form starts empty.
    setSearchParams(
      (params) => {
        for (const name of SESSION_PARAMS) params.delete(name);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [setSearchParams]);
  const editing = changes.find((change) => change.id === editingId) ?? null;
  const remover = useFetcher<Result>();
  useActionToast(remover.data);
  const removeQuestion = useFamiliesQuestion(remover, "Cette suppression");
  const confirm = useConfirmAction();

  async function remove(change: StoredChange) {
    const yes = await confirm({
      title: "Supprimer ce changement ?",
      description: `${describe(change, activities)}. Les séances concernées auront lieu comme prévu.`,
      confirmLabel: "Supprimer",
      cancelLabel: "Annuler",
    });
    if (!yes) return;
    if (editingId === change.id) closeForm();
    void remover.submit({ intent: "change-delete", id: String(change.id) }, { method: "post" });
  }

  return (
    <div className="flex flex-col gap-6">
      <ChangeForm
        key={`${editing?.id ?? "nouveau"}-${round}`}
        activities={activities}
        editing={editing}
        initial={initial}
        season={season}
        today={today}
        families={families}
        onDone={closeForm}
      />
      <Card>
        <CardHeader>
          <CardTitle>Changements à venir</CardTitle>
        </CardHeader>
        <CardContent>
          {changes.length === 0 ? (
            <p className="flex items-center gap-2 text-gray-700">
              <CalendarX2 aria-hidden="true" className="size-5 text-gray-500" />
              Aucun changement à venir : la semaine type s'applique.
            </p>
          ) : (
            <ul className="flex flex-col divide-y divide-gray-200">
              {changes.map((change) => (
                <li
                  key={change.id}
                  className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-3"
                >
                  <p className="min-w-0 flex-1 text-sm text-ink">{describe(change, activities)}</p>
                  <div className="flex gap-2">
                    <Button size="sm" variant="secondary" onClick={() => setEditingId(change.id)}>
                      <Pencil aria-hidden="true" className="size-4" />
                      Modifier
                    </Button>
                    <Button size="sm" variant="danger" onClick={() => void remove(change)}>
                      <Trash2 aria-hidden="true" className="size-4" />
                      Supprimer
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <SeasonCard season={season} />
      {removeQuestion}
    </div>
  );
}
