import { useFetcher } from "react-router";
import { useActionToast } from "~/components/admin/forms/use-action-toast";
import { Button } from "~/components/ui/button";

/*
 * « Inscrire » on a trial booking (issue 34): opens a membership draft prefilled from the
 * booking and mails the family its link; the volunteer sees the link too (to give it on
 * the spot). Shown to who holds `registrations`.
 */

type EnrolResult = {
  toast?: { type: "success" | "error"; message: string };
  enrolled?: { bookingId: number; link: string };
};

export function TrialEnrolButton({ bookingId, name }: { bookingId: number; name: string }) {
  const fetcher = useFetcher<EnrolResult>();
  useActionToast(fetcher.data);
  const link = fetcher.data?.enrolled?.bookingId === bookingId ? fetcher.data.enrolled.link : null;
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
      {link ? (
        <p className="max-w-xs text-sm">
          Lien du dossier, envoyé à la famille :{" "}
          <a href={link} className="break-all text-teal-dark underline">
            {link}
          </a>
        </p>
      ) : null}
    </div>
  );
}
