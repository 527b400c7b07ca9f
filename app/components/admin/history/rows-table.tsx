import type { ReactNode } from "react";

/**
 * The history screens' rows (journal, trash): a table from the md breakpoint, a list of cards
 * below it, where a table would scroll sideways. `cells` draws a row's cells, `card` its card.
 */
export function RowsTable<Row extends { id: number | string }>({
  rows,
  caption,
  headers,
  nowrapHeaders = false,
  cells,
  listLabel,
  card,
}: {
  rows: Row[];
  caption: ReactNode;
  headers: ReactNode[];
  nowrapHeaders?: boolean;
  cells: (row: Row) => ReactNode;
  listLabel: string;
  card: (row: Row) => ReactNode;
}) {
  const headerClass = nowrapHeaders
    ? "px-4 py-2 font-semibold whitespace-nowrap"
    : "px-4 py-2 font-semibold";
  return (
    <>
      <div className="hidden overflow-x-auto rounded-lg border border-gray-200 bg-white md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-gray-50 text-gray-700">
            <tr>
              {headers.map((header, index) => (
                <th key={index} scope="col" className={headerClass}>
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200">
            {rows.map((row) => (
              <tr key={row.id}>{cells(row)}</tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={listLabel} className="flex flex-col gap-3 md:hidden">
        {rows.map((row) => (
          <li key={row.id} className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
            {card(row)}
          </li>
        ))}
      </ul>
    </>
  );
}
