import { useFetcher } from "react-router";
import { formatWeekdayDateTime } from "~/core/date-format";
import { useActionToast } from "~/components/admin/forms/use-action-toast";
import { Button } from "~/components/ui/button";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { RowsTable } from "~/components/admin/history/rows-table";
import type { TrashScreenRow } from "~/routes/admin/history/trash.server";

/*
 * The Corbeille's rows: a table on a wide screen (kind, item, who, when, days left,
 * actions), a card each on a phone. « Supprimer définitivement » asks first.
 */

function daysLeftLabel(days: number): string {
  if (days <= 0) return "Supprimé aujourd'hui";
  return days === 1 ? "1 jour" : `${days} jours`;
}

function RowActions({ row }: { row: TrashScreenRow }) {
  const fetcher = useFetcher<{ toast?: { type: "success" | "error" | "info"; message: string } }>();
  useActionToast(fetcher.data);
  const [confirm, confirmDialog] = useConfirm();
  const pending = fetcher.state !== "idle" ? fetcher.formData?.get("intent") : null;
  const submit = (intent: "restore" | "purge") =>
    fetcher.submit({ intent, id: String(row.id) }, { method: "post" });

  async function purge() {
    const confirmed = await confirm({
      title: `Supprimer définitivement « ${row.label} » ?`,
      description: "Il ne pourra plus être restauré, et ses fichiers seront effacés.",
      confirmLabel: "Supprimer définitivement",
    });
    if (confirmed) submit("purge");
  }

  return (
    <div className="flex flex-wrap gap-2 lg:flex-nowrap">
      <Button
        size="sm"
        variant="secondary"
        busy={pending === "restore"}
        disabled={pending !== null && pending !== undefined}
        onClick={() => submit("restore")}
        aria-label={`Restaurer « ${row.label} »`}
      >
        Restaurer
      </Button>
      <Button
        size="sm"
        variant="danger"
        busy={pending === "purge"}
        disabled={pending !== null && pending !== undefined}
        onClick={purge}
        className="whitespace-nowrap"
        aria-label={`Supprimer définitivement « ${row.label} »`}
      >
        Supprimer définitivement
      </Button>
      {confirmDialog}
    </div>
  );
}

export function TrashRows({ rows }: { rows: TrashScreenRow[] }) {
  return (
    <RowsTable
      rows={rows}
      caption="Éléments supprimés, du plus récent au plus ancien"
      headers={["Élément", "Supprimé par", "Le", "Reste", <span className="sr-only">Actions</span>]}
      nowrapHeaders
      cells={(row) => (
        <>
          <td className="px-4 py-2 break-words">
            <span className="text-gray-700">{row.kindLabel} · </span>
            <span className="font-semibold">{row.label}</span>
          </td>
          <td className="px-4 py-2 whitespace-nowrap">{row.deletedBy || "—"}</td>
          <td className="px-4 py-2 whitespace-nowrap tabular-nums">
            <time dateTime={row.deletedAt}>{formatWeekdayDateTime(row.deletedAt)}</time>
          </td>
          <td className="px-4 py-2 whitespace-nowrap tabular-nums">
            {daysLeftLabel(row.daysLeft)}
          </td>
          <td className="px-4 py-2">
            <RowActions row={row} />
          </td>
        </>
      )}
      listLabel="Éléments supprimés"
      card={(row) => (
        <>
          <p className="text-sm text-gray-700">{row.kindLabel}</p>
          <p className="font-semibold break-words">{row.label}</p>
          <p className="mt-1 text-sm text-gray-700">
            Par <span className="font-semibold text-ink">{row.deletedBy || "—"}</span>,{" "}
            <time dateTime={row.deletedAt}>{formatWeekdayDateTime(row.deletedAt)}</time> · reste{" "}
            {daysLeftLabel(row.daysLeft)}
          </p>
          <div className="mt-3">
            <RowActions row={row} />
          </div>
        </>
      )}
    />
  );
}
