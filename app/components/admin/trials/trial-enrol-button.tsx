import { useFetcher } from "react-router";
import { useActionToast } from "~/components/admin/forms/use-action-toast";
import { Button } from "~/components/ui/button";
import { useConfirmAction } from "~/components/ui/confirm-dialog";

/*
 * « Inscrire » on a trial booking: after a confirmation that names the address, opens a
 * membership draft prefilled from the booking and mails the family its link (the family's
 * alone: it opens the file without a password, so the volunteer never sees it). Someone
 * already registered this season gets nothing (the server says so). Shown to who holds
 * `registrations`.
 */

type EnrolResult = {
  toast?: { type: "success" | "error"; message: string };
  enrolled?: { bookingId: number };
};

export function TrialEnrolButton({
  bookingId,
  name,
  email,
}: {
  bookingId: number;
  name: string;
  email: string;
}) {
  const fetcher = useFetcher<EnrolResult>();
  const confirm = useConfirmAction();
  useActionToast(fetcher.data);
  const enrolled = fetcher.data?.enrolled?.bookingId === bookingId;
  return (
    <div className="flex flex-col gap-2">
      <Button
        type="button"
        size="sm"
        variant="secondary"
        busy={fetcher.state !== "idle"}
        onClick={async () => {
          const confirmed = await confirm({
            title: `Inscrire ${name} ?`,
            description: `Un dossier d'adhésion prérempli est ouvert et son lien part par e-mail à ${email}. Rien n'est envoyé si ${name} est déjà inscrit(e) cette saison.`,
            confirmLabel: "Ouvrir le dossier et envoyer le lien",
            variant: "primary",
          });
          if (confirmed) {
            await fetcher.submit({ intent: "enrol", id: String(bookingId) }, { method: "post" });
          }
        }}
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
