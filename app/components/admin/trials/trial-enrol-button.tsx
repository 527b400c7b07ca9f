import { useFetcher } from "react-router";
import { useActionToast } from "~/components/admin/forms/use-action-toast";
import { Button } from "~/components/ui/button";

/*
 * « Inscrire » on a trial booking: opens a membership draft prefilled from the
 * booking and mails the family its link (the family's alone: it opens the file without a
 * password, so the volunteer never sees it). Shown to who holds `registrations`.
 */

type EnrolResult = {
  toast?: { type: "success" | "error"; message: string };
  enrolled?: { bookingId: number };
};

export function TrialEnrolButton({ bookingId, name }: { bookingId: number; name: string }) {
  const fetcher = useFetcher<EnrolResult>();
  useActionToast(fetcher.data);
  const enrolled = fetcher.data?.enrolled?.bookingId === bookingId;
  return (
    <div className="flex flex-col gap-2">
      <Button
        type="button"
        size="sm"
        variant="secondary"
        busy={fetcher.state !== "idle"}
        onClick={() =>
          fetcher.submit({ intent: "enrol", id: String(bookingId) }, { method: "post" })
        }
      >
        Inscrire<span className="sr-only"> {name} (adhésion)</span>
      </Button>
      {enrolled ? (
        <p role="status" className="max-w-xs text-sm">
          Dossier ouvert : son lien est envoyé à la famille par e-mail.
        </p>
      ) : null}
    </div>
  );
}
