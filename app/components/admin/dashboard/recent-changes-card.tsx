import { History } from "lucide-react";
import { Link } from "react-router";
import { formatWeekdayDateTime } from "~/core/date-format";
import type { JournalRow } from "~/routes/admin/history/journal.server";

/*
 * The dashboard's « Dernières modifications »: the last changes of the journal (no
 * sign-ins), everyone's for the admin, the volunteer's own otherwise.
 */
export function RecentChangesCard({ rows, showWho }: { rows: JournalRow[]; showWho: boolean }) {
  return (
    <section
      aria-labelledby="dernieres-modifications"
      className="mt-8 rounded-lg border border-gray-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="dernieres-modifications" className="flex items-center gap-2 text-lg text-ink">
          <History aria-hidden="true" className="size-5 text-gold-dark" />
          Dernières modifications
        </h2>
        <Link
          to="/admin/journal"
          className="text-sm font-semibold text-teal-dark underline underline-offset-4"
        >
          Voir le journal
        </Link>
      </div>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-gray-700">
          {showWho
            ? "Aucune modification enregistrée pour le moment."
            : "Vous n'avez encore rien modifié."}
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-gray-100">
          {rows.map((row) => (
            <li key={row.id} className="flex flex-col gap-0.5 py-2.5 text-sm">
              <span className="break-words">
                <span className="font-semibold">{row.action}</span> · {row.itemType}
                {row.itemLabel ? (
                  <>
                    {" "}
                    ·{" "}
                    {row.href ? (
                      <Link to={row.href} className="text-teal-dark underline underline-offset-2">
                        {row.itemLabel}
                      </Link>
                    ) : (
                      row.itemLabel
                    )}
                  </>
                ) : null}
              </span>
              <span className="text-gray-700">
                {showWho ? `${row.username}, ` : ""}
                <time dateTime={row.createdAt}>{formatWeekdayDateTime(row.createdAt)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
