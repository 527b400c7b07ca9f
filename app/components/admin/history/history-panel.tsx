import { History } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { useActionToast } from "~/components/admin/forms/use-action-toast";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import { formatFrenchDateTime } from "~/core/date-format";
import {
  HISTORY_MESSAGES,
  versionActionLabel,
  type HistoryType,
  type RestorePublish,
} from "~/domains/history/history";
import type { HistoryData } from "~/routes/admin/history/history.server";
import type { Toast } from "~/utils/toast";
import { FieldChanges } from "./field-changes";

/*
 * The Historique panel, the same in every editor: a button that opens the item's versions
 * (newest first: who, when, what), what one changed field by field, and "Restaurer cette
 * version" after a confirmation. Data and restore: /admin/historique.
 */

const HISTORY_URL = "/admin/historique";

type Against = "current" | "previous";
const AGAINST_CHOICES: [Against, string][] = [
  ["current", "l'état actuel"],
  ["previous", "la version précédente"],
];

export function HistoryPanel({
  type,
  id,
  label = "Historique",
  onRestored,
}: {
  type: HistoryType;
  id: string | number;
  label?: string;
  /** After a restore (the panel closes): an editor holding a copy of the item closes too. */
  onRestored?: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button type="button" variant="secondary" size="sm" onClick={() => setOpen(true)}>
        <History aria-hidden="true" className="size-4" />
        {label}
      </Button>
      {open && (
        <DialogContent
          size="xl"
          title="Historique"
          description="Les versions enregistrées, de la plus récente à la plus ancienne."
        >
          <HistoryBody
            type={type}
            id={String(id)}
            onRestored={() => {
              setOpen(false);
              onRestored?.();
            }}
          />
        </DialogContent>
      )}
    </Dialog>
  );
}

function HistoryBody({
  type,
  id,
  onRestored,
}: {
  type: HistoryType;
  id: string;
  onRestored: () => void;
}) {
  const list = useFetcher<HistoryData & { error?: string }>();
  const detail = useFetcher<HistoryData & { error?: string }>();
  const restore = useFetcher<{ toast?: Toast; restored?: boolean }>();
  const [selected, setSelected] = useState<number | null>(null);
  const [against, setAgainst] = useState<Against>("current");
  const [confirming, setConfirming] = useState(false);
  useActionToast(restore.data);

  const query = (extra: Record<string, string> = {}) =>
    `${HISTORY_URL}?${new URLSearchParams({ type, id, ...extra }).toString()}`;

  useEffect(() => {
    list.load(query());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening
  }, [type, id]);

  useEffect(() => {
    if (selected === null) return;
    detail.load(
      query({
        version: String(selected),
        ...(against === "previous" ? { contre: "precedente" } : {}),
      }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when the choice changes
  }, [selected, against]);

  useEffect(() => {
    if (restore.state === "idle" && restore.data?.restored) onRestored();
  }, [restore.state, restore.data, onRestored]);

  const versions = list.data?.versions ?? [];
  const published = list.data?.published ?? false;
  const shown = detail.data?.selected?.id === selected ? detail.data.selected : null;
  const busy = restore.state !== "idle";

  function submitRestore(publish: RestorePublish) {
    if (selected === null) return;
    restore.submit(
      { intent: "restore", type, id, version: String(selected), publish },
      { method: "post", action: HISTORY_URL },
    );
  }

  if (list.data?.error) return <p className="text-sm text-red-700">{list.data.error}</p>;
  if (!list.data) return <p className="text-sm text-gray-600">Chargement…</p>;
  if (versions.length === 0) {
    return (
      <p className="text-sm text-gray-600">
        Aucune version enregistrée pour l&apos;instant : la prochaine sauvegarde en créera une.
      </p>
    );
  }

  return (
    <div className="grid gap-4 md:grid-cols-[minmax(0,16rem)_minmax(0,1fr)]">
      <ol
        aria-label="Versions"
        className="flex max-h-72 flex-col gap-1 overflow-y-auto md:max-h-[60vh]"
      >
        {versions.map((version, index) => (
          <li key={version.id}>
            <button
              type="button"
              aria-pressed={selected === version.id}
              onClick={() => {
                setSelected(version.id);
                setConfirming(false);
              }}
              className={`w-full rounded-md border px-3 py-2 text-left text-sm ${
                selected === version.id
                  ? "border-teal-dark bg-teal-50"
                  : "border-gray-200 hover:bg-gray-50"
              }`}
            >
              <span className="block font-semibold text-ink">
                {versionActionLabel(version.action)}
                {index === 0 && (
                  <span className="ml-2 text-xs text-gray-600">(version actuelle)</span>
                )}
              </span>
              <span className="block text-gray-700">{formatFrenchDateTime(version.createdAt)}</span>
              <span className="block text-gray-600">par {version.actorName || "inconnu"}</span>
            </button>
          </li>
        ))}
      </ol>

      <section aria-live="polite" className="min-w-0">
        {selected === null ? (
          <p className="text-sm text-gray-600">
            Choisissez une version pour voir ce qui a changé et la restaurer.
          </p>
        ) : (
          <>
            <fieldset className="mb-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
              <legend className="mb-1 font-semibold text-ink">Comparer avec</legend>
              {AGAINST_CHOICES.map(([value, label]) => (
                <label key={value} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="contre"
                    checked={against === value}
                    onChange={() => setAgainst(value)}
                  />
                  {label}
                </label>
              ))}
            </fieldset>
            {shown ? (
              <FieldChanges changes={shown.changes} against={shown.against} />
            ) : (
              <p className="text-sm text-gray-600">Chargement…</p>
            )}
            <div className="mt-4 border-t border-gray-200 pt-4">
              {shown && shown.against === "current" && shown.changes.length === 0 ? (
                <p className="text-sm text-gray-600">{HISTORY_MESSAGES.identical}.</p>
              ) : !confirming ? (
                <Button type="button" onClick={() => setConfirming(true)} disabled={busy}>
                  Restaurer cette version
                </Button>
              ) : (
                <div role="group" aria-label="Confirmer la restauration" className="space-y-3">
                  <p className="text-sm text-ink">
                    {published
                      ? "Restaurer cette version ? Cet élément est publié : publier le texte restauré maintenant, ou le garder en brouillon (il ne sera plus visible sur le site) ?"
                      : "Restaurer cette version ? Son contenu remplacera l'actuel ; l'actuel reste dans l'historique."}
                  </p>
                  <div className="flex flex-wrap gap-2">
                    <Button type="button" variant="secondary" onClick={() => setConfirming(false)}>
                      Annuler
                    </Button>
                    {published ? (
                      <>
                        <Button type="button" busy={busy} onClick={() => submitRestore("now")}>
                          Restaurer et publier
                        </Button>
                        <Button
                          type="button"
                          variant="secondary"
                          busy={busy}
                          onClick={() => submitRestore("draft")}
                        >
                          Restaurer en brouillon
                        </Button>
                      </>
                    ) : (
                      <Button type="button" busy={busy} onClick={() => submitRestore("now")}>
                        Restaurer
                      </Button>
                    )}
                  </div>
                </div>
              )}
            </div>
          </>
        )}
      </section>
    </div>
  );
}
