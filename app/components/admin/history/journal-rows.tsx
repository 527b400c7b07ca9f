import { formatWeekdayDateTime } from "~/core/date-format";
import { Link } from "react-router";
import { RowsTable } from "~/components/admin/history/rows-table";
import type { JournalRow } from "~/routes/admin/history/journal.server";

/*
 * The Journal's rows: a table on a wide screen (when, who, what, item, address), a card
 * each on a phone. Each is shown to its own width only (the other is display: none).
 */

function Item({ row }: { row: JournalRow }) {
  const label = row.itemLabel || "—";
  return (
    <>
      {row.itemType ? <span className="text-gray-700">{row.itemType} · </span> : null}
      {row.href ? (
        <Link to={row.href} className="font-semibold text-teal-dark underline underline-offset-2">
          {label}
        </Link>
      ) : (
        <span className="font-semibold">{label}</span>
      )}
    </>
  );
}

export function JournalRows({ rows, showWho }: { rows: JournalRow[]; showWho: boolean }) {
  return (
    <RowsTable
      rows={rows}
      caption="Journal des modifications, du plus récent au plus ancien"
      headers={["Quand", ...(showWho ? ["Qui"] : []), "Action", "Élément", "Adresse IP"]}
      cells={(row) => (
        <>
          <td className="px-4 py-2 whitespace-nowrap tabular-nums">
            <time dateTime={row.createdAt}>{formatWeekdayDateTime(row.createdAt)}</time>
          </td>
          {showWho ? (
            <td className="px-4 py-2 font-semibold whitespace-nowrap">{row.username}</td>
          ) : null}
          <td className="px-4 py-2">{row.action}</td>
          <td className="px-4 py-2 break-words">
            <Item row={row} />
          </td>
          <td className="px-4 py-2 font-mono text-xs text-gray-700">{row.ip}</td>
        </>
      )}
      listLabel="Journal des modifications"
      card={(row) => (
        <>
          <p className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <span className="font-semibold">{row.action}</span>
            <time dateTime={row.createdAt} className="text-sm text-gray-700 tabular-nums">
              {formatWeekdayDateTime(row.createdAt)}
            </time>
          </p>
          {row.itemType || row.itemLabel ? (
            <p className="mt-1 text-sm break-words">
              <Item row={row} />
            </p>
          ) : null}
          <p className="mt-2 text-sm text-gray-700">
            {showWho ? (
              <>
                Par <span className="font-semibold text-ink">{row.username}</span> ·{" "}
              </>
            ) : null}
            Adresse IP <span className="font-mono text-xs">{row.ip}</span>
          </p>
        </>
      )}
    />
  );
}
