import { useEffect, useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { useFocusFirstInvalid } from "~/components/admin/forms/form-field";
import { Button } from "~/components/ui/button";
import { ColorField } from "~/components/ui/color-field";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "~/components/ui/dialog";
import { HistoryPanel } from "~/components/admin/history/history-panel";
import { Field } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { ACTIVITY_CATEGORIES, DEFAULT_ACTIVITY_COLOR } from "~/domains/content/defaults";
import { FRENCH_WEEKDAYS } from "~/core/club-time";
import type { ScheduleChange } from "~/domains/schedule/dated-sessions";
import { ActivitySchema, activityFormValues } from "~/domains/schedule/schedule-schemas";
import type { action } from "~/routes/admin/schedule/schedule.server";
import { fieldErrors } from "~/core/form";
import type { Toast } from "~/utils/toast";
import type { Activity } from "~/domains/schedule/schedule.server";
import { ScheduleImages } from "./schedule-images";
import { ScheduleTrialFields } from "./schedule-trial-fields";
import { DatedChangesChoice } from "./schedule-dated-changes";
import { DATED_CHANGES_FIELD } from "~/domains/schedule/schedule-change-schema";
import { showToast, useActionToast } from "~/components/admin/forms/use-action-toast";
import { useDialogGuard } from "~/components/admin/forms/unsaved-changes";
import { useFamiliesQuestion } from "~/components/admin/schedule/families-question";

const CATEGORY_OPTIONS = Object.entries(ACTIVITY_CATEGORIES).map(([value, label]) => ({
  value,
  label,
}));
const TIME_HINT = "Par exemple 18h30, 18:30 ou 19H00";

/** The create / edit dialog of an activity. */
export function ActivityDialog({
  activity,
  datedChanges,
  onClose,
  onSaved,
}: {
  activity: Activity | null;
  /** The activity's coming cancelled or moved sessions (Changements). */
  datedChanges: ScheduleChange[];
  onClose: () => void;
  /** Called once saved, with the toast to show after closing. */
  onSaved: (toast: Toast) => void;
}) {
  const fetcher = useFetcher<typeof action>();
  const question = useFamiliesQuestion(fetcher, "Cette modification");
  const result = fetcher.data;
  // A success is announced by the list once this dialog is closed: while a modal dialog is
  // open, everything outside it (the toasts too) is hidden from screen readers.
  useActionToast(result?.toast?.type === "error" ? result : undefined);
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const [color, setColor] = useState(activity?.color ?? DEFAULT_ACTIVITY_COLOR);
  const [images, setImages] = useState<string[]>(activity?.images ?? []);
  const [day, setDay] = useState(activity?.day ?? "");
  // Anything typed, picked or uploaded: closing without saving asks first.
  const [touched, setTouched] = useState(false);
  const serverErrors =
    result && "errors" in result ? (result.errors as Record<string, string>) : undefined;
  const errors = clientErrors ?? serverErrors ?? {};
  useFocusFirstInvalid(formRef, clientErrors ?? serverErrors);

  // Refusals without a field to point at (stale edit, deleted activity, failure).
  const formError =
    result?.toast?.type === "error" && Object.keys(serverErrors ?? {}).length === 0
      ? result.toast.message
      : null;

  const saved = fetcher.state === "idle" && result && "activity" in result ? result : null;
  const guard = useDialogGuard({
    dirty: touched && !saved,
    busy: fetcher.state !== "idle",
    onClose,
  });
  useEffect(() => {
    if (saved) if (saved.toast) onSaved(saved.toast);
  }, [saved, onSaved]);

  function validate(event: FormEvent<HTMLFormElement>) {
    const parsed = ActivitySchema.safeParse(activityFormValues(new FormData(event.currentTarget)));
    if (parsed.success) return setClientErrors(null);
    event.preventDefault();
    const found = fieldErrors(parsed.error);
    setClientErrors(found);
    showToast({ type: "error", message: Object.values(found)[0]! });
  }

  const editing = activity !== null;
  return (
    <>
      <Dialog open onOpenChange={guard.onOpenChange}>
        <DialogContent
          size="lg"
          title={editing ? "Modifier l'activité" : "Nouvelle activité"}
          description="Les champs marqués d'un astérisque sont obligatoires."
        >
          <fetcher.Form
            ref={formRef}
            method="post"
            noValidate
            onSubmit={validate}
            onInput={() => setTouched(true)}
            className="flex flex-col gap-4"
          >
            {formError && (
              <p
                role="alert"
                className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
              >
                {formError}
              </p>
            )}
            <input type="hidden" name="intent" value={editing ? "update" : "create"} />
            {editing && <input type="hidden" name="id" value={activity.id} />}
            {editing && <input type="hidden" name="updated_at" value={activity.updated_at} />}

            <Field label="Titre" required error={errors.title}>
              <Input name="title" defaultValue={activity?.title} maxLength={120} />
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Catégorie" error={errors.category}>
                <Select
                  name="category"
                  defaultValue={activity?.category ?? "adult"}
                  options={CATEGORY_OPTIONS}
                />
              </Field>
              <Field label="Jour" required error={errors.day}>
                <Select
                  name="day"
                  value={day}
                  onChange={(event) => setDay(event.currentTarget.value)}
                >
                  <option value="">Choisir un jour</option>
                  {FRENCH_WEEKDAYS.map((day) => (
                    <option key={day} value={day}>
                      {day}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field
                label="Heure de début"
                required
                error={errors.start_time}
                description={TIME_HINT}
              >
                <Input
                  name="start_time"
                  defaultValue={activity?.start_time}
                  placeholder="18h30"
                  autoComplete="off"
                />
              </Field>
              <Field label="Heure de fin" required error={errors.end_time} description={TIME_HINT}>
                <Input
                  name="end_time"
                  defaultValue={activity?.end_time}
                  placeholder="20h00"
                  autoComplete="off"
                />
              </Field>
            </div>
            {activity && day && day !== activity.day && datedChanges.length > 0 && (
              <DatedChangesChoice
                changes={datedChanges}
                day={day}
                error={errors[DATED_CHANGES_FIELD]}
              />
            )}
            <ColorField
              label="Couleur"
              name="color"
              value={color}
              onChange={(value) => {
                setColor(value);
                setTouched(true);
              }}
              fallback={DEFAULT_ACTIVITY_COLOR}
              error={errors.color}
              description="La couleur du bloc sur le planning."
            />
            <Field label="Description courte" error={errors.description}>
              <Input name="description" defaultValue={activity?.description} maxLength={300} />
            </Field>
            <Field label="Tranche d'âge" error={errors.age_range}>
              <Input
                name="age_range"
                defaultValue={activity?.age_range}
                placeholder="12-17 ans"
                maxLength={60}
              />
            </Field>
            <ScheduleTrialFields activity={activity} errors={errors} />
            <Field
              label="Description détaillée"
              error={errors.long_description}
              description="Chaque ligne devient un paragraphe sur la page de l'activité."
            >
              <Textarea
                name="long_description"
                defaultValue={activity?.long_description}
                rows={6}
                maxLength={5000}
              />
            </Field>
            <ScheduleImages
              images={images}
              onChange={(value) => {
                setImages(value);
                setTouched(true);
              }}
              error={errors.images}
            />

            {/* NOTE: the scroll area's bottom padding would leave a strip under a footer
              stuck at bottom-0, where the form shows through. */}
            <DialogFooter className="-bottom-4!">
              {editing && (
                <div className="sm:mr-auto">
                  <HistoryPanel type="activity" id={activity.id} onRestored={onClose} />
                </div>
              )}
              <DialogClose asChild>
                <Button variant="secondary">Annuler</Button>
              </DialogClose>
              <Button type="submit" busy={fetcher.state !== "idle"}>
                {editing ? "Enregistrer les modifications" : "Créer l'activité"}
              </Button>
            </DialogFooter>
          </fetcher.Form>
        </DialogContent>
      </Dialog>
      {guard.dialogs}
      {question}
    </>
  );
}
