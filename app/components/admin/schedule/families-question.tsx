import { useEffect, useRef, useState } from "react";
import type { FetcherWithComponents } from "react-router";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import {
  familiesAsked,
  familiesSentence,
  NOTIFIED_FIELD,
} from "~/domains/schedule/families-question";

/**
 * Asks "2 familles seront prévenues" when a timetable save answers that it would mail booked
 * families (app/domains/schedule/families-question.ts), then sends the same form again with their
 * number. `Revenir` leaves the screen as it was, unsaved. Render the returned element.
 * Rows sharing one fetcher pass their `id`: only the row whose answer it is asks.
 */
export function useFamiliesQuestion(
  fetcher: FetcherWithComponents<unknown>,
  what: string,
  id?: number,
) {
  // The form a submission sent: fetcher.formData is gone once its answer has come.
  const sent = useRef<FormData | null>(null);
  useEffect(() => {
    if (fetcher.formData) sent.current = fetcher.formData;
  }, [fetcher.formData]);
  const [dismissed, setDismissed] = useState<unknown>(null);
  const answer = fetcher.data as { id?: unknown } | undefined;
  const mine = id === undefined || answer?.id === id;
  const count = fetcher.state === "idle" && mine ? familiesAsked(fetcher.data) : null;
  const open = count !== null && dismissed !== fetcher.data;

  function confirm() {
    if (!sent.current || count === null) return;
    const again = new FormData();
    for (const [name, value] of sent.current) again.append(name, value);
    again.set(NOTIFIED_FIELD, String(count));
    setDismissed(fetcher.data);
    void fetcher.submit(again, { method: "post" });
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setDismissed(fetcher.data);
      }}
      onConfirm={confirm}
      title={count === null ? "" : `${familiesSentence(count)}`}
      description={`${what} touche des séances où des personnes sont inscrites à un essai : chacune recevra un e-mail avec le nouvel horaire, ou l'annulation.`}
      confirmLabel="Enregistrer et prévenir"
      cancelLabel="Revenir"
      variant="primary"
    />
  );
}
