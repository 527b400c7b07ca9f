import { Check, ListPlus } from "lucide-react";
import { Link, useFetcher } from "react-router";
import { useActionToast } from "~/components/admin/forms/use-action-toast";
import { Button } from "~/components/ui/button";
import type { Toast } from "~/utils/toast";

/*
 * The page editor's link with the site's menu: "Ajouter au menu" adds an entry leading to
 * the page as saved; once there, "Dans le menu" and the way to the Menu screen.
 */

const HINT_ID = "menu-page-aide";

export function PageMenuEntry({
  page,
  inMenu,
  dirty,
}: {
  page: { id: number; is_published: boolean };
  inMenu: boolean;
  dirty: boolean;
}) {
  const fetcher = useFetcher<{ toast?: Toast }>();
  useActionToast(fetcher.data);
  const busy = fetcher.state !== "idle";

  if (inMenu) {
    return (
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-gray-200 px-4 py-3 text-sm">
        <span className="inline-flex items-center gap-2 font-semibold text-teal-dark">
          <Check aria-hidden="true" className="size-4" />
          Dans le menu
        </span>
        <Link to="/admin/menu" className="font-semibold text-teal-dark underline">
          Voir le menu
        </Link>
      </p>
    );
  }
  // The entry takes the saved title and address: a draft would lead visitors nowhere.
  const hint = !page.is_published
    ? "Publiez et sauvegardez la page pour pouvoir l'ajouter au menu du site."
    : dirty
      ? "Sauvegardez vos modifications avant d'ajouter la page au menu du site."
      : null;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-gray-200 px-4 py-3">
      <Button
        variant="secondary"
        size="sm"
        busy={busy}
        disabled={hint !== null}
        aria-describedby={hint ? HINT_ID : undefined}
        onClick={() =>
          fetcher.submit({ intent: "add-to-menu", id: String(page.id) }, { method: "post" })
        }
      >
        {!busy && <ListPlus aria-hidden="true" className="size-4" />}
        Ajouter au menu
      </Button>
      {hint && (
        <p id={HINT_ID} className="text-sm text-gray-700">
          {hint}
        </p>
      )}
    </div>
  );
}
